/* profile_build <mode> <routes>: builds one table from the random route set of the C
 * benchmark's build rows (Benchmarks/C/random_routes.h, the same seed as those rows), for
 * instruction counts and heap profiles under valgrind (docs/PERFORMANCE.md, Reproduce).
 * Modes: `batch` adds the routes in one sy_router_add_routes call and resolves the first
 * request (which builds the table); `document` loads them as a rule document
 * (sy_router_load_rules, which builds the table) and resolves the first request; `none`
 * makes the set and its document only: subtract its count and divide by <routes>. Checks
 * that the first request hits route 0. No timing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "random_routes.h"
#include "switchyard.h"

int main(int argc, char **argv) {
    const char *mode = argc == 3 ? argv[1] : "";
    long count = argc == 3 ? atol(argv[2]) : 0;
    if ((strcmp(mode, "batch") && strcmp(mode, "document") && strcmp(mode, "none")) || count <= 0) {
        fprintf(stderr, "usage: %s batch|document|none <routes>\n", argv[0]);
        return 2;
    }
    random_route_set set;
    if (random_routes_generate(&set, (size_t)count, 0x5157 + (uint64_t)count) != 0) return 1;
    size_t doc_len = 0;
    char *doc = random_routes_document(&set, &doc_len);
    sy_route *routes = calloc(set.count, sizeof *routes);
    char (*targets)[24] = calloc(set.count, sizeof *targets);
    if (doc == NULL || routes == NULL || targets == NULL) return 1;
    for (size_t i = 0; i < set.count; i++) {
        sy_route_init(&routes[i], SY_ROUTE_VERSION);
        snprintf(targets[i], sizeof targets[i], "%zu", i);
        routes[i].pattern = (sy_str){ set.routes[i], strlen(set.routes[i]) };
        routes[i].target = (sy_str){ targets[i], strlen(targets[i]) };
    }
    int status = 0;
    if (strcmp(mode, "none") != 0) {
        sy_router *router = NULL;
        sy_match *match = NULL;
        sy_error err;
        sy_status st = sy_router_new(&router, NULL, &err);
        if (st == SY_OK) st = sy_match_new(&match, &err);
        if (st == SY_OK)
            st = mode[0] == 'b' ? sy_router_add_routes(router, routes, set.count, &err)
                                : sy_router_load_rules(router, doc, doc_len, &err);
        if (st == SY_OK) st = sy_router_resolve(match, router, set.requests[0], SY_NUL, &err);
        if (st != SY_OK) {
            fprintf(stderr, "profile_build: %s\n", err.message);
            status = 1;
        } else {
            sy_str target = sy_match_target(match);
            if (!sy_match_found(match) || target.len != 1 || target.ptr[0] != '0') {
                fprintf(stderr, "profile_build: the first request did not hit route 0\n");
                status = 1;
            }
        }
        sy_match_free(match);
        sy_router_free(router);
    }
    free(targets);
    free(routes);
    free(doc);
    random_routes_free(&set);
    return status;
}
