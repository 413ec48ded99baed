/* test_urlpattern.c: the urlpattern dialect through the C API: the router flag
 * SY_OPT_URLPATTERN_DIALECT, the route flags SY_ROUTE_DIALECT_URLPATTERN,
 * SY_ROUTE_DIALECT_SWITCHYARD and SY_ROUTE_IGNORE_CASE, groups as parameters, errors. */
#include "sy_test.h"

static sy_status add_flagged(sy_router *r, const char *pattern, const char *target, uint32_t flags,
                             sy_error *err)
{
    sy_route route;
    sy_route_init(&route, SY_ROUTE_VERSION);
    route.pattern.ptr = pattern;
    route.pattern.len = strlen(pattern);
    route.target.ptr = target;
    route.target.len = strlen(target);
    route.flags = flags;
    return sy_router_add_route(r, &route, err);
}

/* HEADER: "The pattern is in the urlpattern dialect" ... "whatever the router's dialect." */
static void route_flag_selects_the_dialect(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    assert_status(SY_OK, add_flagged(r, "/books/:id(\\d+)", "Book", SY_ROUTE_DIALECT_URLPATTERN, &err), &err);
    assert_status(SY_OK, add_flagged(r, "/files/*", "Files", SY_ROUTE_DIALECT_URLPATTERN, &err), &err);
    sy_test_resolve(m, r, "/books/42");
    assert_true(sy_match_found(m));
    assert_str(sy_match_target(m), "Book");
    assert_str(sy_test_param_text(m, "id"), "42");
    sy_test_resolve(m, r, "/books/abc");
    assert_false(sy_match_found(m));
    sy_test_resolve(m, r, "/files/a/b.txt");
    assert_str(sy_test_param_text(m, "0"), "a/b.txt");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "routes are in the urlpattern dialect unless" ... "compare ASCII letters ignoring
 * case (the standard's ignoreCase)." */
static void router_flag_and_ignore_case(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.flags = SY_OPT_URLPATTERN_DIALECT;
    r = sy_test_router(&o);
    sy_test_add(r, "/blog/:slug{/comments}?", "Blog");
    assert_status(SY_OK, add_flagged(r, "/u/<int:id>", "User", SY_ROUTE_DIALECT_SWITCHYARD, &err), &err);
    assert_status(SY_OK, add_flagged(r, "/Docs/:page", "Docs", SY_ROUTE_IGNORE_CASE, &err), &err);
    sy_test_resolve(m, r, "/blog/hello/comments");
    assert_str(sy_test_param_text(m, "slug"), "hello");
    sy_test_resolve(m, r, "/u/7");
    assert_str(sy_match_target(m), "User");
    sy_test_resolve(m, r, "/dOCS/Intro");
    assert_str(sy_match_target(m), "Docs");
    assert_str(sy_test_param_text(m, "page"), "Intro");
    sy_match_free(m);
    sy_router_free(r);
}

/* SEMANTICS §10: a segment that is exactly one regexp group ranks as the default dialect's
 * <re:name:regexp>: after <int:>, before :name; the same constraint in the other dialect is
 * a conflict; unnamed groups are "0", "1", ... */
static void constrained_group_ranks_as_a_constraint(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    sy_test_add(r, "/books/:slug", "Slug");
    assert_status(SY_OK, add_flagged(r, "/books/:id(\\d+)", "Numeric", SY_ROUTE_DIALECT_URLPATTERN, &err), &err);
    sy_test_add(r, "/books/<int:n>/reviews", "Reviews");
    assert_status(SY_OK, add_flagged(r, "/books/(\\d+)/(\\w+)", "Unnamed", SY_ROUTE_DIALECT_URLPATTERN, &err), &err);
    sy_test_resolve(m, r, "/books/42");
    assert_str(sy_match_target(m), "Numeric");
    assert_str(sy_test_param_text(m, "id"), "42");
    sy_test_resolve(m, r, "/books/abc");
    assert_str(sy_match_target(m), "Slug");
    sy_test_resolve(m, r, "/books/42/reviews");
    assert_str(sy_match_target(m), "Reviews");
    sy_test_resolve(m, r, "/books/42/notes");
    assert_str(sy_match_target(m), "Unnamed");
    assert_str(sy_test_param_text(m, "0"), "42");
    assert_str(sy_test_param_text(m, "1"), "notes");
    assert_status(SY_ERR_CONFLICT, add_flagged(r, "/books/<re:n:\\d+>", "Again", SY_ROUTE_DIALECT_SWITCHYARD, &err), &err);
    assert_true(sy_test_message_has(&err, "/books/:id(\\d+)"));
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "Setting both dialect bits is SY_ERR_INVALID_ARGUMENT." Pattern errors name
 * the construct and its byte. */
static void errors(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_error err;
    (void)state;
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  add_flagged(r, "/a", "A", SY_ROUTE_DIALECT_URLPATTERN | SY_ROUTE_DIALECT_SWITCHYARD, &err), &err);
    assert_status(SY_ERR_INVALID_PATTERN, add_flagged(r, "/:x(a\\1)", "X", SY_ROUTE_DIALECT_URLPATTERN, &err), &err);
    assert_int_equal(err.position, 5);
    assert_true(sy_test_message_has(&err, "backreference"));
    assert_status(SY_ERR_INVALID_PATTERN, add_flagged(r, "/:x((?=a)a)", "X", SY_ROUTE_DIALECT_URLPATTERN, &err), &err);
    assert_int_equal(err.position, 4);
    assert_true(sy_test_message_has(&err, "lookahead"));
    sy_router_free(r);
}

/* A urlpattern route with search and hash patterns (NULL: absent). */
static sy_route searched(const char *pattern, const char *target, const char *search, const char *hash)
{
    sy_route route;
    sy_route_init(&route, SY_ROUTE_VERSION);
    route.flags = SY_ROUTE_DIALECT_URLPATTERN;
    route.pattern.ptr = pattern;
    route.pattern.len = strlen(pattern);
    route.target.ptr = target;
    route.target.len = strlen(target);
    route.search.ptr = search;
    route.search.len = search ? strlen(search) : 0;
    route.hash.ptr = hash;
    route.hash.len = hash ? strlen(hash) : 0;
    return route;
}

/* HEADER: "the standard's search and hash patterns, matched against the URL's raw query
 * and fragment" ... "Absent (ptr == NULL): the component matches anything; present but
 * empty: it matches only an empty or missing query or fragment." */
static void search_and_hash_patterns(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_route both = searched("/books/:id", "Both", "page=:n", "sec-:s");
    sy_route only_search = searched("/list", "List", "sort=:key(\\w+)", NULL);
    sy_route only_hash = searched("/doc", "Doc", NULL, "top");
    sy_route empty_search = searched("/plain", "Plain", "", NULL);
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_router_add_route(r, &both, &err), &err);
    assert_status(SY_OK, sy_router_add_route(r, &only_search, &err), &err);
    assert_status(SY_OK, sy_router_add_route(r, &only_hash, &err), &err);
    assert_status(SY_OK, sy_router_add_route(r, &empty_search, &err), &err);
    sy_test_resolve(m, r, "/books/7?page=3#sec-2");
    assert_true(sy_match_found(m));
    assert_str(sy_match_target(m), "Both");
    assert_str(sy_test_param_text(m, "id"), "7");
    assert_str(sy_test_param_text(m, "n"), "3");
    assert_str(sy_test_param_text(m, "s"), "2");
    sy_test_resolve(m, r, "/books/7?page=3");
    assert_false(sy_match_found(m));
    sy_test_resolve(m, r, "/books/7?other=3#sec-2");
    assert_false(sy_match_found(m));
    /* No hash pattern: any fragment, or none. */
    sy_test_resolve(m, r, "/list?sort=name#anything");
    assert_str(sy_match_target(m), "List");
    assert_str(sy_test_param_text(m, "key"), "name");
    sy_test_resolve(m, r, "/list?sort=a-b");
    assert_false(sy_match_found(m));
    /* No search pattern: any query. */
    sy_test_resolve(m, r, "/doc?x=1#top");
    assert_str(sy_match_target(m), "Doc");
    sy_test_resolve(m, r, "/doc#bottom");
    assert_false(sy_match_found(m));
    sy_test_resolve(m, r, "/plain");
    assert_str(sy_match_target(m), "Plain");
    sy_test_resolve(m, r, "/plain?x=1");
    assert_false(sy_match_found(m));
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "urlpattern dialect only (SY_ROUTE_DIALECT_URLPATTERN, or
 * SY_OPT_URLPATTERN_DIALECT with no SY_ROUTE_DIALECT_SWITCHYARD)" */
static void search_under_the_router_dialect(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_match *m = sy_test_match();
    sy_route rt = searched("/s", "Search", "q=:q", NULL);
    sy_error err;
    (void)state;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.flags = SY_OPT_URLPATTERN_DIALECT;
    r = sy_test_router(&o);
    rt.flags = 0;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    sy_test_resolve(m, r, "/s?q=cats");
    assert_str(sy_test_param_text(m, "q"), "cats");
    rt = searched("/t", "T", "q=:q", NULL);
    rt.flags = SY_ROUTE_DIALECT_SWITCHYARD;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    sy_match_free(m);
    sy_router_free(r);
}

/* A version 1 struct followed by bytes that would be a misuse if read as search and
 * hash (NULL with a length): reading past the struct shows as an error. */
typedef struct guarded_v1 {
    route_v1 route;
    sy_str after[2];
} guarded_v1;

static void guard(guarded_v1 *g)
{
    memset(g, 0x5A, sizeof *g);
    g->after[0].ptr = NULL;
    g->after[0].len = 5;
    g->after[1] = g->after[0];
}

static void v1_target(route_v1 *rt, const char *pattern, const char *target, uint32_t flags)
{
    rt->pattern.ptr = pattern;
    rt->pattern.len = strlen(pattern);
    rt->target.ptr = target;
    rt->target.len = strlen(target);
    rt->flags = flags;
}

/* HEADER: "A struct of an earlier version (filled with sy_route_init(&route, 1) or 2) is
 * still read, up to its last field; the library never reads or writes past it, and reads
 * it as a route without the later fields (no search or hash patterns, no parent)." */
static void version_1_route_is_still_read(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    guarded_v1 one;
    route_v1 batch[3];
    sy_str before[2];
    sy_error err;
    (void)state;
    assert_int_equal(sizeof(route_v1), offsetof(sy_route, search));
    guard(&one);
    memcpy(before, one.after, sizeof before);
    assert_int_equal(sy_route_init((sy_route *)&one, 1), SY_OK);
    assert_int_equal(one.route.version, 1);
    assert_null(one.route.pattern.ptr);
    assert_int_equal(one.route.priority, 0);
    assert_memory_equal(one.after, before, sizeof before); /* nothing written past it */
    v1_target(&one.route, "/v1/:id", "One", SY_ROUTE_DIALECT_URLPATTERN);
    assert_status(SY_OK, sy_router_add_route(r, (const sy_route *)&one, &err), &err);
    sy_test_resolve(m, r, "/v1/5?any=thing#at-all");
    assert_str(sy_match_target(m), "One");
    assert_str(sy_test_param_text(m, "id"), "5");
    /* sy_router_add_route_data reads it the same way. */
    guard(&one);
    sy_route_init((sy_route *)&one, 1);
    v1_target(&one.route, "/data", "Data", 0);
    assert_status(SY_OK, sy_router_add_route_data(r, (const sy_route *)&one, NULL, NULL, &err), &err);
    /* An array of version 1 structs: their stride is the version 1 size. */
    memset(batch, 0x5A, sizeof batch);
    sy_route_init((sy_route *)&batch[0], 1);
    sy_route_init((sy_route *)&batch[1], 1);
    sy_route_init((sy_route *)&batch[2], 1);
    v1_target(&batch[0], "/b0", "B0", 0);
    v1_target(&batch[1], "/b1/:x", "B1", SY_ROUTE_DIALECT_URLPATTERN);
    v1_target(&batch[2], "/b2", "B2", 0);
    assert_status(SY_OK, sy_router_add_routes(r, (const sy_route *)batch, 3, &err), &err);
    sy_test_resolve(m, r, "/b1/y?q#h");
    assert_str(sy_match_target(m), "B1");
    sy_test_resolve(m, r, "/b2");
    assert_str(sy_match_target(m), "B2");
    sy_test_resolve(m, r, "/data");
    assert_str(sy_match_target(m), "Data");
    assert_int_equal(sy_router_route_count(r), 5);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (sy_router_add_routes): "Every route has the version of routes[0]" ... "SY_ERR_MISUSE
 * if routes is NULL with a non-zero count, or a route's version differs from routes[0]'s" */
static void batch_of_mixed_versions_is_misuse(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_route batch[2];
    sy_error err;
    (void)state;
    batch[0] = searched("/a", "A", NULL, NULL);
    batch[1] = searched("/b", "B", NULL, NULL);
    batch[1].version = 1;
    assert_status(SY_ERR_MISUSE, sy_router_add_routes(r, batch, 2, &err), &err);
    assert_int_equal(err.route_index, 1);
    assert_true(sy_test_message_has(&err, "routes[0].version"));
    assert_int_equal(sy_router_route_count(r), 0);
    sy_router_free(r);
}

/* HEADER (sy_router_add_route): "also for search or hash on a route that is not in the
 * urlpattern dialect" ... "for an error in search or hash, the message names the
 * component ("urlpattern search: ...") and position is the byte in that pattern." */
static void search_and_hash_errors(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_route rt;
    sy_route batch[2];
    sy_error err;
    (void)state;
    rt = searched("/a", "A", "q=:x(a\\1)", NULL);
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "urlpattern search"));
    assert_true(sy_test_message_has(&err, "backreference"));
    assert_int_equal(err.position, 6);
    rt = searched("/a", "A", NULL, "x(b");
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "urlpattern hash"));
    assert_int_equal(err.position, 1);
    /* A name shared by two components: the match has one parameter map. */
    rt = searched("/:id", "A", "id=:id", NULL);
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "'id'"));
    /* Search or hash on a route of the default dialect. */
    rt = searched("/a", "A", "q=:q", NULL);
    rt.flags = 0;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "urlpattern dialect"));
    assert_int_equal(err.position, -1);
    rt = searched("/a", "A", NULL, "top");
    rt.flags = 0;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    /* NULL with a length, as for every sy_str. */
    rt = searched("/a", "A", NULL, NULL);
    rt.search.len = 3;
    assert_status(SY_ERR_MISUSE, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "route.search"));
    /* In a batch: the route's index, and the byte in its hash. */
    batch[0] = searched("/ok", "Ok", "a=:a", NULL);
    batch[1] = searched("/bad", "Bad", NULL, "sec-:s(a\\1)");
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add_routes(r, batch, 2, &err), &err);
    assert_int_equal(err.route_index, 1);
    assert_int_equal(err.position, 8);
    assert_true(strncmp(err.message, "routes[1]: ", 11) == 0);
    assert_true(sy_test_message_has(&err, "urlpattern hash"));
    assert_int_equal(sy_router_route_count(r), 0);
    sy_router_free(r);
}

