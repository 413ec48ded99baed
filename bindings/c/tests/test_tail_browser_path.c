/*
 * test_tail_browser_path.c: a urlpattern tail matches the path a browser reads
 * (SEMANTICS.md "The urlpattern dialect"): for a web URL or one without a scheme, dot
 * segments are removed (`%2e` is a dot with decode_path off too) and the path
 * percent-encode set is encoded, so no tail, nor a redirect built from one, sees a path
 * that `..` leads out of.
 */
#include "sy_test.h"

static void add_urlpattern(sy_router *r, const char *pattern, const char *target, const char *redirect)
{
    sy_route route;
    sy_error err;
    sy_route_init(&route, SY_ROUTE_VERSION);
    route.pattern.ptr = pattern;
    route.pattern.len = strlen(pattern);
    if (target) {
        route.target.ptr = target;
        route.target.len = strlen(target);
    }
    if (redirect) {
        route.redirect.ptr = redirect;
        route.redirect.len = strlen(redirect);
        route.flags |= SY_ROUTE_NO_APPEND_PARAMS;
    }
    route.flags |= SY_ROUTE_DIALECT_URLPATTERN;
    assert_status(SY_OK, sy_router_add_route(r, &route, &err), &err);
}

static sy_router *browser_path_router(int decode_path)
{
    sy_router_options o;
    sy_router *r;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    if (!decode_path)
        o.flags |= SY_OPT_NO_DECODE_PATH;
    r = sy_test_router(&o);
    add_urlpattern(r, "/files/:name", "Segment", NULL);
    add_urlpattern(r, "/tail/*", "Tail", NULL);
    return r;
}

/* One URL: its target (NULL for a miss) and the parameter it gives. */
typedef struct { const char *url, *target, *param, *value; } path_case;

static void tails_read_the_browser_path(void **state)
{
    static const path_case cases[] = {
        { "/a/../files/x", "Segment", "name", "x" },
        { "/files/%2e%2e/x", NULL, NULL, NULL },
        { "/a/../tail/x/y", "Tail", "0", "x/y" },
        { "/tail/x/%2E./y", "Tail", "0", "y" },
        { "/tail/x/%2e/y", "Tail", "0", "x/y" },
        { "/tail/%2e%2e/etc", NULL, NULL, NULL },
        { "https://ex.com/tail/a/%2e%2e/b", "Tail", "0", "b" },
        { "/tail/caf\xc3\xa9 x", "Tail", "0", "caf%C3%A9%20x" },
    };
    sy_match *m = sy_test_match();
    int decode;
    size_t i;
    (void)state;
    for (decode = 0; decode < 2; decode++) {
        sy_router *r = browser_path_router(decode);
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            sy_test_resolve(m, r, cases[i].url);
            if (!cases[i].target) {
                if (sy_match_found(m))
                    fail_msg("%s (decode_path %d) matched", cases[i].url, decode);
                continue;
            }
            if (!sy_match_found(m))
                fail_msg("%s (decode_path %d) missed", cases[i].url, decode);
            assert_str(sy_match_target(m), cases[i].target);
            assert_str(sy_test_param_text(m, cases[i].param), cases[i].value);
        }
        sy_router_free(r);
    }
    sy_match_free(m);
}

/* SEMANTICS.md: a produced URL holds no dot segment its template did not write; with the
 * browser's path, a tail's group never holds one to begin with. */
static void redirect_from_a_tail_stays_inside_its_template(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    (void)state;
    add_urlpattern(r, "/files/:rest(.*)", NULL, "https://ex.com/dl/{rest}/view");

    sy_test_resolve(m, r, "https://ex.com/files/a/../b");
    assert_int_equal(sy_match_redirect_count(m), 2);
    assert_str(sy_match_redirect_at(m, 1), "https://ex.com/dl/b/view");

    sy_test_resolve(m, r, "https://ex.com/files/%2e%2e%2fsecret");
    assert_int_equal(sy_match_redirect_count(m), 2);
    assert_str(sy_match_redirect_at(m, 1), "https://ex.com/dl/..%2Fsecret/view");

    sy_test_resolve(m, r, "https://ex.com/files/x/%2e%2e/%2e%2e/etc");
    assert_false(sy_match_found(m));
    assert_true(sy_match_redirect_count(m) <= 1);
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tails_read_the_browser_path),
        cmocka_unit_test(redirect_from_a_tail_stays_inside_its_template),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
