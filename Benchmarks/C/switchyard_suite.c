/* Switchyard through its C API: one router (one sy_router_add_routes batch), one reused
 * sy_match, sy_router_resolve per request. */
#include "suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <switchyard.h>

typedef struct {
    sy_router *router;
    sy_match *match;
    const route_set *set;
} sy_ctx;

static size_t sy_pass(void *p) {
    sy_ctx *c = p;
    size_t hits = 0;
    for (size_t i = 0; i < c->set->count; i++) {
        if (sy_router_resolve(c->match, c->router, c->set->requests[i], c->set->request_lens[i], NULL) == SY_OK
            && sy_match_found(c->match)) hits++;
    }
    return hits;
}

int switchyard_suite(const route_set *set, double budget_s, suite_result *out) {
    sy_error err;
    sy_ctx c = { NULL, NULL, set };
    sy_route *routes = calloc(set->count, sizeof *routes);
    char (*targets)[24] = calloc(set->count, sizeof *targets);
    int rc = -1;
    if (routes == NULL || targets == NULL) goto done;
    if (sy_router_new(&c.router, NULL, &err) != SY_OK || sy_match_new(&c.match, &err) != SY_OK) {
        fprintf(stderr, "switchyard %s: %s\n", set->name, err.message);
        goto done;
    }
    for (size_t i = 0; i < set->count; i++) {
        sy_route_init(&routes[i], SY_ROUTE_VERSION);
        snprintf(targets[i], sizeof targets[i], "%zu", i);
        routes[i].pattern = (sy_str){ set->routes[i], set->route_lens[i] };
        routes[i].target = (sy_str){ targets[i], strlen(targets[i]) };
    }
    if (sy_router_add_routes(c.router, routes, set->count, &err) != SY_OK) {
        fprintf(stderr, "switchyard %s: cannot add the routes: %s\n", set->name, err.message);
        goto done;
    }
    /* Request i must hit route i (compared by pattern text). */
    out->mismatches = 0;
    for (size_t i = 0; i < set->count; i++) {
        sy_status st = sy_router_resolve(c.match, c.router, set->requests[i], set->request_lens[i], &err);
        sy_str pat = sy_match_pattern(c.match);
        int ok = st == SY_OK && sy_match_found(c.match) && pat.len == set->route_lens[i]
                 && memcmp(pat.ptr, set->routes[i], pat.len) == 0;
        if (!ok && ++out->mismatches <= 5)
            fprintf(stderr, "switchyard %s: %s -> %.*s, expected %s\n", set->name, set->requests[i],
                    st != SY_OK ? 5 : pat.ptr ? (int)pat.len : 8, st != SY_OK ? "error" : pat.ptr ? pat.ptr : "no match",
                    set->routes[i]);
    }
    out->stats = bench_measure(sy_pass, &c, set->count, budget_s);
    rc = 0;
done:
    sy_match_free(c.match);
    sy_router_free(c.router);
    free(routes);
    free(targets);
    return rc;
}
