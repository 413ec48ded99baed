/*
 * test_native.c: what makes the API short to write in C: SY_NUL and SY_STR for text
 * lengths, reading a router's routes back (sy_router_route_count, sy_router_route_at), and the
 * flag names that follow the options they set.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include "sy_test.h"

static sy_str s(const char *text)
{
    sy_str out;
    out.ptr = text;
    out.len = text ? strlen(text) : 0;
    return out;
}

/* ---- SY_NUL -------------------------------------------------------------------- */

/* HEADER (TEXT): "The length SY_NUL means "NUL-terminated": the text is its bytes up to
 * the first NUL (strlen). It is accepted wherever a text goes in, as a (pointer, length)
 * pair or as an input sy_str, the URL included;" */
static void nul_length_reads_up_to_the_first_nul(void **state)
{
    static const char url_with_tail[] = "/user/42\0/ignored";
    sy_router_options o;
    sy_str schemes[1];
    sy_router *r;
    sy_match *m = sy_test_match();
    sy_route rt;
    sy_param def;
    sy_param p;
    sy_error err;
    int found = 0, removed = 0;
    (void)state;

    schemes[0].ptr = "myweb";
    schemes[0].len = SY_NUL;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.web_schemes = schemes;
    o.web_schemes_count = 1;
    r = sy_test_router(&o);

    /* sy_router_add: both lengths */
    assert_status(SY_OK, sy_router_add(r, "/user/<int:id>", SY_NUL, "User", SY_NUL, &err), &err);
    /* the URL: up to its NUL, and the match copies exactly those bytes */
    assert_status(SY_OK, sy_router_resolve(m, r, url_with_tail, SY_NUL, &err), &err);
    assert_true(sy_match_found(m));
    assert_str(sy_match_target(m), "User");
    assert_str(sy_match_url(m), "/user/42");
    /* sy_match_param: the name */
    assert_status(SY_OK, sy_match_param(&p, &found, m, "id", SY_NUL, &err), &err);
    assert_int_equal(found, 1);
    assert_int_equal(p.int_value, 42);

    /* every sy_str of an sy_route, and a default's name and text */
    def.name.ptr = "tab";
    def.name.len = SY_NUL;
    def.text.ptr = "posts";
    def.text.len = SY_NUL;
    def.type = SY_VALUE_STRING;
    def.reserved = 0;
    def.int_value = 0;
    def.float_value = 0;
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.ptr = "/profile/:who";
    rt.pattern.len = SY_NUL;
    rt.target.ptr = "Profile";
    rt.target.len = SY_NUL;
    rt.name.ptr = "profile";
    rt.name.len = SY_NUL;
    rt.defaults = &def;
    rt.defaults_count = 1;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.ptr = "/old/:who";
    rt.pattern.len = SY_NUL;
    rt.redirect.ptr = "/profile/{who}";
    rt.redirect.len = SY_NUL;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    sy_test_resolve(m, r, "/old/ann");
    assert_str(sy_match_target(m), "Profile");
    assert_str(sy_match_name(m), "profile");
    assert_str(sy_test_param_text(m, "tab"), "posts");

    /* the web scheme given with SY_NUL has a host: myweb://example/x reads x as the path */
    assert_status(SY_OK, sy_router_add(r, "myweb://example/x", SY_NUL, "X", SY_NUL, &err), &err);
    sy_test_resolve(m, r, "myweb://example/x");
    assert_str(sy_match_target(m), "X");

    /* sy_router_remove */
    assert_status(SY_OK, sy_router_remove(&removed, r, "/old/:who", SY_NUL, &err), &err);
    assert_int_equal(removed, 1);

    /* rule documents: the JSON text and the file path */
    assert_status(SY_OK, sy_router_load_rules(r, "{\"/doc\": {\"class\": \"Doc\"}}", SY_NUL, &err),
                  &err);
    sy_test_resolve(m, r, "/doc");
    assert_str(sy_match_target(m), "Doc");
    sy_router_free(r);
    r = sy_test_router(NULL); /* examples/rules.json needs the default web schemes */
    assert_status(SY_OK, sy_router_load_rules_file(r, "examples/rules.json", SY_NUL, &err), &err);
    sy_test_resolve(m, r, "myapp://user/7");
    assert_true(sy_match_found(m));

    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (TEXT): "NULL with SY_NUL is SY_ERR_MISUSE." */
static void nul_length_with_null_is_misuse(void **state)
{
    sy_router_options o;
    sy_str schemes[1] = {{NULL, SY_NUL}};
    sy_router *r = sy_test_router(NULL), *none = NULL;
    sy_match *m = sy_test_match();
    sy_route rt;
    sy_param p;
    sy_error err;
    int found = -1, removed = -1;
    (void)state;

    assert_status(SY_ERR_MISUSE, sy_router_add(r, NULL, SY_NUL, SY_STR("T"), &err), &err);
    assert_true(sy_test_message_has(&err, "SY_NUL"));
    assert_status(SY_ERR_MISUSE, sy_router_add(r, SY_STR("/a"), NULL, SY_NUL, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_remove(&removed, r, NULL, SY_NUL, &err), &err);
    assert_int_equal(removed, 0);
    assert_status(SY_ERR_MISUSE, sy_match_param(&p, &found, m, NULL, SY_NUL, &err), &err);
    assert_int_equal(found, 0);
    assert_status(SY_ERR_MISUSE, sy_router_load_rules(r, NULL, SY_NUL, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_load_rules_file(r, NULL, SY_NUL, &err), &err);

    /* the URL: misuse, and the match reads as before any resolve */
    sy_test_add(r, "/a", "A");
    sy_test_resolve(m, r, "/a");
    assert_status(SY_ERR_MISUSE, sy_router_resolve(m, r, NULL, SY_NUL, &err), &err);
    assert_true(sy_test_message_has(&err, "SY_NUL"));
    assert_false(sy_match_found(m));
    assert_str(sy_match_url(m), "");

    /* an input sy_str: {NULL, SY_NUL} is not "absent" */
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.len = SY_NUL;
    rt.target = s("T");
    assert_status(SY_ERR_MISUSE, sy_router_add_route(r, &rt, &err), &err);
    rt.pattern = s("/b");
    rt.name.len = SY_NUL;
    assert_status(SY_ERR_MISUSE, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "route.name"));
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.web_schemes = schemes;
    o.web_schemes_count = 1;
    assert_status(SY_ERR_MISUSE, sy_router_new(&none, &o, &err), &err);
    assert_null(none);

    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (TEXT): "Where a function refuses a length over SIZE_MAX / 2, SY_NUL is not such
 * a length." The other lengths over SIZE_MAX / 2 are refused as before. */
static void other_huge_lengths_are_still_refused(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    size_t huge[] = {SIZE_MAX - 1, SIZE_MAX / 2 + 1};
    size_t i;
    int removed;
    (void)state;
    for (i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add(r, "/a", huge[i], SY_STR("A"), &err), &err);
        assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_remove(&removed, r, "/a", huge[i], &err), &err);
        assert_status(SY_ERR_LIMIT, sy_router_resolve(m, r, "/a", huge[i], &err), &err);
        assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_load_rules(r, "{}", huge[i], &err), &err);
    }
    sy_match_free(m);
    sy_router_free(r);
}

