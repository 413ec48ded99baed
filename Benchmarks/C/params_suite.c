/* Switchyard through its C API, resolving and then reading every path parameter, as a
 * caller does: sy_router_resolve, then sy_match_params into an array on the stack. */
#include "suites.h"
#include <stdio.h>
#include <switchyard.h>

typedef struct {
    sy_router *router;
    sy_match *match;
    const route_set *set;
    size_t checksum;
} params_ctx;

static size_t params_pass(void *p) {
    params_ctx *c = p;
    size_t hits = 0;
    sy_param params[16];
    for (size_t i = 0; i < c->set->count; i++) {
        size_t n = 0;
        if (sy_router_resolve(c->match, c->router, c->set->requests[i], c->set->request_lens[i], NULL) == SY_OK
            && sy_match_params(params, 16, &n, c->match, SY_PARAMS_PATH, NULL) == SY_OK && sy_match_found(c->match)) {
            hits++;
            /* Touch every name and value, so that the reads cannot be left out. */
            for (size_t k = 0; k < n; k++)
                c->checksum += params[k].name.len + params[k].text.len
                               + (params[k].text.len ? (size_t)(unsigned char)params[k].text.ptr[0] : 0);
        }
    }
    return hits;
}

int switchyard_params_suite(const route_set *set, double budget_s, suite_result *out) {
    params_ctx c = { NULL, NULL, set, 0 };
    if (switchyard_build(set, &c.router, &c.match, &out->mismatches) != 0) return -1;
    out->stats = bench_measure(params_pass, &c, set->count, budget_s);
    if (c.checksum == 1) fprintf(stderr, "(checksum %zu)\n", c.checksum);
    sy_match_free(c.match);
    sy_router_free(c.router);
    return 0;
}
