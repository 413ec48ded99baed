/* Building a table: random route sets of 1,000, 10,000 and 100,000 routes
 * (random_routes.h), added in one batch to Switchyard (sy_router_add_routes, then the
 * first resolve, which builds the table) and one by one to matchit (its only way), and
 * loaded as a rule document with its first resolve. Each build runs in a child process, so
 * that its memory is its own: the time of the build alone; the bytes per route the build
 * leaves resident (the growth of VmRSS once free heap pages are given back: this counts
 * the table's own mapping and malloc's mapped chunks, which mallinfo2's heap figure does
 * not); the bytes it leaves allocated in the heap (mallinfo2, mapped chunks included); and
 * the growth of the peak resident size (VmHWM). A sample of 100 requests is then checked to
 * hit its route.
 *
 * A rate is a steady rate: before the measured build, the child builds and frees a small
 * table the same way (WARM_UP_ROUTES routes of another seed), so that what a process pays
 * once (the first touch of the library's code and data, the runtime's first use of its
 * types, the heap's first pages) is not counted against one build. The builds of a row
 * alternate between the routers, and a row reports the median of BUILD_RUNS builds: a
 * single cold build of 1,000 routes varies by half between runs. */
#define _GNU_SOURCE
#include "suites.h"
#include "random_routes.h"
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <switchyard.h>

#ifdef SWITCHYARD_BENCH_MATCHIT
typedef struct mh_harness mh_harness;
mh_harness *mh_new(void);
void mh_free(mh_harness *h);
int mh_insert(mh_harness *h, const char *route, size_t len, size_t value);
int mh_match(const mh_harness *h, const char *path, size_t len, size_t *value);
#endif

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A size of /proc/self/status in bytes (`format` such as "VmHWM: %zu kB"), or 0. */
static size_t status_size(const char *format) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    size_t kb = 0;
    if (f == NULL) return 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, format, &kb) == 1) break;
    fclose(f);
    return kb * 1024;
}

typedef struct {
    double seconds;
    double resident_bytes, live_bytes, peak_bytes;
    size_t mismatches;
    int ok;
} build_result;

/* BUILD_ONE_THREAD: the batch of BUILD_SWITCHYARD with SY_OPT_NO_PARALLEL_BUILD. */
typedef enum { BUILD_SWITCHYARD, BUILD_MATCHIT, BUILD_DOCUMENT, BUILD_ONE_THREAD } build_kind;

enum { WARM_UP_ROUTES = 100, BUILD_RUNS = 5 };

/* Runs one build in this (child) process; a warm-up build (`warm_up`) frees what it made
 * and checks nothing. */