/* ---- SY_STR -------------------------------------------------------------------- */

/* HEADER: "A string literal and its length in bytes (NULs inside it counted, the final
 * one not), as two arguments: sy_router_add(router, SY_STR("/about"), SY_STR("About"),
 * &err), or the two fields of an sy_str: (sy_str){SY_STR("About")}." */
static void str_macro_gives_a_literal_and_its_length(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_str two = {SY_STR("a\0b")};
    sy_route rt = SY_ROUTE_INIT;
    sy_error err;
    (void)state;
    assert_int_equal(two.len, 3);
    assert_memory_equal(two.ptr, "a\0b", 3);
    assert_status(SY_OK, sy_router_add(r, SY_STR("/about"), SY_STR("About"), &err), &err);
    rt.pattern = (sy_str){SY_STR("/team")};
    rt.target = (sy_str){SY_STR("Team\0Page")};
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    assert_status(SY_OK, sy_router_resolve(m, r, SY_STR("/about"), &err), &err);
    assert_str(sy_match_target(m), "About");
    assert_status(SY_OK, sy_router_resolve(m, r, SY_STR("/team"), &err), &err);
    assert_int_equal(sy_match_target(m).len, 9);
    assert_memory_equal(sy_match_target(m).ptr, "Team\0Page", 9);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "C only: a route from a pattern to a target, both string literals, as
 * SY_ROUTE_INIT with those two fields set; for the array given to sy_router_add_routes():"
 * and "C only: the same for a route from a pattern to a redirect URL template." */
static void route_init_macros_make_a_batch(void **state)
{
    static const sy_route routes[] = {SY_ROUTE_TARGET_INIT("/user/<int:id>", "User"),
                                      SY_ROUTE_REDIRECT_INIT("/u/<int:id>", "/user/{id}")};
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    assert_int_equal(routes[0].version, SY_ROUTE_VERSION);
    assert_str(routes[0].pattern, "/user/<int:id>");
    assert_str(routes[0].target, "User");
    assert_str(routes[0].redirect, NULL);
    assert_str(routes[1].target, NULL);
    assert_str(routes[1].redirect, "/user/{id}");
    assert_int_equal(routes[1].flags, 0);
    assert_null(routes[1].defaults);
    assert_int_equal(routes[1].priority, 0);
    assert_status(SY_OK, sy_router_add_routes(r, routes, 2, &err), &err);
    sy_test_resolve(m, r, "/u/5");
    assert_str(sy_match_target(m), "User");
    assert_str(sy_match_url(m), "/user/5");
    sy_match_free(m);
    sy_router_free(r);
}

/* ---- route iteration ----------------------------------------------------------- */

static sy_route_info route_at(const sy_router *r, size_t i)
{
    sy_route_info info;
    sy_error err;
    assert_status(SY_OK, sy_router_route_at(&info, r, i, &err), &err);
    return info;
}

/* HEADER (sy_router_route_at): "The i-th route of the router, in the order the routes
 * were added" and (sy_route_info) "the pattern, exactly as it was added" ... "the target,
 * or absent for a redirect" ... "the redirect URL template, or absent for a target" ...
 * "the route's name, or absent" */
static void routes_read_back_in_order(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_route rt, batch[2];
    sy_route_info info;
    sy_error err;
    (void)state;
    assert_int_equal(sy_router_route_count(r), 0);

    sy_test_add(r, "/a/:x", "A");
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern = s("/old/<int:id>");
    rt.redirect = s("/a/{id}");
    rt.name = s("old");
    rt.priority = -7;
    rt.flags = SY_ROUTE_NO_APPEND_PARAMS;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    sy_route_init(&batch[0], SY_ROUTE_VERSION);
    batch[0].pattern = s("/b");
    batch[0].target = s("");
    sy_route_init(&batch[1], SY_ROUTE_VERSION);
    batch[1].pattern = s("/c");
    batch[1].target = s("C");
    batch[1].priority = 3;
    assert_status(SY_OK, sy_router_add_routes(r, batch, 2, &err), &err);

    assert_int_equal(sy_router_route_count(r), 4);
    info = route_at(r, 0);
    assert_str(info.pattern, "/a/:x");
    assert_str(info.target, "A");
    assert_str(info.redirect, NULL);
    assert_str(info.name, NULL);
    assert_int_equal(info.priority, 0);
    assert_int_equal(info.flags, 0);
    assert_int_equal(info.from_document, 0);
    assert_int_equal(info.reserved, 0);
    info = route_at(r, 1);
    assert_str(info.pattern, "/old/<int:id>");
    assert_str(info.target, NULL);
    assert_str(info.redirect, "/a/{id}");
    assert_str(info.name, "old");
    assert_int_equal(info.priority, -7);
    assert_int_equal(info.flags, SY_ROUTE_NO_APPEND_PARAMS);
    info = route_at(r, 2);
    assert_str(info.pattern, "/b");
    assert_str(info.target, ""); /* present and empty */
    info = route_at(r, 3);
    assert_str(info.pattern, "/c");
    assert_int_equal(info.priority, 3);
    sy_router_free(r);
}

/* HEADER (sy_router_route_at): "SY_ERR_MISUSE if out or router is NULL or router is not a
 * router; SY_ERR_INVALID_ARGUMENT if i is out of range (the message gives the count)." and
 * "Zeroed on failure." and (sy_router_route_count) "0 for NULL or a handle that is not a
 * router." */
static void route_at_checks_its_arguments(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_route_info info;
    sy_error err;
    (void)state;
    assert_int_equal(sy_router_route_count(NULL), 0);
    assert_int_equal(sy_router_route_count((const sy_router *)m), 0);
    memset(&info, 0x5A, sizeof info);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_route_at(&info, r, 0, &err), &err);
    assert_failed(&err, SY_ERR_INVALID_ARGUMENT);
    assert_str(info.pattern, NULL);
    assert_int_equal(info.priority, 0);
    sy_test_add(r, "/a", "A");
    sy_test_add(r, "/b", "B");
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_route_at(&info, r, 2, &err), &err);
    assert_true(sy_test_message_has(&err, "2 routes"));
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_route_at(&info, r, SIZE_MAX, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_route_at(&info, r, SIZE_MAX / 2 + 1, &err), &err);
    memset(&info, 0x5A, sizeof info);
    assert_status(SY_ERR_MISUSE, sy_router_route_at(&info, NULL, 0, &err), &err);
    assert_str(info.target, NULL);
    assert_status(SY_ERR_MISUSE, sy_router_route_at(&info, (const sy_router *)m, 0, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_route_at(NULL, r, 0, &err), &err);
    assert_int_equal(sy_router_route_at(&info, r, 5, NULL), SY_ERR_INVALID_ARGUMENT);
    assert_status(SY_OK, sy_router_route_at(&info, r, 1, &err), &err);
    assert_str(info.pattern, "/b");
    sy_match_free(m);
    sy_router_free(r);
}

