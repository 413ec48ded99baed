/* Timing and allocation counting for the C benchmark (the same method as the Swift one):
 * a sample is one pass over the request list, timed with clock_gettime(CLOCK_MONOTONIC);
 * ns per lookup = pass time / requests; median and p99 over the samples after a warm-up.
 * Allocations: alloc_counter.c (linked in) counts every malloc of the process. */
#ifndef BENCH_HARNESS_H
#define BENCH_HARNESS_H
#include <stddef.h>
#include <stdio.h>

typedef struct {
    double median_ns, p99_ns, allocs_per_lookup;
    size_t samples;
} bench_stats;

/* One pass: performs `lookups` lookups on ctx, returns the number of hits. */
typedef size_t (*bench_pass)(void *ctx);

/* Warm-up for budget_s / 4, then samples for budget_s (at least 30 samples). */
bench_stats bench_measure(bench_pass pass, void *ctx, size_t lookups, double budget_s);

/* bench_measure, counting allocations over at most max_alloc_passes passes (an operation
 * that takes milliseconds cannot afford the 10^4 lookups of the count). */
bench_stats bench_measure_bounded(bench_pass pass, void *ctx, size_t lookups, double budget_s,
                                  size_t max_alloc_passes);

/* Appends one JSON result row to out ("," handling is the caller's: first says whether
 * this is the first row). */
void bench_write_row(FILE *out, int first, const char *suite, const char *router,
                     const bench_stats *s, size_t routes, size_t mismatches, const char *note);

#endif
