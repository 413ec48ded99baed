/* See harness.h. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "alloc_counter.h"
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

volatile size_t bench_sink; /* keeps the passes observable */

bench_stats bench_measure(bench_pass pass, void *ctx, size_t lookups, double budget_s) {
    return bench_measure_bounded(pass, ctx, lookups, budget_s, SIZE_MAX);
}

bench_stats bench_measure_bounded(bench_pass pass, void *ctx, size_t lookups, double budget_s,
                                  size_t max_alloc_passes) {
    bench_stats s = {0};
    uint64_t budget = (uint64_t)(budget_s * 1e9);
    uint64_t warm_end = now_ns() + budget / 4;
    while (now_ns() < warm_end) bench_sink += pass(ctx);

    size_t cap = 1 << 16, n = 0;
    double *samples = malloc(cap * sizeof *samples);
    if (samples == NULL) return s;
    uint64_t end = now_ns() + budget, t0 = now_ns();
    while (t0 < end || n < 30) {
        bench_sink += pass(ctx);
        uint64_t t1 = now_ns();
        if (n == cap) {
            double *grown = realloc(samples, 2 * cap * sizeof *samples);
            if (grown == NULL) break;
            samples = grown; cap *= 2;
        }
        samples[n++] = (double)(t1 - t0) / (double)lookups;
        t0 = t1;
    }
    qsort(samples, n, sizeof *samples, cmp_double);
    s.median_ns = samples[n / 2];
    s.p99_ns = samples[(n * 99 / 100 < n - 1) ? n * 99 / 100 : n - 1];
    s.samples = n;
    free(samples);

    /* Allocations after warm-up, over enough passes to see one per 10^4 lookups. */
    size_t passes = 20000 / (lookups ? lookups : 1);
    if (passes < 10) passes = 10;
    if (passes > max_alloc_passes) passes = max_alloc_passes;
    uint64_t a0 = bench_alloc_count();
    for (size_t i = 0; i < passes; i++) bench_sink += pass(ctx);
    uint64_t a1 = bench_alloc_count();
    s.allocs_per_lookup = (double)(a1 - a0) / (double)(passes * lookups);
    return s;
}

void bench_write_row(FILE *out, int first, const char *suite, const char *router,
                     const bench_stats *s, size_t routes, size_t mismatches, const char *note) {
    fprintf(out, "%s  {\"suite\": \"%s\", \"router\": \"%s\", \"language\": \"c\", "
            "\"ns_per_lookup\": %.2f, \"p99_ns\": %.2f, \"allocs_per_lookup\": %.2f, "
            "\"samples\": %zu, \"routes\": %zu, \"requests\": %zu, \"mismatches\": %zu, "
            "\"note\": \"%s\"}",
            first ? "" : ",\n", suite, router, s->median_ns, s->p99_ns, s->allocs_per_lookup,
            s->samples, routes, routes, mismatches, note);
}
