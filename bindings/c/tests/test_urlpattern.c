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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(route_flag_selects_the_dialect),
        cmocka_unit_test(router_flag_and_ignore_case),
        cmocka_unit_test(constrained_group_ranks_as_a_constraint),
        cmocka_unit_test(errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
