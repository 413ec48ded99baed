/* test_json.c: sy_match_to_json. */
#include <stdint.h>
#include "sy_test.h"

/* The canonical example of issue 3 / docs/JSON.md. */
static const char canonical[] =
    "{\"matched\": true, \"url\": \"myapp://user/42?tab=a\", \"pattern\": \"myapp://user/<int:id>\", "
    "\"target\": \"UserProfile\", \"name\": null, \"params\": {\"id\": 42, \"tab\": \"a\"}, "
    "\"path_params\": {\"id\": 42}, \"query\": {\"tab\": [\"a\"]}, \"fragment\": null, "
    "\"remainder\": null, \"redirects\": []}";

static sy_router *g_router;
static sy_match *g_match;

static int setup(void **state)
{
    sy_error err;
    (void)state;
    if (sy_router_new(&g_router, NULL, &err) != SY_OK ||
        sy_router_add(g_router, LIT("myapp://user/<int:id>"), LIT("UserProfile"), &err) != SY_OK ||
        sy_match_new(&g_match, &err) != SY_OK ||
        sy_router_resolve(g_match, g_router, LIT("myapp://user/42?tab=a"), &err) != SY_OK)
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    sy_match_free(g_match);
    sy_router_free(g_router);
    return 0;
}

/* HEADER: "Write the match as canonical JSON (docs/JSON.md), NUL-terminated, into buf" */
static void writes_the_canonical_json(void **state)
{
    char buf[1024];
    size_t len = 0;
    sy_error err;
    (void)state;
    memset(buf, 'Z', sizeof buf);
    assert_status(SY_OK, sy_match_to_json(buf, sizeof buf, &len, g_match, &err), &err);
    assert_string_equal(buf, canonical);
    /* HEADER: "len_out ... The JSON length in bytes, NUL not included" */
    assert_int_equal(len, strlen(canonical));
}

/* HEADER: "To learn the size first, pass buf = NULL and cap = 0." ... "SY_ERR_BUFFER_TOO_SMALL
 * if cap < length + 1" ... "both on success and with SY_ERR_BUFFER_TOO_SMALL (then cap
 * must be at least *len_out + 1)" */
static void size_query_then_exact_buffer(void **state)
{
    char buf[1024];
    size_t len = 0;
    sy_error err;
    (void)state;
    assert_status(SY_ERR_BUFFER_TOO_SMALL, sy_match_to_json(NULL, 0, &len, g_match, &err), &err);
    assert_failed(&err, SY_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(len, strlen(canonical));
    assert_true(len + 1 <= sizeof buf);
    assert_status(SY_OK, sy_match_to_json(buf, len + 1, &len, g_match, &err), &err);
    assert_string_equal(buf, canonical);
}

/* HEADER: "then, when cap > 0, buf[0] is set to '\0' and nothing else is written." */
static void too_small_buffer_gets_an_empty_string_only(void **state)
{
    char buf[64];
    size_t len = 0;
    size_t i;
    sy_error err;
    (void)state;
    memset(buf, 'Z', sizeof buf);
    assert_status(SY_ERR_BUFFER_TOO_SMALL,
                  sy_match_to_json(buf, strlen(canonical), &len, g_match, &err), &err);
    /* cap == length: one byte short for the NUL (buf is big enough not to overflow here
     * because the library must not write past buf[0]) */
    assert_int_equal(buf[0], '\0');
    for (i = 1; i < sizeof buf; i++)
        assert_int_equal(buf[i], 'Z');
    assert_int_equal(len, strlen(canonical));
}

/* HEADER: "len_out Optional." and "SY_ERR_MISUSE if match is NULL or not a match, or buf
 * is NULL with cap > 0" */
static void misuse_and_optional_len(void **state)
{
    char buf[1024];
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_match_to_json(buf, sizeof buf, NULL, g_match, &err), &err);
    assert_string_equal(buf, canonical);
    assert_status(SY_ERR_MISUSE, sy_match_to_json(NULL, 10, NULL, g_match, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_to_json(buf, sizeof buf, NULL, NULL, &err), &err);
    assert_status(SY_ERR_MISUSE,
                  sy_match_to_json(buf, sizeof buf, NULL, (const sy_match *)g_router, &err), &err);
}

/* HEADER: "Lifetime: the text is a copy; it does not depend on the match or url." */
static void json_is_a_copy(void **state)
{
    char buf[1024];
    sy_match *m = sy_test_match();
    char url[] = "myapp://user/42?tab=a";
    sy_error err;
    (void)state;
    sy_test_resolve(m, g_router, url);
    assert_status(SY_OK, sy_match_to_json(buf, sizeof buf, NULL, m, &err), &err);
    sy_match_free(m);
    memset(url, 'x', sizeof url - 1);
    assert_string_equal(buf, canonical);
}

/* A miss: "matched": false, only the URL (and redirects) set. */
static void json_of_a_miss(void **state)
{
    char buf[1024];
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    sy_test_resolve(m, g_router, "myapp://nobody");
    assert_status(SY_OK, sy_match_to_json(buf, sizeof buf, NULL, m, &err), &err);
    assert_string_equal(buf,
        "{\"matched\": false, \"url\": \"myapp://nobody\", \"pattern\": null, \"target\": null, "
        "\"name\": null, \"params\": {}, \"path_params\": {}, \"query\": {}, \"fragment\": null, "
        "\"remainder\": null, \"redirects\": []}");
    sy_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(writes_the_canonical_json),
        cmocka_unit_test(size_query_then_exact_buffer),
        cmocka_unit_test(too_small_buffer_gets_an_empty_string_only),
        cmocka_unit_test(misuse_and_optional_len),
        cmocka_unit_test(json_is_a_copy),
        cmocka_unit_test(json_of_a_miss),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
