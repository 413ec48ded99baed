/* matchit, the Rust router, through Benchmarks/matchit-harness (a staticlib with a C
 * interface), so that it runs in this process beside Switchyard. Built only with
 * SWITCHYARD_BENCH_MATCHIT (Benchmarks/run.sh defines it when cargo built the harness). */
#include "suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWITCHYARD_BENCH_MATCHIT
typedef struct mh_harness mh_harness;
typedef struct { const char *key; size_t key_len; const char *value; size_t value_len; } mh_param;
mh_harness *mh_new(void);
void mh_free(mh_harness *h);
int mh_insert(mh_harness *h, const char *route, size_t len, size_t value);
int mh_match(const mh_harness *h, const char *path, size_t len, size_t *value);
int mh_match_params(const mh_harness *h, const char *path, size_t len, size_t *value,
                    mh_param *out, size_t cap, size_t *count);

typedef struct {
    mh_harness *h;
    const route_set *set;
    size_t checksum;
} mh_ctx;

static size_t match_pass(void *p) {
    mh_ctx *c = p;
    size_t hits = 0, value;
    for (size_t i = 0; i < c->set->count; i++)
        hits += (size_t)mh_match(c->h, c->set->requests[i], c->set->request_lens[i], &value);
    return hits;
}

static size_t params_pass(void *p) {
    mh_ctx *c = p;
    size_t hits = 0, value, n;
    mh_param params[16];
    for (size_t i = 0; i < c->set->count; i++) {
        if (mh_match_params(c->h, c->set->requests[i], c->set->request_lens[i], &value, params, 16, &n)) {
            hits++;
            for (size_t k = 0; k < n && k < 16; k++)
                c->checksum += params[k].key_len + params[k].value_len
                               + (params[k].value_len ? (size_t)(unsigned char)params[k].value[0] : 0);
        }
    }
    return hits;
}

/* A router-bench route (":name" one segment, "*name" the rest) in matchit's syntax. */
char *matchit_route(const char *route, size_t len) {
    char *out = malloc(2 * len + 3), *o = out;
    if (out == NULL) return NULL;
    for (size_t i = 0; i < len; ) {
        if ((route[i] == ':' || route[i] == '*') && (i == 0 || route[i - 1] == '/')) {
            int rest = route[i] == '*';
            size_t j = i + 1;
            while (j < len && route[j] != '/') j++;
            *o++ = '{';
            if (rest) *o++ = '*';
            memcpy(o, route + i + 1, j - i - 1);
            o += j - i - 1;
            *o++ = '}';
            i = j;
        } else *o++ = route[i++];
    }
    *o = 0;
    return out;
}

int matchit_suite(const route_set *set, double budget_s, int read_params, suite_result *out) {
    mh_ctx c = { mh_new(), set, 0 };
    for (size_t i = 0; i < set->count; i++) {
        char *route = matchit_route(set->routes[i], set->route_lens[i]);
        if (route == NULL || mh_insert(c.h, route, strlen(route), i) != 0) {
            fprintf(stderr, "matchit %s: cannot add %s\n", set->name, route ? route : set->routes[i]);
            free(route);
            mh_free(c.h);
            return -1;
        }
        free(route);
    }
    out->mismatches = 0;
    for (size_t i = 0; i < set->count; i++) {
        size_t value = (size_t)-1;
        if ((!mh_match(c.h, set->requests[i], set->request_lens[i], &value) || value != i) && ++out->mismatches <= 5)
            fprintf(stderr, "matchit %s: %s -> route %ld, expected %zu\n", set->name, set->requests[i], (long)value, i);
    }
    out->stats = bench_measure(read_params ? params_pass : match_pass, &c, set->count, budget_s);
    if (c.checksum == 1) fprintf(stderr, "(checksum %zu)\n", c.checksum);
    mh_free(c.h);
    return 0;
}
#else
int matchit_suite(const route_set *set, double budget_s, int read_params, suite_result *out) {
    (void)set; (void)budget_s; (void)read_params; (void)out;
    return 1; /* not built: the caller says so once */
}
#endif
