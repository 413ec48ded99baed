/*
 * test_allocations.c: HEADER (sy_router_resolve): "so after warm-up a resolve allocates
 * nothing." and (sy_match) "a reusable result object".
 *
 * This program defines malloc and friends itself, so every allocation made anywhere in
 * the process (libswitchyard.so and its Swift runtime included: the executable's
 * definitions win symbol interposition) is counted before it is forwarded to glibc's
 * __libc_* functions. It is therefore built only without sanitizers and never run under
 * valgrind, which both replace malloc themselves (bindings/c/CMakeLists.txt).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include "sy_test.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static volatile long g_allocations;

void *malloc(size_t n) { g_allocations++; return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { g_allocations++; return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { g_allocations++; return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t a, size_t n) { g_allocations++; return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { g_allocations++; return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n)
{
    void *p;
    g_allocations++;
    p = __libc_memalign(a, n);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

/* The first PATTERN_FEATURE_URLS URLs reach routes that use the pattern features. */
#define PATTERN_FEATURE_URLS 7
static const char *const urls[] = {
    "/search?tag=a&q=x%20y&page=2&tag=b", /* a query contract: typed values, a list, a default */
    "/search?q=x&page=bad",               /* refused by the contract: the next route matches */
    "/tags/abc",                         /* a regexp constraint run by its automaton */
    "/words/bbbabbbbbbbbbb",             /* one too large for an automaton: the Pike VM */
    "/groups/a/b/c/-/issues/7",          /* a catch-all in the middle of the pattern */
    "/docs/guide.json",                  /* inline parameters */
    "/books/2024/chapter-3",             /* urlpattern: regexp groups and an optional group */
    "myapp://user/42?tab=likes&tab=posts#top",
    "https://blog.example.com/alice/article/details/42?ref=home",
    "/files/docs/2024/a%20b.pdf",
    "/repos/p1/p2/events",
    "myapp://nowhere/at/all",            /* a miss */
    "/geo/-2.5/3e8",
    "https://live.example.com/room/7?from=share#top", /* one redirect */
    "/moved/a/b%20c?x=1",                /* a remainder moved, checked against an allowlist */
    /* <float:> segments longer than 15 bytes (and one past 800 significant digits) */
    "/geo/-2.50000000000000000000000001/3.14159265358979323846264338327950288e-300",
    "/geo/1.00000000000000011102230246251565404236316680908203125"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000001/1e-400",
};

/* Adds pattern -> target in the urlpattern dialect, or the test fails. */
static void add_urlpattern(sy_router *r, const char *pattern, const char *target)
{
    sy_route rt;
    sy_error err;
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.ptr = pattern;
    rt.pattern.len = strlen(pattern);
    rt.target.ptr = target;
    rt.target.len = strlen(target);
    rt.flags = SY_ROUTE_DIALECT_URLPATTERN;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
}

