/* The route sets of Tests/Data/router-bench for the C benchmark: `METHOD PATH` lines,
 * `#` comments, method ignored; request i is meant to hit route i. */
#ifndef BENCH_ROUTE_SET_H
#define BENCH_ROUTE_SET_H
#include <stddef.h>

typedef struct {
    const char *name;
    char **routes;
    size_t *route_lens;
    char **requests;
    size_t *request_lens;
    size_t count;
} route_set;

/* Loads <dir>/routes.txt and <dir>/requests.txt. Returns 0, or -1 after printing why
 * (missing file, counts that differ). The strings live until route_set_free(). */
int route_set_load(route_set *set, const char *name, const char *dir);
void route_set_free(route_set *set);

#endif
