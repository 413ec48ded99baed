/* The routers of the C benchmark. Each builds its router from the set, checks that
 * request i hits route i (printing the first misses to stderr), then measures. */
#ifndef BENCH_SUITES_H
#define BENCH_SUITES_H
#include <stdio.h>
#include "harness.h"
#include "route_set.h"

typedef struct {
    bench_stats stats;
    size_t mismatches;
} suite_result;

/* Return 0, or -1 when the router could not be built (after printing why). */
int switchyard_suite(const route_set *set, double budget_s, suite_result *out);
/* sy_router_resolve, then every path parameter read with sy_match_params (params_suite.c). */
int switchyard_params_suite(const route_set *set, double budget_s, suite_result *out);
/* The router switchyard_suite measures, built from the set in one batch, with request i
 * checked to hit route i (mismatches counted and the first printed). 0, or -1. */
struct sy_router;
struct sy_match;
int switchyard_build(const route_set *set, struct sy_router **router, struct sy_match **match, size_t *mismatches);
/* The same, the router made with `opts` (NULL: the default options). */
struct sy_router_options;
int switchyard_build_with(const route_set *set, const struct sy_router_options *opts, struct sy_router **router,
                          struct sy_match **match, size_t *mismatches);
/* sy_router_resolve on a router made with compatibility preset `preset` (preset_suite.c):
 * the set's routes as that router writes them (without the leading '/' for the presets
 * that read it as an empty first segment or as an unanchored host); with `hosted`, every
 * request a whole URL on https://www.kickstarter.com. */
int switchyard_preset_suite(const route_set *set, double budget_s, const char *preset, int hosted, suite_result *out);
/* matchit (the Rust crate, through Benchmarks/matchit-harness) when the benchmark was built
 * with it (SWITCHYARD_BENCH_MATCHIT): its lookup alone, and with every parameter read. */
int matchit_suite(const route_set *set, double budget_s, int read_params, suite_result *out);
/* A router-bench route (":name", "*name") in matchit's syntax, malloc'd (matchit_suite.c;
 * only with SWITCHYARD_BENCH_MATCHIT). */
char *matchit_route(const char *route, size_t len);
/* Table builds at 1,000 / 10,000 / 100,000 random routes, Switchyard and matchit, and the
 * same routes loaded as a rule document (build_suite.c): rows appended to out. 0, or 1. */
int build_suites(FILE *out, int *first);
int r3_suite(const route_set *set, double budget_s, suite_result *out);
/* sy_router_dispatch per request, the first handler called declining (dispatch_suite.c);
 * with requiring, every route has two requirements whose checks hold. */
int switchyard_dispatch_suite(const route_set *set, double budget_s, int requiring, suite_result *out);
/* The set's routes with a query contract (contract != 0) or without, every request with a
 * query item: what checking a contract costs a lookup. */
int switchyard_query_suite(const route_set *set, double budget_s, int contract, suite_result *out);
/* Constraint routes against 32 KiB URLs built to make a backtracking engine explode. */
int redos_suite(double budget_s, suite_result *out);

#endif