/* A redirect from a tail names its groups, named and numbered; each value is decoded once
 * and encoded for its place, so an escaped slash or backslash stays in the path. */
static void redirect_names_tail_groups(void **state)
{
    static const char *const cases[][2] = {
        {"https://ex.com/a/caf%C3%A9/7", "https://ex.com/to/caf%C3%A9/7"},
        {"https://ex.com/a/%2F%2Fevil.com/7", "https://ex.com/to/%2F%2Fevil.com/7"},
        {"https://ex.com/a/..%2F..%2Fx/7", "https://ex.com/to/..%2F..%2Fx/7"},
        {"https://ex.com/a/%5Cevil.com/7", "https://ex.com/to/%5Cevil.com/7"},
    };
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    sy_route rt;
    size_t i;
    const char *pattern = "/a/:x(.*)/(\\d+)", *redirect = "https://ex.com/to/{x}/{0}";
    (void)state;
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.ptr = pattern;
    rt.pattern.len = strlen(pattern);
    rt.redirect.ptr = redirect;
    rt.redirect.len = strlen(redirect);
    rt.flags = SY_ROUTE_DIALECT_URLPATTERN | SY_ROUTE_NO_APPEND_PARAMS;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sy_test_resolve(m, r, cases[i][0]);
        assert_str(sy_match_url(m), cases[i][1]);
    }
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(route_flag_selects_the_dialect),
        cmocka_unit_test(router_flag_and_ignore_case),
        cmocka_unit_test(constrained_group_ranks_as_a_constraint),
        cmocka_unit_test(errors),
        cmocka_unit_test(search_and_hash_patterns),
        cmocka_unit_test(search_under_the_router_dialect),
        cmocka_unit_test(version_1_route_is_still_read),
        cmocka_unit_test(batch_of_mixed_versions_is_misuse),
        cmocka_unit_test(search_and_hash_errors),
        cmocka_unit_test(redirect_names_tail_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