static const char doc_one[] =
    "{\"version\": 1, \"redirect_allowlist\": [\"myapp\"], \"routes\": ["
    " {\"pattern\": \"/d1\", \"target\": \"D1\", \"name\": \"first\", \"priority\": 2},"
    " {\"pattern\": \"/d2/:x\", \"redirect\": \"myapp://d/{x}\", \"append_params\": false},"
    " {\"pattern\": \"/shared\", \"target\": \"FromDocument\"}]}";
static const char doc_two[] = "{\"/d3\": {\"class\": \"D3\"}}";

static void expect_routes(const sy_router *r, const char *const *patterns, const int *from_document,
                          size_t n)
{
    size_t i;
    assert_int_equal(sy_router_route_count(r), n);
    for (i = 0; i < n; i++) {
        sy_route_info info = route_at(r, i);
        print_message("route %zu: %.*s\n", i, (int)info.pattern.len, info.pattern.ptr);
        assert_str(info.pattern, patterns[i]);
        assert_int_equal(info.from_document, from_document[i]);
    }
}

/* HEADER (sy_route_info): "1 when the route came from a rule document, 0 when added" and
 * (sy_router_route_count) "every route added and every route of the current rule
 * document" and (sy_router_route_at) "the routes of a rule document in the document's
 * order, where it was loaded" */
