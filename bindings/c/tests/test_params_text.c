/* test_params_text.c: sy_match_params_text, a whole parameter list in one call. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

static sy_router *g_router;

static int setup(void **state)
{
    sy_error err;
    sy_route route;
    sy_param defaults[2];
    (void)state;
    if (sy_router_new(&g_router, NULL, &err) != SY_OK) return -1;
    if (sy_router_add(g_router, LIT("myapp://user/<int:id>"), LIT("UserProfile"), &err) != SY_OK ||
        sy_router_add(g_router, LIT("/geo/<float:lat>/:name"), LIT("Map"), &err) != SY_OK ||
        sy_router_add(g_router, LIT("/plain"), LIT("Plain"), &err) != SY_OK)
        return -1;
    memset(defaults, 0, sizeof defaults);
    defaults[0].name = (sy_str){"page", 4};
    defaults[0].type = SY_VALUE_INT;
    defaults[0].int_value = 1;
    defaults[1].name = (sy_str){"sort", 4};
    defaults[1].type = SY_VALUE_STRING;
    defaults[1].text = (sy_str){"new", 3};
    sy_route_init(&route, SY_ROUTE_VERSION);
    route.pattern = (sy_str){"/list/:kind", 11};
    route.target = (sy_str){"List", 4};
    route.defaults = defaults;
    route.defaults_count = 2;
    return sy_router_add_route(g_router, &route, &err) == SY_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sy_router_free(g_router);
    return 0;
}

/* The text of one list, written into a buffer sized by a first call with cap 0. */
static size_t params_text(char *buf, size_t cap, const sy_match *m, int32_t which)
{
    size_t len = 99;
    sy_error err;
    sy_status s = sy_match_params_text(NULL, 0, &len, m, which, &err);
    if (len > 0) assert_int_equal(s, SY_ERR_BUFFER_TOO_SMALL);
    else assert_status(SY_OK, s, &err);
    assert_true(len <= cap);
    assert_status(SY_OK, sy_match_params_text(buf, cap, &len, m, which, &err), &err);
    return len;
}

static void assert_bytes(const char *got, size_t got_len, const char *want, size_t want_len)
{
    assert_int_equal(got_len, want_len);
    assert_memory_equal(got, want, want_len);
}

/* One table row: a URL, a list, and the exact bytes expected. */
struct text_case {
    const char *url;
    int32_t which;
    const char *want;
    size_t want_len;
};
#define WANT(s) (s), sizeof(s) - 1

/* HEADER: "otherwise it has one ASCII letter per parameter, in list order", "An int's
 * text is its decimal digits (with any sign as written)", "a float's text parses to its
 * float_value", "TYPES is empty when every parameter is a string (SY_VALUE_STRING) and
 * every name and text is ASCII" and (sy_match_param_count) "route defaults fill names
 * still missing" */
static const struct text_case text_cases[] = {
    /* A query item of a path parameter's name loses to it; "tab" keeps its last value. */
    {"myapp://user/+42?id=9&tab=a&tab=b", SY_PARAMS_MERGED, WANT("is\xFFid\xFF+42\xFFtab\xFF" "b")},
    {"myapp://user/+42?id=9&tab=a&tab=b", SY_PARAMS_PATH, WANT("i\xFFid\xFF+42")},
    {"/plain?tab=b", SY_PARAMS_MERGED, WANT("\xFFtab\xFF" "b")},
    /* names and texts decoded */
    {"/geo/1.5e2/l%C3%A9a%20b", SY_PARAMS_PATH, WANT("fs\xFFlat\xFF" "1.5e2\xFFname\xFFl\xC3\xA9" "a b")},
    {"/list/news", SY_PARAMS_MERGED, WANT("sis\xFFkind\xFFnews\xFFpage\xFF" "1\xFFsort\xFF" "new")},
    {"/list/news", SY_PARAMS_PATH, WANT("\xFFkind\xFFnews")},
    /* strings only, but not ASCII: the letters are there */
    {"/geo/1/caf%C3%A9?q=x", SY_PARAMS_PATH, WANT("fs\xFFlat\xFF" "1\xFFname\xFF" "caf\xC3\xA9")},
    {"/plain?caf%C3%A9=1&x=2", SY_PARAMS_MERGED, WANT("ss\xFF" "caf\xC3\xA9\xFF" "1\xFFx\xFF" "2")},
    {"/plain?x=%E2%9C%93", SY_PARAMS_MERGED, WANT("s\xFFx\xFF\xE2\x9C\x93")},
};

