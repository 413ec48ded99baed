/* r3 1.3.4 (Debian libr3-dev) through its route API with captures: routes inserted with
 * r3_tree_insert_routel (method GET), `:name` written as r3's `{name}`, the tree compiled,
 * and per lookup match_entry_createl + r3_tree_match_route + match_entry_free, which is how
 * r3 hands out captures (entry->vars, strings it allocates). */
#include "suites.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <r3.h>

typedef struct {
    node *tree;
    const route_set *set;
} r3_ctx;

static size_t r3_pass(void *p) {
    r3_ctx *c = p;
    size_t hits = 0;
    for (size_t i = 0; i < c->set->count; i++) {
        match_entry *e = match_entry_createl(c->set->requests[i], (int)c->set->request_lens[i]);
        e->request_method = METHOD_GET;
        if (r3_tree_match_route(c->tree, e) != NULL) hits++;
        match_entry_free(e);
    }
    return hits;
}

/* `:name` segments become `{name}` (r3's slug syntax). The result is malloc'd. */
static char *to_r3_syntax(const char *pattern) {
    size_t n = strlen(pattern);
    char *out = malloc(2 * n + 1), *o = out;
    if (out == NULL) return NULL;
    for (const char *p = pattern; *p;) {
        if (*p == ':' && (p == pattern || p[-1] == '/')) {
            *o++ = '{';
            p++;
            while (*p && *p != '/') *o++ = *p++;
            *o++ = '}';
        } else {
            *o++ = *p++;
        }
    }
    *o = 0;
    return out;
}

int r3_suite(const route_set *set, double budget_s, suite_result *out) {
    r3_ctx c = { r3_tree_create(10), set };
    /* r3 keeps pointers into the inserted paths: they live until the tree is freed. */
    char **paths = calloc(set->count, sizeof *paths);
    int rc = -1;
    if (c.tree == NULL || paths == NULL) goto done;
    for (size_t i = 0; i < set->count; i++) {
        paths[i] = to_r3_syntax(set->routes[i]);
        if (paths[i] == NULL) goto done;
        if (r3_tree_insert_routel(c.tree, METHOD_GET, paths[i], (int)strlen(paths[i]), (void *)(intptr_t)(i + 1)) == NULL) {
            fprintf(stderr, "r3 %s: cannot insert %s\n", set->name, paths[i]);
            goto done;
        }
    }
    char *errstr = NULL;
    if (r3_tree_compile(c.tree, &errstr) != 0) {
        fprintf(stderr, "r3 %s: compile failed: %s\n", set->name, errstr ? errstr : "?");
        free(errstr);
        goto done;
    }
    /* Request i must hit route i (route->data holds i + 1). */
    out->mismatches = 0;
    for (size_t i = 0; i < set->count; i++) {
        match_entry *e = match_entry_createl(set->requests[i], (int)set->request_lens[i]);
        e->request_method = METHOD_GET;
        route *r = r3_tree_match_route(c.tree, e);
        size_t got = r ? (size_t)(intptr_t)r->data : 0;
        if (got != i + 1 && ++out->mismatches <= 12)
            fprintf(stderr, "r3 %s: %s -> %s, expected %s\n", set->name, set->requests[i],
                    got ? set->routes[got - 1] : "no match", set->routes[i]);
        match_entry_free(e);
    }
    out->stats = bench_measure(r3_pass, &c, set->count, budget_s);
    rc = 0;
done:
    if (c.tree) r3_tree_free(c.tree);
    if (paths) for (size_t i = 0; i < set->count; i++) free(paths[i]);
    free(paths);
    return rc;
}
