/* Random route sets: random_routes.h. */
#define _GNU_SOURCE
#include "random_routes.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t hash_text(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Whether route pattern `pattern` has shape `shape`: the pattern with each `:p<i>` read
 * as `:` (a route's shape is not stored, so that the generator frees nothing while it
 * works: freed blocks between the routes' strings would be holes the build being measured
 * fills, and its figures would depend on which thread allocates). */
static int has_shape(const char *pattern, const char *shape) {
    while (*pattern && *pattern == *shape) {
        if (*pattern == ':') {
            pattern++;
            if (*pattern == 'p') pattern++;
            while (*pattern >= '0' && *pattern <= '9') pattern++;
            shape++;
            continue;
        }
        pattern++;
        shape++;
    }
    return *pattern == 0 && *shape == 0;
}

/* Fills set with count routes of distinct shapes and the request that hits each. */
int random_routes_generate(random_route_set *set, size_t count, uint64_t seed) {
    char words[2000][11];
    for (size_t w = 0; w < 2000; w++) {
        size_t n = 3 + splitmix(&seed) % 8;
        for (size_t k = 0; k < n; k++) words[w][k] = (char)('a' + splitmix(&seed) % 26);
        words[w][n] = 0;
    }
    /* Open addressing over the routes made so far, by shape: slot value i + 1 is route i. */
    size_t slots = 4 * count;
    size_t *shapes = calloc(slots, sizeof *shapes);
    set->routes = calloc(count, sizeof *set->routes);
    set->requests = calloc(count, sizeof *set->requests);
    set->count = 0;
    if (shapes == NULL || set->routes == NULL || set->requests == NULL) { free(shapes); return -1; }
    while (set->count < count) {
        char pattern[128] = "", shape[128] = "", request[128] = "";
        size_t depth = 3 + splitmix(&seed) % 4;
        for (size_t i = 0; i < depth; i++) {
            size_t pl = strlen(pattern), sl = strlen(shape), rl = strlen(request);
            if (splitmix(&seed) % 4 == 0) {
                snprintf(pattern + pl, sizeof pattern - pl, "/:p%zu", i);
                snprintf(shape + sl, sizeof shape - sl, "/:");
                snprintf(request + rl, sizeof request - rl, "/%u", (unsigned)(splitmix(&seed) % 100000));
            } else {
                const char *w = words[splitmix(&seed) % 2000];
                snprintf(pattern + pl, sizeof pattern - pl, "/%s", w);
                snprintf(shape + sl, sizeof shape - sl, "/%s", w);
                snprintf(request + rl, sizeof request - rl, "/%s", w);
            }
        }
        size_t h = (size_t)(hash_text(shape) % slots);
        int seen = 0;
        while (shapes[h] != 0) {
            if (has_shape(set->routes[shapes[h] - 1], shape)) { seen = 1; break; }
            h = (h + 1) % slots;
        }
        if (seen) continue;
        shapes[h] = set->count + 1;
        set->routes[set->count] = strdup(pattern);
        set->requests[set->count] = strdup(request);
        set->count++;
    }
    free(shapes);
    return 0;
}

void random_routes_free(random_route_set *set) {
    for (size_t i = 0; i < set->count; i++) { free(set->routes[i]); free(set->requests[i]); }
    free(set->routes);
    free(set->requests);
}

char *random_routes_document(const random_route_set *set, size_t *len) {
    size_t cap = 64, n = 0;
    for (size_t i = 0; i < set->count; i++) cap += strlen(set->routes[i]) + 48;
    char *doc = malloc(cap);
    if (doc == NULL) return NULL;
    n += (size_t)snprintf(doc + n, cap - n, "{\"version\": 1, \"routes\": [");
    for (size_t i = 0; i < set->count; i++)
        n += (size_t)snprintf(doc + n, cap - n, "%s\n{\"pattern\": \"%s\", \"target\": \"%zu\"}",
                              i ? "," : "", set->routes[i], i);
    n += (size_t)snprintf(doc + n, cap - n, "]}\n");
    *len = n;
    return doc;
}