static void lists_are_written_as_documented(void **state)
{
    sy_match *m = sy_test_match();
    char buf[256];
    size_t i, n;
    (void)state;
    for (i = 0; i < sizeof text_cases / sizeof text_cases[0]; i++) {
        const struct text_case *c = &text_cases[i];
        sy_test_resolve(m, g_router, c->url);
        n = params_text(buf, sizeof buf, m, c->which);
        if (n != c->want_len || memcmp(buf, c->want, n) != 0)
            print_error("case %zu: %s, list %d\n", i, c->url, (int)c->which);
        assert_bytes(buf, n, c->want, c->want_len);
    }
    sy_match_free(m);
}

/* HEADER: "An empty list writes nothing (length 0)." */
static void empty_lists_write_nothing(void **state)
{
    sy_match *m = sy_test_match();
    char buf[4] = {'x', 'x', 'x', 'x'};
    size_t n = 7;
    sy_error err;
    (void)state;
    /* before any resolve, on a route without parameters, and on a miss */
    assert_status(SY_OK, sy_match_params_text(buf, sizeof buf, &n, m, SY_PARAMS_MERGED, &err), &err);
    assert_int_equal(n, 0);
    sy_test_resolve(m, g_router, "/plain");
    assert_status(SY_OK, sy_match_params_text(buf, sizeof buf, &n, m, SY_PARAMS_MERGED, &err), &err);
    assert_int_equal(n, 0);
    sy_test_resolve(m, g_router, "/nowhere?a=1");
    assert_status(SY_OK, sy_match_params_text(NULL, 0, &n, m, SY_PARAMS_MERGED, &err), &err);
    assert_int_equal(n, 0);
    assert_int_equal(buf[0], 'x');
    sy_match_free(m);
}

/* HEADER: "SY_ERR_BUFFER_TOO_SMALL if cap < length; then nothing is written." and
 * "(then cap must be at least *len_out)" */
static void short_buffer_is_left_alone(void **state)
{
    sy_match *m = sy_test_match();
    char buf[64];
    size_t n = 0;
    sy_error err;
    (void)state;
    sy_test_resolve(m, g_router, "myapp://user/7");
    memset(buf, 'x', sizeof buf);
    assert_status(SY_ERR_BUFFER_TOO_SMALL, sy_match_params_text(buf, 5, &n, m, SY_PARAMS_MERGED, &err), &err);
    assert_int_equal(n, 6); /* "i" 0xFF "id" 0xFF "7" */
    assert_int_equal(buf[0], 'x');
    assert_non_null(strstr(err.message, "too small"));
    assert_status(SY_OK, sy_match_params_text(buf, 6, &n, m, SY_PARAMS_MERGED, &err), &err);
    assert_bytes(buf, n, "i\xFFid\xFF" "7", 6);
    assert_int_equal(buf[6], 'x'); /* "Nothing is NUL-terminated." */
    /* HEADER (Lifetime): "the text is a copy; it does not depend on the match or url" */
    sy_test_resolve(m, g_router, "myapp://user/8");
    sy_match_free(m);
    assert_bytes(buf, n, "i\xFFid\xFF" "7", 6);
}

/* HEADER: "SY_ERR_MISUSE if match is NULL or not a match, or buf is NULL with cap > 0;
 * SY_ERR_INVALID_ARGUMENT if which is not an sy_param_list;" */
static void bad_arguments(void **state)
{
    sy_match *m = sy_test_match();
    char buf[16];
    size_t n = 5;
    sy_error err;
    (void)state;
    sy_test_resolve(m, g_router, "myapp://user/7");
    assert_status(SY_ERR_MISUSE, sy_match_params_text(buf, sizeof buf, &n, NULL, SY_PARAMS_MERGED, &err), &err);
    assert_int_equal(n, 0);
    assert_status(SY_ERR_MISUSE,
                  sy_match_params_text(buf, sizeof buf, &n, (const sy_match *)g_router, SY_PARAMS_MERGED, &err),
                  &err);
    assert_status(SY_ERR_MISUSE, sy_match_params_text(NULL, 8, &n, m, SY_PARAMS_MERGED, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_match_params_text(buf, sizeof buf, &n, m, 2, &err), &err);
    assert_non_null(strstr(err.message, "which"));
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_match_params_text(buf, sizeof buf, &n, m, -1, &err), &err);
    /* len_out and err are optional */
    assert_int_equal(sy_match_params_text(buf, sizeof buf, NULL, m, SY_PARAMS_PATH, NULL), SY_OK);
    sy_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lists_are_written_as_documented),
        cmocka_unit_test(empty_lists_write_nothing),
        cmocka_unit_test(short_buffer_is_left_alone),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
