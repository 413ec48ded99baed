/* Random route sets for the table-build rows (build_suite.c) and the load profile
 * (Profile/profile_build.c): `count` routes of 3 to 6 segments, one in four a parameter
 * (`:p<i>`), words from a 2,000-word vocabulary so that routes share prefixes, no two of the
 * same shape, each with the request that hits it. The same seed gives the same set. */
#ifndef BENCH_RANDOM_ROUTES_H
#define BENCH_RANDOM_ROUTES_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    char **routes, **requests;
    size_t count;
} random_route_set;

/* Fills `set`; 0, or -1 when out of memory. Free it with random_routes_free. */
int random_routes_generate(random_route_set *set, size_t count, uint64_t seed);
void random_routes_free(random_route_set *set);

/* The set as a rule document, route i with target "i" (malloc'd; NULL when out of memory). */
char *random_routes_document(const random_route_set *set, size_t *len);

#endif