static void resolve_after_warm_up_allocates_nothing(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_param p;
    sy_str n, v;
    int found;
    int64_t int_value;
    double float_value;
    sy_error err;
    long before;
    size_t i, k, round;
    (void)state;
    sy_test_add(r, "myapp://user/<int:id>", "UserProfile");
    sy_test_add(r, "https://blog.example.com/:user/article/details/:id", "Blog");
    sy_test_add(r, "/files/*path", "Files");
    sy_test_add(r, "/repos/:owner/:repo/events", "Events");
    sy_test_add(r, "/geo/<float:lat>/<float:lon>", "Map");
    sy_test_add(r, "myapp://live/room/:id", "LiveRoom");
    sy_test_add(r, "/tags/<re:tag:[a-z]{2,3}>", "Tag");
    sy_test_add(r, "/words/<re:word:[ab]*a[ab][ab][ab][ab][ab][ab][ab][ab][ab][ab]>", "Word");
    sy_test_add(r, "/groups/*namespace/-/issues/:id", "Issue");
    sy_test_add(r, "/docs/:name.:format", "Doc");
    sy_test_add(r, "/search?q=<string:q>&page=<int:page=1>&tag=<[string]:tags?>&<re:lang=en:[a-z]{2}>", "Search");
    sy_test_add(r, "/:any?q=<string:q>", "AnyPage");
    add_urlpattern(r, "/books/:year(\\d{4}){/chapter-:n(\\d+)}?", "Book");
    {
        sy_route rt;
        sy_route_init(&rt, SY_ROUTE_VERSION);
        rt.pattern.ptr = "https://live.example.com/room/:id";
        rt.pattern.len = strlen(rt.pattern.ptr);
        rt.redirect.ptr = "myapp://live/room/{id}";
        rt.redirect.len = strlen(rt.redirect.ptr);
        assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    }
    assert_status(SY_OK, sy_router_load_rules(r, LIT("{\"version\": 1, \"redirect_allowlist\": "
                  "[\"myapp\", \"https://*.Example.com:0443\"], \"routes\": [{\"pattern\": \"/moved/*rest\", "
                  "\"redirect\": \"https://Docs.example.com./v2/{rest}\"}]}"), &err), &err);

    for (round = 0; round < 2; round++) {
        /* round 0 warms the match up; round 1 must not allocate */
        before = g_allocations;
        for (i = 0; i < sizeof urls / sizeof urls[0]; i++) {
            /* every other URL by SY_NUL: measuring it allocates nothing either */
            assert_status(SY_OK, sy_router_resolve(m, r, urls[i], i % 2 ? SY_NUL : strlen(urls[i]), &err),
                          &err);
            if (i < PATTERN_FEATURE_URLS && !sy_match_found(m))
                fail_msg("no route took %s", urls[i]);
            /* reading the match allocates nothing either */
            for (k = 0; k < sy_match_path_param_count(m); k++)
                assert_status(SY_OK, sy_match_path_param_at(&p, m, k, &err), &err);
            for (k = 0; k < sy_match_query_count(m); k++)
                assert_status(SY_OK, sy_match_query_at(&n, &v, m, k, &err), &err);
            for (k = 0; k < sy_match_param_count(m); k++)
                assert_status(SY_OK, sy_match_param_at(&p, m, k, &err), &err);
            assert_status(SY_OK, sy_match_param(&p, &found, m, LIT("id"), &err), &err);
            (void)sy_match_param_int(&int_value, m, "id", SY_NUL, NULL);
            (void)sy_match_param_float(&float_value, m, SY_STR("lat"), NULL);
            (void)sy_match_param_text(&n, m, "id", SY_NUL, NULL);
            (void)sy_match_param_bool(&found, m, "id", SY_NUL, NULL);
            (void)sy_match_url(m);
            (void)sy_match_fragment(m);
            (void)sy_match_remainder(m);
            for (k = 0; k < sy_match_redirect_count(m); k++)
                (void)sy_match_redirect_at(m, k);
            /* nor the one-call resolve with its parameters' text, nor the whole list */
            if (sy_router_resolve_params_text(m, r, urls[i], SY_NUL, &err) == NULL)
                fail_msg("sy_router_resolve_params_text(%s): %s", urls[i], err.message);
            if (sy_router_resolve_params_cstr(m, r, urls[i]) == NULL)
                fail_msg("sy_router_resolve_params_cstr(%s) failed", urls[i]);
            {
                sy_param all[16];
                assert_status(SY_OK, sy_match_params(all, 16, &k, m, SY_PARAMS_PATH, &err), &err);
            }
        }
        if (round == 1) {
            print_message("allocations in the second round: %ld\n", g_allocations - before);
            assert_int_equal(g_allocations - before, 0);
        }
    }
    sy_match_free(m);
    sy_router_free(r);
}

