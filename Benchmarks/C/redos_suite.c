/* ReDoS: routes whose constraints take a backtracking engine exponential time
 * (`(a+)+$`, `(a|aa)*c`, thirty optional groups, thirty nested ones), each resolved with a
 * 32 KiB URL of 'a's that almost matches. One lookup = one such resolve (a miss). */
#include "suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <switchyard.h>

#define REDOS_ROUTES 4
#define REDOS_SEGMENT (32 * 1024 - 16)

typedef struct {
    sy_router *router;
    sy_match *match;
    char *urls[REDOS_ROUTES];
    size_t lens[REDOS_ROUTES];
} redos_ctx;

static size_t redos_pass(void *p) {
    redos_ctx *c = p;
    size_t hits = 0;
    for (size_t i = 0; i < REDOS_ROUTES; i++) {
        if (sy_router_resolve(c->match, c->router, c->urls[i], c->lens[i], NULL) == SY_OK && sy_match_found(c->match))
            hits++;
    }
    return hits;
}

/* Appends `n` copies of `piece` to buf at *at. */
static void repeat(char *buf, size_t *at, const char *piece, int n) {
    for (int k = 0; k < n; k++) {
        memcpy(buf + *at, piece, strlen(piece));
        *at += strlen(piece);
    }
}

int redos_suite(double budget_s, suite_result *out) {
    static const char prefixes[REDOS_ROUTES][4] = { "/r/", "/s/", "/t/", "/u/" };
    char patterns[REDOS_ROUTES][512];
    sy_error err;
    redos_ctx c;
    int rc = -1;
    size_t at;
    memset(&c, 0, sizeof c);
    snprintf(patterns[0], sizeof patterns[0], "/r/<re:a:(a+)+$>");
    snprintf(patterns[1], sizeof patterns[1], "/s/<re:a:(a|aa)*c>");
    at = 0;
    repeat(patterns[2], &at, "/t/<re:a:", 1);
    repeat(patterns[2], &at, "(a?)", 30);
    repeat(patterns[2], &at, "a", 30);
    repeat(patterns[2], &at, ">", 1);
    patterns[2][at] = 0;
    at = 0;
    repeat(patterns[3], &at, "/u/<re:a:", 1);
    repeat(patterns[3], &at, "(", 30);
    repeat(patterns[3], &at, "a?", 1);
    repeat(patterns[3], &at, ")?", 30);
    repeat(patterns[3], &at, "b>", 1);
    patterns[3][at] = 0;
    if (sy_router_new(&c.router, NULL, &err) != SY_OK || sy_match_new(&c.match, &err) != SY_OK) {
        fprintf(stderr, "redos: %s\n", err.message);
        goto done;
    }
    for (size_t i = 0; i < REDOS_ROUTES; i++) {
        if (sy_router_add(c.router, patterns[i], strlen(patterns[i]), "T", 1, &err) != SY_OK) {
            fprintf(stderr, "redos: cannot add %s: %s\n", patterns[i], err.message);
            goto done;
        }
        c.lens[i] = 3 + REDOS_SEGMENT + (i == 0);
        c.urls[i] = malloc(c.lens[i]);
        if (c.urls[i] == NULL) goto done;
        memcpy(c.urls[i], prefixes[i], 3);
        memset(c.urls[i] + 3, 'a', REDOS_SEGMENT);
        if (i == 0) c.urls[i][c.lens[i] - 1] = '!';
    }
    /* Every request must miss. */
    out->mismatches = redos_pass(&c);
    out->stats = bench_measure(redos_pass, &c, REDOS_ROUTES, budget_s);
    rc = 0;
done:
    for (size_t i = 0; i < REDOS_ROUTES; i++) free(c.urls[i]);
    sy_match_free(c.match);
    sy_router_free(c.router);
    return rc;
}