static build_result build_here(const random_route_set *set, build_kind kind, int warm_up) {
    build_result r = {0};
    sy_error err;
    size_t doc_len = 0;
    char *doc = kind == BUILD_DOCUMENT ? random_routes_document(set, &doc_len) : NULL;
    int batch = kind == BUILD_SWITCHYARD || kind == BUILD_ONE_THREAD;
    sy_route *routes = batch ? calloc(set->count, sizeof *routes) : NULL;
    char (*targets)[24] = batch ? calloc(set->count, sizeof *targets) : NULL;
    if (batch) {
        if (routes == NULL || targets == NULL) return r;
        for (size_t i = 0; i < set->count; i++) {
            sy_route_init(&routes[i], SY_ROUTE_VERSION);
            snprintf(targets[i], sizeof targets[i], "%zu", i);
            routes[i].pattern = (sy_str){ set->routes[i], strlen(set->routes[i]) };
            routes[i].target = (sy_str){ targets[i], strlen(targets[i]) };
        }
    }
    if (kind == BUILD_DOCUMENT && doc == NULL) return r;
    sy_match *match = NULL;
    if (sy_match_new(&match, &err) != SY_OK) return r;
    malloc_trim(0);
    size_t resident0 = status_size("VmRSS: %zu kB");
    struct mallinfo2 heap0 = mallinfo2();
    size_t peak0 = status_size("VmHWM: %zu kB");
    double t0 = now_s();
    sy_router *router = NULL;
#ifdef SWITCHYARD_BENCH_MATCHIT
    mh_harness *mh = NULL;
#endif
    if (kind == BUILD_MATCHIT) {
#ifdef SWITCHYARD_BENCH_MATCHIT
        mh = mh_new();
        for (size_t i = 0; i < set->count; i++) {
            char *route = matchit_route(set->routes[i], strlen(set->routes[i]));
            if (route == NULL || mh_insert(mh, route, strlen(route), i) != 0) {
                fprintf(stderr, "c: matchit refused %s\n", set->routes[i]);
                free(route);
                return r;
            }
            free(route);
        }
#else
        return r;
#endif
    } else {
        sy_router_options opts;
        sy_router_options_init(&opts, SY_ROUTER_OPTIONS_VERSION);
        if (kind == BUILD_ONE_THREAD) opts.flags |= SY_OPT_NO_PARALLEL_BUILD;
        if (sy_router_new(&router, &opts, &err) != SY_OK) return r;
        sy_status st = batch ? sy_router_add_routes(router, routes, set->count, &err)
                             : sy_router_load_rules(router, doc, doc_len, &err);
        /* A batch add publishes its routes and leaves the table to the first resolve
         * (a document load builds it itself): either way the build ends when the router
         * can answer, as matchit's does after its last insert. */
        if (st == SY_OK)
            st = sy_router_resolve(match, router, set->requests[0], SY_NUL, &err);
        if (st != SY_OK) {
            fprintf(stderr, "c: switchyard could not build %zu routes: %s\n", set->count, err.message);
            return r;
        }
    }
    r.seconds = now_s() - t0;
    r.peak_bytes = (double)status_size("VmHWM: %zu kB") - (double)peak0;
    /* What the build keeps (the document's text and the input array were allocated before). */
    struct mallinfo2 heap = mallinfo2();
    r.live_bytes = (double)(heap.uordblks + heap.hblkhd) - (double)(heap0.uordblks + heap0.hblkhd);
    malloc_trim(0);
    r.resident_bytes = (double)status_size("VmRSS: %zu kB") - (double)resident0;
    free(doc);
    free(routes);
    free(targets);
    if (warm_up) {
#ifdef SWITCHYARD_BENCH_MATCHIT
        if (mh != NULL) mh_free(mh);
#endif
        sy_router_free(router);
        sy_match_free(match);
        r.ok = 1;
        return r;
    }
    size_t step = set->count / 100 ? set->count / 100 : 1;
    for (size_t i = 0; i < set->count; i += step) {
        int hit;
#ifdef SWITCHYARD_BENCH_MATCHIT
        if (kind == BUILD_MATCHIT) {
            size_t v;
            hit = mh_match(mh, set->requests[i], strlen(set->requests[i]), &v) && v == i;
        } else
#endif
        {
            char want[24];
            snprintf(want, sizeof want, "%zu", i);
            hit = sy_router_resolve(match, router, set->requests[i], SY_NUL, &err) == SY_OK && sy_match_found(match);
            if (hit) {
                sy_str target = sy_match_target(match);
                hit = target.len == strlen(want) && memcmp(target.ptr, want, target.len) == 0;
            }
        }
        if (!hit) r.mismatches++;
    }
    r.ok = 1;
    return r;
}

/* build_here in a child process; its result comes back through a pipe. */
static build_result build_in_child(const random_route_set *set, build_kind kind) {
    build_result r = {0};
    int fd[2];
    if (pipe(fd) != 0) return r;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) { close(fd[0]); close(fd[1]); return r; }
    if (pid == 0) {
        close(fd[0]);
        random_route_set small;
        if (random_routes_generate(&small, WARM_UP_ROUTES, 0x3a11) != 0) _exit(1);
        if (!build_here(&small, kind, 1).ok) _exit(1);
        random_routes_free(&small);
        build_result mine = build_here(set, kind, 0);
        ssize_t w = write(fd[1], &mine, sizeof mine);
        _exit(w == (ssize_t)sizeof mine ? 0 : 1);
    }
    close(fd[1]);
    ssize_t got = read(fd[0], &r, sizeof r);
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (got != (ssize_t)sizeof r || !WIFEXITED(status) || WEXITSTATUS(status) != 0) memset(&r, 0, sizeof r);
    return r;
}

