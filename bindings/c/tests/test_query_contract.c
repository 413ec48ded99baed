/*
 * test_query_contract.c: routes that declare their query items (docs/SEMANTICS.md "Query
 * contracts"): typed values through the typed getters and sy_match_param_at, defaults
 * typed as declared, a required item or a value of another type letting the next route
 * match, list items listed value by value and built from a name given once per value, and
 * malformed contracts refused at their byte.
 */
#include <stdint.h>
#include <stdlib.h>
#include "sy_test.h"

static sy_router *g_router;

static int setup(void **state)
{
    (void)state;
    g_router = sy_test_router(NULL);
    sy_test_add(g_router, "/search?q=<string:q>&page=<int:page=1>&zoom=<float:zoom?>", "Search");
    sy_test_add(g_router, "/items?id=<[int]:ids>", "Items");
    {
        sy_route rt;
        sy_error err;
        sy_route_init(&rt, SY_ROUTE_VERSION);
        rt.pattern.ptr = "/search";
        rt.pattern.len = 7;
        rt.target.ptr = "Plain";
        rt.target.len = 5;
        rt.priority = -1;
        assert_status(SY_OK, sy_router_add_route(g_router, &rt, &err), &err);
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    sy_router_free(g_router);
    return 0;
}

static void expect_target(sy_match *m, const char *url, const char *target)
{
    sy_str t;
    sy_test_resolve(m, g_router, url);
    t = sy_match_target(m);
    assert_int_equal(t.len, strlen(target));
    assert_memory_equal(t.ptr, target, t.len);
}

static void typed_values_and_defaults(void **state)
{
    sy_match *m = sy_test_match();
    int64_t page = 0;
    double zoom = 0;
    sy_str q;
    sy_error err;
    (void)state;
    expect_target(m, "/search?zoom=2.5&q=a+b&page=007", "Search");
    assert_status(SY_OK, sy_match_param_int(&page, m, SY_STR("page"), &err), &err);
    assert_true(page == 7);
    assert_status(SY_OK, sy_match_param_float(&zoom, m, SY_STR("zoom"), &err), &err);
    assert_true(zoom == 2.5);
    assert_status(SY_OK, sy_match_param_text(&q, m, SY_STR("q"), &err), &err);
    assert_int_equal(q.len, 3);
    assert_memory_equal(q.ptr, "a b", 3);
    /* The default is an int, as declared. */
    expect_target(m, "/search?q=x", "Search");
    assert_status(SY_OK, sy_match_param_int(&page, m, SY_STR("page"), &err), &err);
    assert_true(page == 1);
    assert_int_equal(sy_match_param_float(&zoom, m, SY_STR("zoom"), &err), SY_ERR_NOT_FOUND);
    sy_match_free(m);
}

static void refused_queries_let_the_next_route_match(void **state)
{
    sy_match *m = sy_test_match();
    (void)state;
    expect_target(m, "/search?page=2", "Plain");          /* q is required */
    expect_target(m, "/search?q=a&page=two", "Plain");    /* not an int */
    expect_target(m, "/search?q=a&zoom=", "Plain");       /* empty is not a float */
    expect_target(m, "/search?q=a&other=1", "Search");    /* unknown items are allowed */
    sy_match_free(m);
}

static void list_values_one_by_one(void **state)
{
    sy_match *m = sy_test_match();
    size_t i, n, seen = 0;
    int64_t want[] = {3, -4, 10};
    sy_error err;
    (void)state;
    expect_target(m, "/items?id=3&x=y&id=-4&id=10", "Items");
    n = sy_match_param_count(m);
    for (i = 0; i < n; i++) {
        sy_param p;
        assert_status(SY_OK, sy_match_param_at(&p, m, i, &err), &err);
        if (p.name.len == 3 && memcmp(p.name.ptr, "ids", 3) == 0) {
            assert_int_equal(p.type, SY_VALUE_INT);
            assert_true(seen < 3 && p.int_value == want[seen]);
            seen++;
        }
        /* the item's URL name is taken by the contract */
        assert_false(p.name.len == 2 && memcmp(p.name.ptr, "id", 2) == 0);
    }
    assert_int_equal(seen, 3);
    sy_match_free(m);
}

static sy_param int_param(const char *name, int64_t v)
{
    sy_param p;
    memset(&p, 0, sizeof p);
    p.name.ptr = name;
    p.name.len = strlen(name);
    p.type = SY_VALUE_INT;
    p.int_value = v;
    return p;
}

static sy_param text_param(const char *name, const char *text)
{
    sy_param p;
    memset(&p, 0, sizeof p);
    p.name.ptr = name;
    p.name.len = strlen(name);
    p.type = SY_VALUE_STRING;
    p.text.ptr = text;
    p.text.len = strlen(text);
    return p;
}

/* HEADER: "A name given more than once is a list ... writes each value in the order given" */
static void a_name_given_again_is_a_list_when_building(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_route rt;
    sy_error err;
    char url[128];
    (void)state;
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.ptr = "/items/:shop?id=<[int]:ids>&page=<int:page=1>";
    rt.pattern.len = strlen(rt.pattern.ptr);
    rt.target.ptr = "Items";
    rt.target.len = 5;
    rt.name.ptr = "items";
    rt.name.len = 5;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);

    sy_param list[] = {text_param("shop", "s"), int_param("ids", 3), int_param("ids", -4), int_param("ids", 10),
                       text_param("more", "a&b"), text_param("more", "")};
    assert_status(SY_OK, sy_router_build_url(url, sizeof url, NULL, r, "items", SY_NUL, list, 6, &err), &err);
    assert_string_equal(url, "/items/s?id=3&id=-4&id=10&more=a%26b&more=");

    sy_match *m = sy_test_match();
    sy_test_resolve(m, r, url);
    int64_t want[] = {3, -4, 10};
    size_t seen = 0;
    for (size_t i = 0; i < sy_match_param_count(m); i++) {
        sy_param p;
        assert_status(SY_OK, sy_match_param_at(&p, m, i, &err), &err);
        if (p.name.len == 3 && memcmp(p.name.ptr, "ids", 3) == 0) {
            assert_true(seen < 3 && p.int_value == want[seen]);
            seen++;
        }
    }
    assert_int_equal(seen, 3);
    sy_match_free(m);

    /* A path parameter or a scalar item given twice is refused, naming it. */
    sy_param twice_path[] = {text_param("shop", "s"), text_param("shop", "t"), int_param("ids", 1)};
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_build_url(url, sizeof url, NULL, r, "items", SY_NUL, twice_path, 3, &err), &err);
    assert_true(sy_test_message_has(&err, "parameter 'shop' of route 'items' takes one value, and 2 are given"));
    sy_param twice_page[] = {text_param("shop", "s"), int_param("ids", 1), int_param("page", 2), int_param("page", 3)};
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_build_url(url, sizeof url, NULL, r, "items", SY_NUL, twice_page, 4, &err), &err);
    assert_true(sy_test_message_has(&err, "query item 'page' of route 'items' takes one value"));

    /* HEADER: "SY_BUILD_URL_WITH_DEFAULTS writes the query items that have a default even
     * when they are not given or equal it" */
    sy_param one[] = {text_param("shop", "s"), int_param("ids", 1)};
    assert_status(SY_OK, sy_router_build_url_flags(url, sizeof url, NULL, r, "items", SY_NUL, one, 2, 0, &err), &err);
    assert_string_equal(url, "/items/s?id=1");
    assert_status(SY_OK, sy_router_build_url_flags(url, sizeof url, NULL, r, "items", SY_NUL, one, 2,
                                                   SY_BUILD_URL_WITH_DEFAULTS, &err), &err);
    assert_string_equal(url, "/items/s?id=1&page=1");
    assert_status(SY_OK, sy_router_build_url_flags(url, sizeof url, NULL, r, "items", SY_NUL, one, 2,
                                                   SY_BUILD_URL_WITH_DEFAULTS | SY_BUILD_URL_REFUSE_EXTRA, &err), &err);
    assert_string_equal(url, "/items/s?id=1&page=1");
    sy_router_free(r);
}

static void malformed_contracts_are_refused_at_their_byte(void **state)
{
    static const struct { const char *pattern; size_t at; } cases[] = {
        {"/a?x=<int:x>&x=<int:y>", 13},
        {"/a?x=<date:x>", 6},
        {"/a?x=<int:x=abc>", 12},
        {"/a/:id?id=<int:id>", 15},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sy_router *r = sy_test_router(NULL);
        sy_error err;
        assert_int_equal(sy_router_add(r, cases[i].pattern, SY_NUL, "T", SY_NUL, &err), SY_ERR_INVALID_PATTERN);
        assert_int_equal(err.position, (int32_t)cases[i].at);
        sy_router_free(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(typed_values_and_defaults),
        cmocka_unit_test(refused_queries_let_the_next_route_match),
        cmocka_unit_test(list_values_one_by_one),
        cmocka_unit_test(malformed_contracts_are_refused_at_their_byte),
        cmocka_unit_test(a_name_given_again_is_a_list_when_building),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
