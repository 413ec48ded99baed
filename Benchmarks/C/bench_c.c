/* c-bench: Switchyard's C API (resolve, resolve + every parameter, and dispatch through a
 * declining handler) vs r3 and, when built with its harness, matchit, on the router-bench sets.
 * Usage: c-bench <router-bench dir> <output.json> [seconds per measurement]
 * Writes a JSON array of result rows; progress and mismatches go to stderr. */
#include "suites.h"
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

/* One result: a JSON row and a progress line. */
static void emit(FILE *out, int *first, const char *suite, const char *router, const char *note, size_t routes,
                 const suite_result *r) {
    bench_write_row(out, *first, suite, router, &r->stats, routes, r->mismatches, note);
    fprintf(stderr, "  %-19s  median %8.1f ns  p99 %8.1f ns  allocs %.2f  mismatches %zu\n",
            router, r->stats.median_ns, r->stats.p99_ns, r->stats.allocs_per_lookup, r->mismatches);
    *first = 0;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s <router-bench dir> <output.json> [seconds per measurement]\n", argv[0]);
        return 2;
    }
    double budget = argc > 3 ? atof(argv[3]) : 1.0;
    if (budget <= 0) budget = 1.0;
    static const char *const sets[][2] = {
        { "matchit", "matchit" }, { "path-tree", "path-tree" }, { "static", "go-http-routing-benchmark/static" },
    };
    FILE *out = fopen(argv[2], "w");
    if (out == NULL) { fprintf(stderr, "cannot write %s\n", argv[2]); return 1; }
    fprintf(out, "[\n");
    int first = 1, failed = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        char dir[4096];
        route_set set;
        snprintf(dir, sizeof dir, "%s/%s", argv[1], sets[k][1]);
        if (route_set_load(&set, sets[k][0], dir) != 0) { failed = 1; continue; }
        fprintf(stderr, "c: %s (%zu routes)\n", set.name, set.count);
        suite_result r;
        if (switchyard_suite(&set, budget, &r) == 0)
            emit(out, &first, set.name, "switchyard", "sy_router_resolve with one reused sy_match", set.count, &r);
        else failed = 1;
        if (switchyard_params_suite(&set, budget, &r) == 0)
            emit(out, &first, set.name, "switchyard+params",
                 "sy_router_resolve + sy_match_params (every path parameter read)", set.count, &r);
        else failed = 1;
        for (int read_params = 0; read_params <= 1; read_params++) {
            int st = matchit_suite(&set, budget, read_params, &r);
            if (st == 0)
                emit(out, &first, set.name, read_params ? "matchit+params" : "matchit",
                     read_params ? "Router::at + every parameter read (Rust, same process)"
                                 : "Router::at (Rust, same process)", set.count, &r);
            else if (st < 0) failed = 1;
        }
        if (switchyard_dispatch_suite(&set, budget, 0, &r) == 0)
            emit(out, &first, set.name, "switchyard-dispatch",
                 "sy_router_dispatch with one reused sy_match; the first handler called declines (first 2 requests)",
                 set.count, &r);
        else failed = 1;
        if (switchyard_dispatch_suite(&set, budget, 1, &r) == 0)
            emit(out, &first, set.name, "switchyard-dispatch+requires",
                 "as switchyard-dispatch, every route with two requirements whose checks hold", set.count, &r);
        else failed = 1;
        for (int contract = 0; contract <= 1; contract++) {
            if (switchyard_query_suite(&set, budget, contract, &r) == 0)
                emit(out, &first, set.name, contract ? "switchyard+query-contract" : "switchyard+query",
                     contract ? "sy_router_resolve, every route with ?page=<int:page=1>, every request with ?page=3"
                              : "sy_router_resolve, the routes without a query contract, every request with ?page=3",
                     set.count, &r);
            else failed = 1;
        }
        /* Each compatibility preset's resolve on the matchit set, beside the default's. */
        static const char *const presets[] = { "switchyard", "jlroutes", "urlnavigator", "mgjrouter",
                                               "deeplinkkit", "waapprouting", "kickstarter", "routingkit" };
        for (size_t p = 0; k == 0 && p < sizeof presets / sizeof presets[0]; p++) {
            char name[64];
            snprintf(name, sizeof name, "switchyard-preset-%s", presets[p]);
            int hosted = strcmp(presets[p], "kickstarter") == 0;
            if (switchyard_preset_suite(&set, budget, presets[p], hosted, &r) == 0)
                emit(out, &first, set.name, name,
                     hosted ? "sy_router_resolve on a router made with sy_router_options_preset, requests on https://www.kickstarter.com"
                            : "sy_router_resolve on a router made with sy_router_options_preset", set.count, &r);
            else failed = 1;
        }
        /* The default options on those whole URLs: what the kickstarter row is set against. */
        if (k == 0 && switchyard_preset_suite(&set, budget, "switchyard", 1, &r) == 0)
            emit(out, &first, set.name, "switchyard-preset-switchyard-hosted",
                 "sy_router_resolve, default options, requests on https://www.kickstarter.com", set.count, &r);
        else if (k == 0) failed = 1;
        if (r3_suite(&set, budget, &r) == 0)
            emit(out, &first, set.name, "r3", "match_entry_createl + r3_tree_match_route + match_entry_free (captures)",
                 set.count, &r);
        else failed = 1;
        route_set_free(&set);
    }
    suite_result redos;
    if (redos_suite(budget, &redos) == 0) {
        bench_write_row(out, first, "redos", "switchyard", &redos.stats, 4, redos.mismatches,
                        "a 32 KiB segment against (a+)+$, (a|aa)*c, (a?){30}a{30} and 30 nested (...)?: one resolve each");
        fprintf(stderr, "c: redos (4 constraint routes, 32 KiB URLs)\n  switchyard  median %8.1f ns  p99 %8.1f ns  allocs %.2f  mismatches %zu\n",
                redos.stats.median_ns, redos.stats.p99_ns, redos.stats.allocs_per_lookup, redos.mismatches);
        first = 0;
    } else failed = 1;
    if (build_suites(out, &first) != 0) failed = 1;
    fprintf(out, "\n]\n");
    fclose(out);
    return failed;
}
