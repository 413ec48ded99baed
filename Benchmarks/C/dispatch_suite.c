/* Switchyard's dispatch through its C API, next to the plain resolve: the same router (one
 * route per line of the set, each with its own target), a handler registered for every
 * target, and sy_router_dispatch per request with one reused sy_match. The first handler a
 * dispatch calls (the best route's) declines, so every request pays for the candidates
 * after the first being worked out; the next one's handler, if the URL has another route,
 * accepts. Working those candidates out tries every route on the URL alone, so a pass
 * covers the first DISPATCH_REQUESTS requests only (the router holds every route). With
 * requiring, every route is added with two requirements whose checks hold, so the row
 * against the plain one is the price of checking them. */
#include "suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <switchyard.h>

enum { DISPATCH_REQUESTS = 2 };

typedef struct {
    sy_router *router;
    sy_match *match;
    const route_set *set;
    size_t requests; /* how many of the set's requests a pass dispatches */
    size_t calls;    /* handler calls of the dispatch under way */
} dispatch_ctx;

/* Declines the first candidate of a dispatch, accepts any later one. */
static int decline_first(const sy_match *m, void *handler_data, void *context) {
    dispatch_ctx *c = context;
    (void)m;
    (void)handler_data;
    return c->calls++ == 0 ? SY_DECLINED : SY_HANDLED;
}

/* A requirement that always holds. */
static int holds(void *check_data, void *context) {
    (void)check_data;
    (void)context;
    return 1;
}

/* Route i of the set to target, with two requirements when requiring. */
static sy_status add_route(sy_router *r, const route_set *set, size_t i, const char *target, int requiring,
                           sy_error *err) {
    if (!requiring) return sy_router_add(r, set->routes[i], set->route_lens[i], target, SY_NUL, err);
    static const sy_str requires[] = {{"signed-in", SY_NUL}, {"onboarded", SY_NUL}};
    sy_route route;
    sy_route_init(&route, SY_ROUTE_VERSION);
    route.pattern = (sy_str){set->routes[i], set->route_lens[i]};
    route.target = (sy_str){target, SY_NUL};
    return sy_router_add_route_requiring(r, &route, NULL, NULL, requires, 2, NULL, err);
}

static size_t dispatch_pass(void *p) {
    dispatch_ctx *c = p;
    size_t done = 0;
    for (size_t i = 0; i < c->requests; i++) {
        c->calls = 0;
        if (sy_router_dispatch(c->match, c->router, c->set->requests[i], c->set->request_lens[i], c, NULL, NULL)
                == SY_OK && c->calls > 0) done++;
    }
    return done;
}

int switchyard_dispatch_suite(const route_set *set, double budget_s, int requiring, suite_result *out) {
    sy_error err;
    dispatch_ctx c = { NULL, NULL, set, set->count < DISPATCH_REQUESTS ? set->count : DISPATCH_REQUESTS, 0 };
    char target[24];
    int rc = -1;
    if (sy_router_new(&c.router, NULL, &err) != SY_OK || sy_match_new(&c.match, &err) != SY_OK) {
        fprintf(stderr, "switchyard dispatch %s: %s\n", set->name, err.message);
        goto done;
    }
    if (requiring && (sy_router_require(c.router, "signed-in", SY_NUL, holds, NULL, NULL, &err) != SY_OK
                      || sy_router_require(c.router, "onboarded", SY_NUL, holds, NULL, NULL, &err) != SY_OK)) {
        fprintf(stderr, "switchyard dispatch %s: %s\n", set->name, err.message);
        goto done;
    }
    for (size_t i = 0; i < set->count; i++) {
        snprintf(target, sizeof target, "%zu", i);
        if (add_route(c.router, set, i, target, requiring, &err) != SY_OK
            || sy_router_handle(c.router, target, SY_NUL, decline_first, NULL, NULL, &err) != SY_OK) {
            fprintf(stderr, "switchyard dispatch %s: cannot add route %zu: %s\n", set->name, i, err.message);
            goto done;
        }
    }
    /* Every request must reach a handler: its route's, which declines. */
    out->mismatches = 0;
    for (size_t i = 0; i < c.requests; i++) {
        c.calls = 0;
        sy_status st = sy_router_dispatch(c.match, c.router, set->requests[i], set->request_lens[i], &c, NULL, &err);
        if ((st != SY_OK || c.calls == 0) && ++out->mismatches <= 5)
            fprintf(stderr, "switchyard dispatch %s: %s reached no handler (%s)\n", set->name, set->requests[i],
                    st != SY_OK ? err.message : "no route");
    }
    out->stats = bench_measure_bounded(dispatch_pass, &c, c.requests, budget_s, 10);
    rc = 0;
done:
    sy_match_free(c.match);
    sy_router_free(c.router);
    return rc;
}
