/* profile_c <routes.txt> <requests.txt> <passes> [params]: adds a router-bench route set through
 * the C API and resolves every request `passes` times (with `params`, also reading every path
 * parameter with sy_match_params), for instruction counts under callgrind (docs/PERFORMANCE.md,
 * Reproduce). No timing: bench_c.c measures time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "switchyard.h"
enum { MAX_LINES = 4000, MAX_LEN = 256 };

/* The paths of a router-bench file ("GET /path" or "/path" per line); -1 if unreadable or
 * if a line does not fit. */
static int readlines(const char *path, char lines[][MAX_LEN], int max) {
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char buf[1024];
    int n = 0;
    while (n < max && fgets(buf, sizeof buf, f)) {
        char *s = buf;
        if (!strncmp(s, "GET ", 4)) s += 4;
        size_t len = strcspn(s, "\r\n");
        if (len == 0) continue;
        if (len >= MAX_LEN) { fclose(f); return -1; }
        memcpy(lines[n], s, len);
        lines[n++][len] = 0;
    }
    fclose(f);
    return n;
}

static char routes[MAX_LINES][MAX_LEN], reqs[MAX_LINES][MAX_LEN];
int main(int argc, char **argv) {
    if (argc != 4 && !(argc == 5 && !strcmp(argv[4], "params"))) {
        fprintf(stderr, "usage: %s <routes.txt> <requests.txt> <passes> [params]\n", argv[0]);
        return 2;
    }
    int read_params = argc == 5;
    int nr = readlines(argv[1], routes, MAX_LINES), nq = readlines(argv[2], reqs, MAX_LINES), passes = atoi(argv[3]);
    if (nr < 0 || nq < 0) { fprintf(stderr, "cannot read %s (or a line over %d bytes)\n", nr < 0 ? argv[1] : argv[2], MAX_LEN - 1); return 1; }
    sy_router *r = NULL; sy_match *m = NULL; sy_error e;
    if (sy_router_new(&r, NULL, &e) || sy_match_new(&m, &e)) { fprintf(stderr, "%s\n", e.message); return 1; }
    for (int i = 0; i < nr; i++) if (sy_router_add(r, routes[i], strlen(routes[i]), "t", 1, &e)) { fprintf(stderr, "add %s: %s\n", routes[i], e.message); sy_match_free(m); sy_router_free(r); return 1; }
    static size_t lens[MAX_LINES]; for (int i = 0; i < nq; i++) lens[i] = strlen(reqs[i]);
    long hits = 0;
    size_t sum = 0;
    sy_param params[16];
    for (int p = 0; p < passes; p++)
        for (int i = 0; i < nq; i++)
            if (sy_router_resolve(m, r, reqs[i], lens[i], NULL) == SY_OK) {
                hits += sy_match_found(m);
                size_t n = 0;
                if (read_params && sy_match_params(params, 16, &n, m, SY_PARAMS_PATH, NULL) == SY_OK)
                    for (size_t k = 0; k < n; k++) sum += params[k].text.len;
            }
    if (sum == 1) printf("(%zu)\n", sum);
    printf("%ld\n", hits);
    sy_match_free(m); sy_router_free(r); return 0;
}