static void routes_from_a_document_are_marked(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_route rt;
    sy_route_info info;
    sy_error err;
    int removed;
    (void)state;
    sy_test_add(r, "/before", "B");
    assert_status(SY_OK, sy_router_load_rules(r, doc_one, SY_NUL, &err), &err);
    sy_test_add(r, "/after", "A");
    /* the same pattern as a document route, at another priority */
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern = s("/shared");
    rt.target = s("Added");
    rt.priority = 1;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    {
        const char *p[] = {"/before", "/d1", "/d2/:x", "/shared", "/after", "/shared"};
        const int d[] = {0, 1, 1, 1, 0, 0};
        expect_routes(r, p, d, 6);
    }
    info = route_at(r, 1);
    assert_str(info.name, "first");
    assert_int_equal(info.priority, 2);
    info = route_at(r, 2);
    assert_str(info.redirect, "myapp://d/{x}");
    assert_int_equal(info.flags, SY_ROUTE_NO_APPEND_PARAMS);

    /* a remove takes a document route and an added one out in one go */
    assert_status(SY_OK, sy_router_remove(&removed, r, SY_STR("/shared"), &err), &err);
    assert_int_equal(removed, 1);
    assert_status(SY_OK, sy_router_remove(&removed, r, SY_STR("/before"), &err), &err);
    {
        const char *p[] = {"/d1", "/d2/:x", "/after"};
        const int d[] = {1, 1, 0};
        expect_routes(r, p, d, 3);
    }
    /* a failed load changes nothing */
    assert_status(SY_ERR_RULE, sy_router_load_rules(r, SY_STR("{\"/x\": 1}"), &err), &err);
    assert_int_equal(err.route_index, -1);
    {
        const char *p[] = {"/d1", "/d2/:x", "/after"};
        const int d[] = {1, 1, 0};
        expect_routes(r, p, d, 3);
    }
    /* the next document replaces the previous one's routes and comes last */
    assert_status(SY_OK, sy_router_load_rules(r, doc_two, SY_NUL, &err), &err);
    sy_test_add(r, "/last", "L");
    {
        const char *p[] = {"/after", "/d3", "/last"};
        const int d[] = {0, 1, 0};
        expect_routes(r, p, d, 3);
    }
    /* an empty document leaves only the added routes */
    assert_status(SY_OK, sy_router_load_rules(r, SY_STR("{}"), &err), &err);
    {
        const char *p[] = {"/after", "/last"};
        const int d[] = {0, 0};
        expect_routes(r, p, d, 2);
    }
    sy_router_free(r);
}

/* HEADER (sy_router_route_at): "they stay valid until the router is next changed (any add,
 * remove or load, from any thread, successful or not) or freed, whichever comes first."
 * Resolves and reads are not changes: the strings stay where they are. */