static void write_row(FILE *out, int *first, const char *suite, const char *router, size_t routes,
                      const build_result *r, const char *note) {
    double n = (double)routes;
    fprintf(out, "%s  {\"section\": \"build\", \"language\": \"c\", \"suite\": \"%s\", \"router\": \"%s\", "
                 "\"routes\": %zu, \"ms\": %.3f, \"routes_per_s\": %.0f, \"bytes_per_route\": %.1f, "
                 "\"heap_bytes_per_route\": %.1f, \"peak_mib\": %.2f, \"mismatches\": %zu, \"note\": \"%s\"}",
            *first ? "" : ",\n", suite, router, routes, r->seconds * 1e3,
            r->seconds > 0 ? n / r->seconds : 0.0, r->resident_bytes / n, r->live_bytes / n,
            r->peak_bytes / 1048576.0, r->mismatches, note);
    *first = 0;
    fprintf(stderr, "  %-22s %-10s %9.1f ms %10.0f routes/s %8.1f B/route resident (heap %7.1f)  peak +%7.1f MiB  mismatches %zu\n",
            suite, router, r->seconds * 1e3, r->seconds > 0 ? n / r->seconds : 0.0,
            r->resident_bytes / n, r->live_bytes / n, r->peak_bytes / 1048576.0, r->mismatches);
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n) {
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The median of each figure over a row's builds; not ok when any build failed. */
static build_result median_result(const build_result *runs, size_t n) {
    build_result m = {0};
    double seconds[BUILD_RUNS], resident[BUILD_RUNS], live[BUILD_RUNS], peak[BUILD_RUNS];
    m.ok = 1;
    for (size_t i = 0; i < n; i++) {
        if (!runs[i].ok) m.ok = 0;
        seconds[i] = runs[i].seconds;
        resident[i] = runs[i].resident_bytes;
        live[i] = runs[i].live_bytes;
        peak[i] = runs[i].peak_bytes;
        if (runs[i].mismatches > m.mismatches) m.mismatches = runs[i].mismatches;
    }
    m.seconds = median(seconds, n);
    m.resident_bytes = median(resident, n);
    m.live_bytes = median(live, n);
    m.peak_bytes = median(peak, n);
    return m;
}

int build_suites(FILE *out, int *first) {
    static const size_t sizes[] = { 1000, 10000, 100000 };
    static const build_kind kinds[] = { BUILD_SWITCHYARD, BUILD_MATCHIT, BUILD_DOCUMENT, BUILD_ONE_THREAD };
    int failed = 0;
    fprintf(stderr, "c: building tables (random routes; each build in its own process, median of %d)\n", BUILD_RUNS);
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        random_route_set set;
        char suite[48];
        build_result runs[4][BUILD_RUNS];
        if (random_routes_generate(&set, sizes[k], 0x5157 + sizes[k]) != 0) { failed = 1; continue; }
        for (size_t run = 0; run < BUILD_RUNS; run++) {
            for (size_t j = 0; j < 4; j++) {
                /* Documents from 10,000 routes; batches held to one thread where a batch
                 * takes two (from 5,000 routes). */
                int wanted = kinds[j] == BUILD_DOCUMENT ? sizes[k] >= 10000
                           : kinds[j] == BUILD_ONE_THREAD ? sizes[k] >= 5000 : 1;
#ifndef SWITCHYARD_BENCH_MATCHIT
                if (kinds[j] == BUILD_MATCHIT) wanted = 0;
#endif
                if (wanted) runs[j][run] = build_in_child(&set, kinds[j]);
            }
        }
        snprintf(suite, sizeof suite, "build-%zu", sizes[k]);
        build_result r = median_result(runs[0], BUILD_RUNS);
        if (r.ok) write_row(out, first, suite, "switchyard", set.count, &r, "sy_router_add_routes, one batch, then the first resolve (which builds the table)");
        else failed = 1;
        if (sizes[k] >= 5000) {
            r = median_result(runs[3], BUILD_RUNS);
            if (r.ok) write_row(out, first, suite, "switchyard-one-thread", set.count, &r,
                                "the same batch with SY_OPT_NO_PARALLEL_BUILD: compiled on the calling thread only");
            else failed = 1;
        }
#ifdef SWITCHYARD_BENCH_MATCHIT
        r = median_result(runs[1], BUILD_RUNS);
        if (r.ok) write_row(out, first, suite, "matchit", set.count, &r, "Router::insert per route (Rust, same process)");
        else failed = 1;
#endif
        if (sizes[k] >= 10000) {
            snprintf(suite, sizeof suite, "document-%zu", sizes[k]);
            r = median_result(runs[2], BUILD_RUNS);
            if (r.ok) write_row(out, first, suite, "switchyard", set.count, &r,
                                "sy_router_load_rules of the routes as a document, then the first resolve");
            else failed = 1;
        }
        random_routes_free(&set);
    }
    return failed;
}
