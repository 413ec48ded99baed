/* Switchyard through its C API on a router made with a compatibility preset
 * (sy_router_options_preset): the cost of a preset's choices on the resolve, beside the
 * default's in the same run. */
#include "suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <switchyard.h>

typedef struct {
    sy_router *router;
    sy_match *match;
    const route_set *set;
} preset_ctx;

static size_t preset_pass(void *p) {
    preset_ctx *c = p;
    size_t hits = 0;
    for (size_t i = 0; i < c->set->count; i++) {
        if (sy_router_resolve(c->match, c->router, c->set->requests[i], c->set->request_lens[i], NULL) == SY_OK
            && sy_match_found(c->match)) hits++;
    }
    return hits;
}

int switchyard_preset_suite(const route_set *set, double budget_s, const char *preset, int hosted, suite_result *out) {
    sy_router_options opts;
    sy_error err;
    sy_router_options_init(&opts, SY_ROUTER_OPTIONS_VERSION);
    if (sy_router_options_preset(&opts, preset, strlen(preset), &err) != SY_OK) {
        fprintf(stderr, "switchyard preset %s: %s\n", preset, err.message);
        return -1;
    }
    /* WAAppRouting reads a leading '/' as an empty first segment, DeepLinkKit as a route
     * unanchored at the host: their users write these routes without it. */
    int strip = strcmp(preset, "waapprouting") == 0 || strcmp(preset, "deeplinkkit") == 0;
    static const char host[] = "https://www.kickstarter.com";
    route_set written = *set;
    const char **routes = NULL;
    size_t *lens = NULL;
    char **requests = NULL;
    size_t *request_lens = NULL;
    /* Whole URLs (Kickstarter's router takes only its own hosts). */
    if (hosted) {
        requests = calloc(set->count, sizeof *requests);
        request_lens = calloc(set->count, sizeof *request_lens);
        if (requests == NULL || request_lens == NULL) { free(requests); free(request_lens); return -1; }
        for (size_t i = 0; i < set->count; i++) {
            request_lens[i] = strlen(host) + set->request_lens[i];
            requests[i] = malloc(request_lens[i] + 1);
            if (requests[i] == NULL) continue;
            memcpy(requests[i], host, strlen(host));
            memcpy(requests[i] + strlen(host), set->requests[i], set->request_lens[i] + 1);
        }
        written.requests = requests;
        written.request_lens = request_lens;
    }
    if (strip) {
        routes = calloc(set->count, sizeof *routes);
        lens = calloc(set->count, sizeof *lens);
        if (routes == NULL || lens == NULL) { free(routes); free(lens); return -1; }
        for (size_t i = 0; i < set->count; i++) {
            int slash = set->route_lens[i] > 1 && set->routes[i][0] == '/';
            routes[i] = set->routes[i] + slash;
            lens[i] = set->route_lens[i] - (size_t)slash;
        }
        written.routes = (char **)routes;
        written.route_lens = lens;
    }
    preset_ctx c = { NULL, NULL, &written };
    int rc_alloc_failed = 0;
    for (size_t i = 0; requests != NULL && i < set->count; i++)
        if (requests[i] == NULL) rc_alloc_failed = 1;
    int rc = rc_alloc_failed ? -1 : switchyard_build_with(&written, &opts, &c.router, &c.match, &out->mismatches);
    if (rc == 0) out->stats = bench_measure(preset_pass, &c, set->count, budget_s);
    sy_match_free(c.match);
    sy_router_free(c.router);
    free(routes);
    free(lens);
    for (size_t i = 0; requests != NULL && i < set->count; i++) free(requests[i]);
    free(requests);
    free(request_lens);
    return rc;
}
