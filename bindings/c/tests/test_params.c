/* test_params.c: sy_match_params, a whole parameter list typed into the caller's array,
 * checked against the per-index accessors it must agree with. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

static sy_router *g_router;
static sy_match *g_match;

static int setup(void **state)
{
    sy_error err;
    sy_route route;
    sy_param defaults[1];
    (void)state;
    g_router = sy_test_router(NULL);
    g_match = sy_test_match();
    sy_test_add(g_router, "myapp://user/<int:id>/post/:slug", "Post");
    sy_test_add(g_router, "/geo/<float:lat>/<float:lng>", "Map");
    sy_test_add(g_router, "/plain", "Plain");
    memset(defaults, 0, sizeof defaults);
    defaults[0].name = (sy_str){"page", 4};
    defaults[0].type = SY_VALUE_INT;
    defaults[0].int_value = 1;
    sy_route_init(&route, SY_ROUTE_VERSION);
    route.pattern = (sy_str){"/list/:kind", 11};
    route.target = (sy_str){"List", 4};
    route.defaults = defaults;
    route.defaults_count = 1;
    return sy_router_add_route(g_router, &route, &err) == SY_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sy_match_free(g_match);
    sy_router_free(g_router);
    return 0;
}

/* Each list, as the _at accessors give it element by element. */
static void check_list_against_accessors(int32_t which)
{
    sy_param params[8];
    size_t n = 99;
    sy_error err;
    assert_status(SY_OK, sy_match_params(params, 8, &n, g_match, which, &err), &err);
    assert_cleared(&err);
    size_t want = which == SY_PARAMS_PATH ? sy_match_path_param_count(g_match) : sy_match_param_count(g_match);
    assert_int_equal(n, want);
    for (size_t i = 0; i < n; i++) {
        sy_param p;
        if (which == SY_PARAMS_PATH)
            assert_status(SY_OK, sy_match_path_param_at(&p, g_match, i, &err), &err);
        else
            assert_status(SY_OK, sy_match_param_at(&p, g_match, i, &err), &err);
        assert_int_equal(params[i].type, p.type);
        assert_int_equal(params[i].name.len, p.name.len);
        assert_memory_equal(params[i].name.ptr, p.name.ptr, p.name.len);
        assert_int_equal(params[i].text.len, p.text.len);
        if (p.text.len) assert_memory_equal(params[i].text.ptr, p.text.ptr, p.text.len);
        assert_int_equal(params[i].int_value, p.int_value);
        assert_true(params[i].float_value == p.float_value);
    }
}

static void lists_agree_with_the_accessors(void **state)
{
    static const char *urls[] = {
        "myapp://user/42/post/hello%20world?tab=likes&tab=top&x=1",
        "/geo/52.5/-13.25?zoom=3",
        "/list/shoes",
        "/list/shoes?page=7",
        "/plain?q=%C3%A9t%C3%A9",
    };
    (void)state;
    for (size_t u = 0; u < sizeof urls / sizeof *urls; u++) {
        sy_test_resolve(g_match, g_router, urls[u]);
        assert_true(sy_match_found(g_match));
        check_list_against_accessors(SY_PARAMS_PATH);
        check_list_against_accessors(SY_PARAMS_MERGED);
    }
}

static void typed_values_are_given(void **state)
{
    sy_param p[4];
    size_t n = 0;
    sy_error err;
    (void)state;
    sy_test_resolve(g_match, g_router, "myapp://user/42/post/hi");
    assert_status(SY_OK, sy_match_params(p, 4, &n, g_match, SY_PARAMS_PATH, &err), &err);
    assert_int_equal(n, 2);
    assert_str(p[0].name, "id");
    assert_int_equal(p[0].type, SY_VALUE_INT);
    assert_int_equal(p[0].int_value, 42);
    assert_str(p[1].name, "slug");
    assert_int_equal(p[1].type, SY_VALUE_STRING);
    assert_str(p[1].text, "hi");
}

static void a_miss_and_an_empty_list_give_none(void **state)
{
    sy_param p[1];
    size_t n = 99;
    sy_error err;
    (void)state;
    sy_test_resolve(g_match, g_router, "/nothing/here");
    assert_false(sy_match_found(g_match));
    assert_status(SY_OK, sy_match_params(p, 1, &n, g_match, SY_PARAMS_MERGED, &err), &err);
    assert_int_equal(n, 0);
    sy_test_resolve(g_match, g_router, "/plain");
    n = 99;
    assert_status(SY_OK, sy_match_params(NULL, 0, &n, g_match, SY_PARAMS_PATH, &err), &err);
    assert_int_equal(n, 0);
}

static void a_short_array_is_left_alone(void **state)
{
    sy_param p[2];
    size_t n = 0;
    sy_error err;
    (void)state;
    sy_test_resolve(g_match, g_router, "myapp://user/42/post/hi?a=1");
    memset(p, 0xAB, sizeof p);
    assert_int_equal(sy_match_params(p, 2, &n, g_match, SY_PARAMS_MERGED, &err), SY_ERR_BUFFER_TOO_SMALL);
    assert_failed(&err, SY_ERR_BUFFER_TOO_SMALL);
    assert_true(sy_test_message_has(&err, "out holds 2 parameters; the match has 3"));
    assert_int_equal(n, 3);
    for (size_t i = 0; i < sizeof p; i++) assert_int_equal(((unsigned char *)p)[i], 0xAB);
    /* Asking for the size first. */
    assert_int_equal(sy_match_params(NULL, 0, &n, g_match, SY_PARAMS_MERGED, &err), SY_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(n, 3);
}

static void bad_arguments(void **state)
{
    sy_param p[2];
    size_t n = 99;
    sy_error err;
    (void)state;
    sy_test_resolve(g_match, g_router, "/plain");
    assert_int_equal(sy_match_params(p, 2, &n, NULL, SY_PARAMS_PATH, &err), SY_ERR_MISUSE);
    assert_int_equal(n, 0);
    assert_int_equal(sy_match_params(p, 2, &n, (const sy_match *)g_router, SY_PARAMS_PATH, &err), SY_ERR_MISUSE);
    assert_int_equal(sy_match_params(NULL, 2, &n, g_match, SY_PARAMS_PATH, &err), SY_ERR_MISUSE);
    assert_true(sy_test_message_has(&err, "out is NULL"));
    assert_int_equal(sy_match_params(p, 2, &n, g_match, 7, &err), SY_ERR_INVALID_ARGUMENT);
    assert_true(sy_test_message_has(&err, "which is 7"));
    /* count_out and err are optional. */
    assert_int_equal(sy_match_params(p, 2, NULL, g_match, SY_PARAMS_PATH, NULL), SY_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lists_agree_with_the_accessors),
        cmocka_unit_test(typed_values_are_given),
        cmocka_unit_test(a_miss_and_an_empty_list_give_none),
        cmocka_unit_test(a_short_array_is_left_alone),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
