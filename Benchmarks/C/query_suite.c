/* Switchyard through its C API with query items: the same route set with every route given a
 * query contract (`?page=<int:page=1>`, checked and parsed by the resolve) or none (the query
 * kept as text), each request with `?page=3` after it. The two rows side by side give what a
 * contract costs a lookup. */
#include "suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char contract_text[] = "?page=<int:page=1>";
static const char query_text[] = "?page=3";

/* `s` followed by `tail`, in a new string (its length in *len). */
static char *joined(const char *s, size_t n, const char *tail, size_t *len) {
    size_t k = strlen(tail);
    char *out = malloc(n + k + 1);
    if (out == NULL) return NULL;
    memcpy(out, s, n);
    memcpy(out + n, tail, k + 1);
    *len = n + k;
    return out;
}

int switchyard_query_suite(const route_set *set, double budget_s, int contract, suite_result *out) {
    route_set q = { set->name, calloc(set->count, sizeof(char *)), calloc(set->count, sizeof(size_t)),
                    calloc(set->count, sizeof(char *)), calloc(set->count, sizeof(size_t)), set->count };
    int rc = -1;
    if (q.routes == NULL || q.route_lens == NULL || q.requests == NULL || q.request_lens == NULL) goto done;
    for (size_t i = 0; i < set->count; i++) {
        q.routes[i] = contract ? joined(set->routes[i], set->route_lens[i], contract_text, &q.route_lens[i])
                               : joined(set->routes[i], set->route_lens[i], "", &q.route_lens[i]);
        q.requests[i] = joined(set->requests[i], set->request_lens[i], query_text, &q.request_lens[i]);
        if (q.routes[i] == NULL || q.requests[i] == NULL) goto done;
    }
    /* The plain row's router and pass, on the set with its query text. */
    rc = switchyard_suite(&q, budget_s, out);
done:
    for (size_t i = 0; i < set->count; i++) {
        if (q.routes) free(q.routes[i]);
        if (q.requests) free(q.requests[i]);
    }
    free(q.routes);
    free(q.route_lens);
    free(q.requests);
    free(q.request_lens);
    return rc;
}
