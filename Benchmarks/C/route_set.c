/* See route_set.h. */
#define _POSIX_C_SOURCE 200809L
#include "route_set.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads the PATH of every non-comment line of file into *out (malloc'd copies). */
static int read_paths(const char *file, char ***out, size_t **lens, size_t *count) {
    FILE *f = fopen(file, "r");
    if (f == NULL) { fprintf(stderr, "cannot read %s\n", file); return -1; }
    size_t cap = 64, n = 0;
    char **paths = malloc(cap * sizeof *paths);
    size_t *plens = malloc(cap * sizeof *plens);
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t got;
    int oom = paths == NULL || plens == NULL;
    while (!oom && (got = getline(&line, &line_cap, f)) >= 0) {
        while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r' || line[got - 1] == ' ')) line[--got] = 0;
        char *p = line;
        while (*p == ' ') p++;
        if (*p == 0 || *p == '#') continue;
        char *space = strchr(p, ' ');   /* METHOD PATH: keep PATH */
        if (space != NULL) p = space + 1;
        if (n == cap) {
            cap *= 2;
            char **np = realloc(paths, cap * sizeof *paths);
            size_t *nl = realloc(plens, cap * sizeof *plens);
            if (np != NULL) paths = np;
            if (nl != NULL) plens = nl;
            if (np == NULL || nl == NULL) { oom = 1; break; }
        }
        plens[n] = strlen(p);
        paths[n] = strdup(p);
        if (paths[n] == NULL) { oom = 1; break; }
        n++;
    }
    free(line);
    fclose(f);
    if (oom) {
        /* A partial list would pair request i with the wrong route: give up instead. */
        for (size_t i = 0; i < n; i++) free(paths[i]);
        free(paths); free(plens);
        fprintf(stderr, "out of memory reading %s\n", file);
        return -1;
    }
    *out = paths; *lens = plens; *count = n;
    return 0;
}

int route_set_load(route_set *set, const char *name, const char *dir) {
    char file[4096];
    size_t nroutes = 0, nrequests = 0;
    memset(set, 0, sizeof *set);
    set->name = name;
    snprintf(file, sizeof file, "%s/routes.txt", dir);
    if (read_paths(file, &set->routes, &set->route_lens, &nroutes) != 0) return -1;
    snprintf(file, sizeof file, "%s/requests.txt", dir);
    if (read_paths(file, &set->requests, &set->request_lens, &nrequests) != 0) return -1;
    if (nroutes != nrequests || nroutes == 0) {
        fprintf(stderr, "%s: %zu routes but %zu requests\n", dir, nroutes, nrequests);
        return -1;
    }
    set->count = nroutes;
    return 0;
}

void route_set_free(route_set *set) {
    for (size_t i = 0; i < set->count; i++) { free(set->routes[i]); free(set->requests[i]); }
    free(set->routes); free(set->requests); free(set->route_lens); free(set->request_lens);
    memset(set, 0, sizeof *set);
}