/* The scratch of a regexp the Pike VM runs is kept in the sy_match: a constraint and a
 * urlpattern tail of about 400 instructions (scratch of about 10 KB each, past the 1 KiB a
 * stack buffer holds) and a tail read through a browser's path (dot segments removed) make
 * no allocation once the match has resolved them. */
static void long_regexps_allocate_nothing_after_warm_up(void **state)
{
    /* "a" then 200 "b" then "c": what [ab]*a[ab]{200}c takes. */
    static char word[256], tail[256];
    const char *long_urls[] = {
        word,
        tail,
        "/x/../t/ab/%2e%2e/t/abab/rest", /* read as /t/t/abab/rest: the tail's regexp misses */
        "/w/ab",
    };
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    long before;
    size_t i, round;
    (void)state;
    memcpy(word, "/w/bba", 6);
    memset(word + 6, 'b', 200);
    memcpy(word + 206, "c", 2);
    memcpy(tail, "/t/a", 4);
    memset(tail + 4, 'b', 200);
    memcpy(tail + 204, "c/rest/of/it", 13);
    sy_test_add(r, "/w/<re:word:[ab]*a[ab]{200}c>", "Word");
    add_urlpattern(r, "/t/:x([ab]*a[ab]{200}c)/:rest(.*)", "Tail");

    for (round = 0; round < 3; round++) {
        before = g_allocations;
        for (i = 0; i < sizeof long_urls / sizeof long_urls[0]; i++) {
            assert_status(SY_OK, sy_router_resolve(m, r, LIT(long_urls[i]), &err), &err);
            assert_int_equal(sy_match_found(m), i < 2);
        }
        if (round > 0) {
            print_message("allocations in round %zu: %ld\n", round, g_allocations - before);
            assert_int_equal(g_allocations - before, 0);
        }
    }
    assert_status(SY_OK, sy_router_resolve(m, r, LIT(long_urls[1]), &err), &err);
    assert_str(sy_test_param_text(m, "rest"), "rest/of/it");
    sy_match_free(m);
    sy_router_free(r);
}

/* A preset's choices cost a plain URL no allocation either: JLRoutes' fragment and `%2B`
 * readings copy only a URL that has one, Kickstarter's host prefixes and JLRoutes' scheme
 * tables compare in place. */
static void presets_allocate_nothing_after_warm_up(void **state)
{
    static const char *const presets[] = { "jlroutes", "kickstarter", "urlnavigator", "mgjrouter",
                                           "deeplinkkit", "waapprouting", "routingkit" };
    static const char *const preset_urls[] = {
        "https://www.kickstarter.com/projects/ann/book",
        "thing://post/7",
        "https://www.kickstarter.com/nothing/here",  /* a miss */
    };
    size_t p, i, round;
    (void)state;
    for (p = 0; p < sizeof presets / sizeof presets[0]; p++) {
        sy_router_options opts;
        sy_error err;
        long before;
        sy_router_options_init(&opts, SY_ROUTER_OPTIONS_VERSION);
        assert_status(SY_OK, sy_router_options_preset(&opts, presets[p], strlen(presets[p]), &err), &err);
        sy_router *r = sy_test_router(&opts);
        sy_match *m = sy_test_match();
        sy_test_add(r, "projects/:creator/:project", "Project");
        sy_test_add(r, "thing://post/:id", "Post");
        for (round = 0; round < 3; round++) {
            before = g_allocations;
            for (i = 0; i < sizeof preset_urls / sizeof preset_urls[0]; i++)
                assert_status(SY_OK, sy_router_resolve(m, r, LIT(preset_urls[i]), &err), &err);
            if (round > 0) {
                print_message("%s: allocations in round %zu: %ld\n", presets[p], round, g_allocations - before);
                assert_int_equal(g_allocations - before, 0);
            }
        }
        sy_match_free(m);
        sy_router_free(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(resolve_after_warm_up_allocates_nothing),
        cmocka_unit_test(long_regexps_allocate_nothing_after_warm_up),
        cmocka_unit_test(presets_allocate_nothing_after_warm_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
