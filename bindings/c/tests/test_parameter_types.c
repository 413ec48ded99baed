/*
 * test_parameter_types.c: parameter types of the app's own (sy_router_register_type) and
 * word sets (sy_router_register_words, <one(...):name>): where they rank, a parse function
 * that declines and one that returns garbage, the refusals of registration, the release of
 * user data, URL building checked by parse, and the canonical text a format function gives.
 */
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

/* Accepts segments of digits only, counting its calls in *user_data. */
static int digits_parse(const char *text, size_t len, void *user_data)
{
    size_t i;
    (*(int *)user_data)++;
    for (i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9') return SY_TYPE_DECLINE;
    }
    return SY_TYPE_ACCEPT;
}

/* Declines everything. */
static int declining_parse(const char *text, size_t len, void *user_data)
{
    (void)text; (void)len; (void)user_data;
    return SY_TYPE_DECLINE;
}

/* Returns garbage for segments starting with 'x'. */
static int garbage_parse(const char *text, size_t len, void *user_data)
{
    (void)user_data;
    return len > 0 && text[0] == 'x' ? 7 : SY_TYPE_DECLINE;
}

static int released = 0;
static void count_release(void *data) { (void)data; released++; }

static const char *winner(sy_router *router, sy_match *match, const char *url)
{
    static char buf[128];
    sy_error err;
    sy_str t;
    assert_status(SY_OK, sy_router_resolve(match, router, LIT(url), &err), &err);
    if (!sy_match_found(match)) return "";
    t = sy_match_target(match);
    assert_true(t.len < sizeof buf);
    memcpy(buf, t.ptr, t.len);
    buf[t.len] = 0;
    return buf;
}

static void custom_type_ranks_and_captures(void **state)
{
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    sy_param p;
    int found = 0, calls = 0;
    (void)state;

    released = 0;
    assert_status(SY_OK, sy_router_new(&router, NULL, &err), &err);
    assert_status(SY_OK, sy_router_register_type(router, LIT("digits"), digits_parse, NULL, &calls, count_release, &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/n/<digits:d>"), LIT("Digits"), &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/n/:x"), LIT("Plain"), &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/n/42"), LIT("Literal"), &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/other/:x"), LIT("Other"), &err), &err);
    assert_status(SY_OK, sy_match_new(&match, &err), &err);

    assert_string_equal(winner(router, match, "/n/42"), "Literal");
    assert_int_equal(calls, 0); /* the literal won first: parse was not needed */
    assert_string_equal(winner(router, match, "/n/007"), "Digits");
    assert_int_equal(calls, 1);
    assert_status(SY_OK, sy_match_param(&p, &found, match, LIT("d"), &err), &err);
    assert_int_equal(found, 1);
    assert_str(p.text, "007");
    assert_int_equal(p.type, SY_VALUE_STRING);
    assert_string_equal(winner(router, match, "/n/abc"), "Plain");
    assert_int_equal(calls, 2);
    assert_string_equal(winner(router, match, "/other/123"), "Other");
    assert_int_equal(calls, 2); /* not a candidate segment: parse is not called */

    sy_match_free(match);
    assert_int_equal(released, 0);
    sy_router_free(router);
    assert_int_equal(released, 1);
}

