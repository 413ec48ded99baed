/* The routers of the C benchmark. Each builds its router from the set, checks that
 * request i hits route i (printing the first misses to stderr), then measures. */
#ifndef BENCH_SUITES_H
#define BENCH_SUITES_H
#include "harness.h"
#include "route_set.h"

typedef struct {
    bench_stats stats;
    size_t mismatches;
} suite_result;

/* Return 0, or -1 when the router could not be built (after printing why). */
int switchyard_suite(const route_set *set, double budget_s, suite_result *out);
int r3_suite(const route_set *set, double budget_s, suite_result *out);
/* sy_router_dispatch per request, the first handler called declining (dispatch_suite.c). */
int switchyard_dispatch_suite(const route_set *set, double budget_s, suite_result *out);
/* Constraint routes against 32 KiB URLs built to make a backtracking engine explode. */
int redos_suite(double budget_s, suite_result *out);

#endif
