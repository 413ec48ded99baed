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

int switchyard_build(const route_set *set, sy_router **router_out, sy_match **match_out, size_t *mismatches) {
    return switchyard_build_with(set, NULL, router_out, match_out, mismatches);
}

int switchyard_build_with(const route_set *set, const sy_router_options *opts, sy_router **router_out,
                          sy_match **match_out, size_t *mismatches) {
    sy_error err;
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_route *routes = calloc(set->count, sizeof *routes);
    char (*targets)[24] = calloc(set->count, sizeof *targets);
    int rc = -1;
    if (routes == NULL || targets == NULL) goto done;
    if (sy_router_new(&router, opts, &err) != SY_OK || sy_match_new(&match, &err) != SY_OK) {
        fprintf(stderr, "switchyard %s: %s\n", set->name, err.message);
        goto done;
    }
    for (size_t i = 0; i < set->count; i++) {
        sy_route_init(&routes[i], SY_ROUTE_VERSION);
        snprintf(targets[i], sizeof targets[i], "%zu", i);
        routes[i].pattern = (sy_str){ set->routes[i], set->route_lens[i] };
        routes[i].target = (sy_str){ targets[i], strlen(targets[i]) };
    }
    if (sy_router_add_routes(router, routes, set->count, &err) != SY_OK) {
        fprintf(stderr, "switchyard %s: cannot add the routes: %s\n", set->name, err.message);
        goto done;
    }
    /* Request i must hit route i (compared by pattern text). */
    *mismatches = 0;
    for (size_t i = 0; i < set->count; i++) {
        sy_status st = sy_router_resolve(match, router, set->requests[i], set->request_lens[i], &err);
        sy_str pat = sy_match_pattern(match);
        int ok = st == SY_OK && sy_match_found(match) && pat.len == set->route_lens[i]
                 && memcmp(pat.ptr, set->routes[i], pat.len) == 0;
        if (!ok && ++*mismatches <= 5)
            fprintf(stderr, "switchyard %s: %s -> %.*s, expected %s\n", set->name, set->requests[i],
                    st != SY_OK ? 5 : pat.ptr ? (int)pat.len : 8, st != SY_OK ? "error" : pat.ptr ? pat.ptr : "no match",
                    set->routes[i]);
    }
    *router_out = router;
    *match_out = match;
    router = NULL;
    match = NULL;
    rc = 0;
done:
    sy_match_free(match);
    sy_router_free(router);
    free(routes);
    free(targets);
    return rc;
}

int switchyard_suite(const route_set *set, double budget_s, suite_result *out) {
    sy_ctx c = { NULL, NULL, set };
    if (switchyard_build(set, &c.router, &c.match, &out->mismatches) != 0) return -1;
    out->stats = bench_measure(sy_pass, &c, set->count, budget_s);
    sy_match_free(c.match);
    sy_router_free(c.router);
    return 0;
}