static void declining_and_garbage_parse(void **state)
{
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    (void)state;

    assert_status(SY_OK, sy_router_new(&router, NULL, &err), &err);
    assert_status(SY_OK, sy_router_register_type(router, LIT("never"), declining_parse, NULL, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_register_type(router, LIT("broken"), garbage_parse, NULL, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/a/<never:v>"), LIT("Never"), &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/b/<broken:v>"), LIT("Broken"), &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/b/:v"), LIT("Plain"), &err), &err);
    assert_status(SY_OK, sy_match_new(&match, &err), &err);

    assert_string_equal(winner(router, match, "/a/anything"), "");
    assert_string_equal(winner(router, match, "/b/abc"), "Plain");
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_resolve(match, router, LIT("/b/xyz"), &err), &err);
    assert_non_null(strstr(err.message, "parameter type 'broken' failed on the segment 'xyz'"));
    assert_non_null(strstr(err.message, "returned 7"));
    assert_int_equal(sy_match_found(match), 0);
    /* The next resolve with the same match is not affected. */
    assert_string_equal(winner(router, match, "/b/abc"), "Plain");

    sy_match_free(match);
    sy_router_free(router);
}

static void word_sets(void **state)
{
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    const sy_str tabs[] = {{SY_STR("reviews")}, {SY_STR("photos")}};
    (void)state;

    assert_status(SY_OK, sy_router_new(&router, NULL, &err), &err);
    assert_status(SY_OK, sy_router_register_words(router, LIT("tab"), tabs, 2, &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/p/<tab:t>"), LIT("Tab"), &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/p/:x"), LIT("Plain"), &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/q/<one(a,b%2Cc):w>"), LIT("Inline"), &err), &err);
    assert_status(SY_OK, sy_match_new(&match, &err), &err);

    assert_string_equal(winner(router, match, "/p/photos"), "Tab");
    assert_string_equal(winner(router, match, "/p/PHOTOS"), "Plain");
    assert_string_equal(winner(router, match, "/q/b,c"), "Inline");
    assert_string_equal(winner(router, match, "/q/b"), "");

    sy_match_free(match);
    sy_router_free(router);
}

static void refusals(void **state)
{
    sy_router *router = NULL;
    sy_error err;
    const sy_str empty_word[] = {{SY_STR("")}};
    const sy_str slash_word[] = {{SY_STR("a/b")}};
    (void)state;

    released = 0;
    assert_status(SY_OK, sy_router_new(&router, NULL, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_register_type(router, LIT("t"), NULL, NULL, NULL, count_release, &err), &err);
    assert_int_equal(released, 1); /* owned from the call on, also on failure */
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_register_type(router, LIT("int"), declining_parse, NULL, NULL, NULL, &err), &err);
    assert_non_null(strstr(err.message, "built-in"));
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_register_type(router, LIT("9x"), declining_parse, NULL, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_register_type(router, LIT("t"), declining_parse, NULL, NULL, NULL, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_register_words(router, LIT("t"), slash_word, 0, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_register_words(router, LIT("u"), empty_word, 1, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_register_words(router, LIT("u"), slash_word, 1, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_register_words(router, LIT("u"), NULL, 2, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_register_type(router, LIT("t"), declining_parse, NULL, NULL, NULL, &err), &err);
    assert_non_null(strstr(err.message, "already registered"));
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add(router, LIT("/d/<date:d>"), LIT("D"), &err), &err);
    assert_int_equal(err.position, 4);
    assert_status(SY_OK, sy_router_add(router, LIT("/a"), LIT("A"), &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_register_type(router, LIT("late"), declining_parse, NULL, NULL, NULL, &err), &err);
    assert_non_null(strstr(err.message, "before routes are added"));
    sy_router_free(router);
}

static void building_checks_with_parse(void **state)
{
    sy_router *router = NULL;
    sy_error err;
    sy_route route = SY_ROUTE_INIT;
    char url[128];
    int calls = 0;
    sy_param good[1] = {{{SY_STR("d")}, {SY_STR("123")}, SY_VALUE_STRING, 0, 0, 0}};
    sy_param bad[1] = {{{SY_STR("d")}, {SY_STR("12a")}, SY_VALUE_STRING, 0, 0, 0}};
    (void)state;

    assert_status(SY_OK, sy_router_new(&router, NULL, &err), &err);
    assert_status(SY_OK, sy_router_register_type(router, LIT("digits"), digits_parse, NULL, &calls, NULL, &err), &err);
    route.pattern = (sy_str){SY_STR("/n/<digits:d>")};
    route.target = (sy_str){SY_STR("N")};
    route.name = (sy_str){SY_STR("n")};
    assert_status(SY_OK, sy_router_add_route(router, &route, &err), &err);
    assert_status(SY_OK, sy_router_build_url(url, sizeof url, NULL, router, LIT("n"), good, 1, &err), &err);
    assert_string_equal(url, "/n/123");
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_build_url(url, sizeof url, NULL, router, LIT("n"), bad, 1, &err), &err);
    assert_non_null(strstr(err.message, "is not a value of type 'digits'"));
    sy_router_free(router);
}

/* Digits without leading zeros ("007" -> "7"); declines what digits_parse declines,
 * returns garbage for "666" and a text parse declines for "999"; "5" becomes 300 digits
 * (longer than the first buffer the library offers). */
static int digits_format(const char *text, size_t len, char *buf, size_t cap, size_t *len_out, void *user_data)
{
    size_t i, start = 0;
    (void)user_data;
    for (i = 0; i < len; i++)
        if (text[i] < '0' || text[i] > '9') return SY_TYPE_DECLINE;
    if (len == 3 && memcmp(text, "666", 3) == 0) return 42;
    if (len == 3 && memcmp(text, "999", 3) == 0) { *len_out = 1; if (cap >= 1) buf[0] = 'x'; return SY_TYPE_ACCEPT; }
    if (len == 1 && text[0] == '5') {
        *len_out = 300;
        for (i = 0; i < 300 && i < cap; i++) buf[i] = '1';
        return SY_TYPE_ACCEPT;
    }
    while (start + 1 < len && text[start] == '0') start++;
    *len_out = len - start;
    if (*len_out <= cap) memcpy(buf, text + start, *len_out);
    return SY_TYPE_ACCEPT;
}

static sy_status build_digits(sy_router *router, const char *value, char *url, size_t cap, sy_error *err)
{
    sy_param p[1] = {{{SY_STR("d")}, {value, strlen(value)}, SY_VALUE_STRING, 0, 0, 0}};
    return sy_router_build_url(url, cap, NULL, router, LIT("n"), p, 1, err);
}

/* "sy_router_build_url() ... writes the text format gives for it (the value's canonical
 * text)"; "Return SY_TYPE_DECLINE when text is not a value of the type: the build fails
 * with SY_ERR_INVALID_ARGUMENT naming the parameter. Any other value is a failure of the
 * function, and so is a text its parse function declines"; "when *len_out is over cap the
 * function is called again with a buffer of that size". */
static void building_writes_the_canonical_text(void **state)
{
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    sy_route route = SY_ROUTE_INIT;
    char url[512];
    int calls = 0, found = 0;
    sy_param p;
    (void)state;

    assert_status(SY_OK, sy_router_new(&router, NULL, &err), &err);
    assert_status(SY_OK, sy_router_register_type(router, LIT("digits"), digits_parse, digits_format, &calls, count_release, &err), &err);
    route.pattern = (sy_str){SY_STR("/n/<digits:d>?page=<digits:page?>")};
    route.target = (sy_str){SY_STR("N")};
    route.name = (sy_str){SY_STR("n")};
    assert_status(SY_OK, sy_router_add_route(router, &route, &err), &err);

    assert_status(SY_OK, build_digits(router, "007", url, sizeof url, &err), &err);
    assert_string_equal(url, "/n/7");
    assert_status(SY_OK, sy_match_new(&match, &err), &err);
    assert_status(SY_OK, sy_router_resolve(match, router, LIT(url), &err), &err);
    assert_status(SY_OK, sy_match_param(&p, &found, match, LIT("d"), &err), &err);
    assert_true(found);
    assert_str(p.text, "7");
    {
        sy_param q[2] = {{{SY_STR("d")}, {SY_STR("1")}, SY_VALUE_STRING, 0, 0, 0},
                         {{SY_STR("page")}, {SY_STR("0002")}, SY_VALUE_STRING, 0, 0, 0}};
        assert_status(SY_OK, sy_router_build_url(url, sizeof url, NULL, router, LIT("n"), q, 2, &err), &err);
        assert_string_equal(url, "/n/1?page=2");
    }
    assert_status(SY_OK, build_digits(router, "5", url, sizeof url, &err), &err);
    assert_int_equal(strlen(url), 3 + 300);

    assert_status(SY_ERR_INVALID_ARGUMENT, build_digits(router, "12a", url, sizeof url, &err), &err);
    assert_non_null(strstr(err.message, "parameter 'd' of route 'n' is not a value of type 'digits': '12a'"));
    assert_status(SY_ERR_INVALID_ARGUMENT, build_digits(router, "666", url, sizeof url, &err), &err);
    assert_non_null(strstr(err.message, "its format function returned 42 (neither SY_TYPE_ACCEPT nor SY_TYPE_DECLINE)"));
    assert_non_null(strstr(err.message, "parameter 'd' of route 'n'"));
    assert_status(SY_ERR_INVALID_ARGUMENT, build_digits(router, "999", url, sizeof url, &err), &err);
    assert_non_null(strstr(err.message, "parameter type 'digits' formats '999' as 'x', which its parse function declines"));

    sy_match_free(match);
    released = 0;
    sy_router_free(router);
    assert_int_equal(released, 1);  /* one release for parse and format's shared user data */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(custom_type_ranks_and_captures),
        cmocka_unit_test(declining_and_garbage_parse),
        cmocka_unit_test(word_sets),
        cmocka_unit_test(refusals),
        cmocka_unit_test(building_checks_with_parse),
        cmocka_unit_test(building_writes_the_canonical_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