static void route_strings_last_until_a_change(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_route_info first, again;
    int k;
    (void)state;
    sy_test_add(r, "/a/:x", "A");
    sy_test_add(r, "/b", "B");
    first = route_at(r, 0);
    for (k = 0; k < 100; k++) {
        sy_test_resolve(m, r, "/a/1");
        assert_int_equal(sy_router_route_count(r), 2);
        again = route_at(r, k % 2);
    }
    again = route_at(r, 0);
    assert_ptr_equal(first.pattern.ptr, again.pattern.ptr);
    assert_str(first.pattern, "/a/:x");
    assert_str(first.target, "A");
    /* after a change the new routes read right (the old strings are not read again) */
    sy_test_add(r, "/c", "C");
    assert_int_equal(sy_router_route_count(r), 3);
    assert_str(route_at(r, 2).pattern, "/c");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (sy_router_route_at): "Each call sees the routes before or after a concurrent
 * change; an index read before a change may be out of range after it." Readers call
 * count and at (reading only the copied numbers) while a writer adds and removes. */
#define CHURN 300

static void *churn(void *arg)
{
    sy_router *r = arg;
    sy_error err;
    char pattern[32];
    int i, removed;
    for (i = 0; i < CHURN; i++) {
        snprintf(pattern, sizeof pattern, "/churn/%d", i % 7);
        if (sy_router_add(r, pattern, SY_NUL, SY_STR("T"), &err) != SY_OK)
            (void)sy_router_remove(&removed, r, pattern, SY_NUL, &err);
        if (i % 50 == 0)
            (void)sy_router_load_rules(r, doc_two, SY_NUL, &err);
    }
    return NULL;
}

static void *iterate(void *arg)
{
    const sy_router *r = arg;
    long bad = 0;
    int k;
    for (k = 0; k < CHURN; k++) {
        size_t n = sy_router_route_count(r), i;
        for (i = 0; i <= n; i++) {
            sy_route_info info;
            sy_error err;
            sy_status st = sy_router_route_at(&info, r, i, &err);
            if (st == SY_OK) {
                if (info.priority != 0 || info.from_document > 1) bad++;
            } else if (st != SY_ERR_INVALID_ARGUMENT || err.code != st) {
                bad++;
            }
        }
    }
    return (void *)bad;
}

static void route_reads_race_safely_with_changes(void **state)
{
    sy_router *r = sy_test_router(NULL);
    pthread_t writer, readers[2];
    void *bad;
    int t;
    (void)state;
    sy_test_add(r, "/fixed", "F");
    assert_int_equal(pthread_create(&writer, NULL, churn, r), 0);
    for (t = 0; t < 2; t++)
        assert_int_equal(pthread_create(&readers[t], NULL, iterate, r), 0);
    assert_int_equal(pthread_join(writer, NULL), 0);
    for (t = 0; t < 2; t++) {
        assert_int_equal(pthread_join(readers[t], &bad), 0);
        assert_null(bad);
    }
    sy_router_free(r);
}

/* ---- flag names ------------------------------------------------------------------ */

/* HEADER: "A flag is named after the option it sets, as Swift and Python name it:
 * SY_OPT_X sets x to true, SY_OPT_NO_X sets x to false" and "The old name of
 * SY_OPT_NO_DECODE_PATH." (its use warns; silenced here to check it still works) */
static void deprecated_flag_name_still_works(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_match *m = sy_test_match();
    (void)state;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
    o.flags = SY_OPT_RAW_PATH;
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif
    assert_int_equal(o.flags, SY_OPT_NO_DECODE_PATH);
    r = sy_test_router(&o);
    sy_test_add(r, "/s/:q", "S");
    sy_test_resolve(m, r, "/s/a%20b");
    assert_str(sy_test_param_text(m, "q"), "a%20b");
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest plain[] = {
        cmocka_unit_test(nul_length_reads_up_to_the_first_nul),
        cmocka_unit_test(nul_length_with_null_is_misuse),
        cmocka_unit_test(other_huge_lengths_are_still_refused),
        cmocka_unit_test(str_macro_gives_a_literal_and_its_length),
        cmocka_unit_test(route_init_macros_make_a_batch),
        cmocka_unit_test(routes_read_back_in_order),
        cmocka_unit_test(route_at_checks_its_arguments),
        cmocka_unit_test(routes_from_a_document_are_marked),
        cmocka_unit_test(route_strings_last_until_a_change),
        cmocka_unit_test(route_reads_race_safely_with_changes),
        cmocka_unit_test(deprecated_flag_name_still_works),
    };
    return cmocka_run_group_tests(plain, NULL, NULL);
}
