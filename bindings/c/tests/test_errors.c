/*
 * test_errors.c: the error rule of the preamble, for every function that takes an
 * sy_error *: cleared on entry, filled on failure, NULL allowed; plus message
 * truncation at a character boundary.
 */
#include <stdlib.h>
#include "sy_test.h"

static sy_router *g_router;
static sy_match *g_match;

static int setup(void **state)
{
    sy_error err;
    (void)state;
    if (sy_router_new(&g_router, NULL, &err) != SY_OK) return -1;
    if (sy_router_add(g_router, LIT("myapp://user/<int:id>"), LIT("UserProfile"), &err) != SY_OK)
        return -1;
    if (sy_match_new(&g_match, &err) != SY_OK) return -1;
    if (sy_router_resolve(g_match, g_router, LIT("myapp://user/42?tab=a"), &err) != SY_OK)
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

/* One fallible function: `ok` calls it so it succeeds, `bad` so it fails with `status`. */
typedef sy_status (*call_fn)(sy_error *err);
typedef struct {
    const char *name;
    call_fn ok;
    call_fn bad;
    sy_status status;
} case_t;

static sy_status new_ok(sy_error *e)
{
    sy_router *r = NULL;
    sy_status s = sy_router_new(&r, NULL, e);
    sy_router_free(r);
    return s;
}
static sy_status new_bad(sy_error *e) { return sy_router_new(NULL, NULL, e); }
/* The "ok" calls run several times, so each removes its route first (without err). */
static sy_status add_ok(sy_error *e)
{
    sy_router_remove(NULL, g_router, LIT("/errors/add"), NULL);
    return sy_router_add(g_router, LIT("/errors/add"), LIT("T"), e);
}
static sy_status add_bad(sy_error *e) { return sy_router_add(g_router, LIT("/a/<int:x"), LIT("T"), e); }
static sy_status add_route_ok(sy_error *e)
{
    sy_route r;
    sy_router_remove(NULL, g_router, LIT("/errors/route"), NULL);
    sy_route_init(&r, SY_ROUTE_VERSION);
    r.pattern.ptr = "/errors/route";
    r.pattern.len = strlen(r.pattern.ptr);
    r.target.ptr = "T";
    r.target.len = 1;
    return sy_router_add_route(g_router, &r, e);
}
static sy_status add_route_bad(sy_error *e) { return sy_router_add_route(g_router, NULL, e); }
static sy_status add_routes_ok(sy_error *e) { return sy_router_add_routes(g_router, NULL, 0, e); }
static sy_status add_routes_bad(sy_error *e) { return sy_router_add_routes(g_router, NULL, 1, e); }
static sy_status remove_ok(sy_error *e)
{
    int removed;
    return sy_router_remove(&removed, g_router, LIT("/not/there"), e);
}
static sy_status remove_bad(sy_error *e)
{
    int removed;
    return sy_router_remove(&removed, NULL, LIT("/x"), e);
}
static sy_status match_new_ok(sy_error *e)
{
    sy_match *m = NULL;
    sy_status s = sy_match_new(&m, e);
    sy_match_free(m);
    return s;
}
static sy_status match_new_bad(sy_error *e) { return sy_match_new(NULL, e); }
static sy_status resolve_ok(sy_error *e)
{
    return sy_router_resolve(g_match, g_router, LIT("myapp://user/42?tab=a"), e);
}
static sy_status resolve_bad(sy_error *e)
{
    return sy_router_resolve(g_match, g_router, LIT("/bad\x01url"), e);
}
/* A failed resolve empties g_match, so the accessor cases resolve again first. */
static void refresh(void)
{
    sy_router_resolve(g_match, g_router, LIT("myapp://user/42?tab=a"), NULL);
}
static sy_status path_param_ok(sy_error *e)
{
    sy_param p;
    refresh();
    return sy_match_path_param_at(&p, g_match, 0, e);
}
static sy_status path_param_bad(sy_error *e)
{
    sy_param p;
    return sy_match_path_param_at(&p, g_match, 99, e);
}
static sy_status query_ok(sy_error *e)
{
    sy_str n, v;
    refresh();
    return sy_match_query_at(&n, &v, g_match, 0, e);
}
static sy_status query_bad(sy_error *e)
{
    sy_str n, v;
    return sy_match_query_at(&n, &v, g_match, 99, e);
}
static sy_status param_at_ok(sy_error *e)
{
    sy_param p;
    refresh();
    return sy_match_param_at(&p, g_match, 0, e);
}
static sy_status param_at_bad(sy_error *e)
{
    sy_param p;
    return sy_match_param_at(&p, g_match, 99, e);
}
static sy_status param_ok(sy_error *e)
{
    sy_param p;
    int found;
    refresh();
    return sy_match_param(&p, &found, g_match, LIT("id"), e);
}
static sy_status param_bad(sy_error *e)
{
    int found;
    return sy_match_param(NULL, &found, g_match, LIT("id"), e);
}
static sy_status json_ok(sy_error *e)
{
    char buf[1024];
    refresh();
    return sy_match_to_json(buf, sizeof buf, NULL, g_match, e);
}
static sy_status json_bad(sy_error *e)
{
    char buf[4];
    return sy_match_to_json(buf, sizeof buf, NULL, g_match, e);
}

static const case_t cases[] = {
    {"sy_router_new", new_ok, new_bad, SY_ERR_MISUSE},
    {"sy_router_add", add_ok, add_bad, SY_ERR_INVALID_PATTERN},
    {"sy_router_add_route", add_route_ok, add_route_bad, SY_ERR_MISUSE},
    {"sy_router_add_routes", add_routes_ok, add_routes_bad, SY_ERR_MISUSE},
    {"sy_router_remove", remove_ok, remove_bad, SY_ERR_MISUSE},
    {"sy_match_new", match_new_ok, match_new_bad, SY_ERR_MISUSE},
    {"sy_router_resolve", resolve_ok, resolve_bad, SY_ERR_INVALID_URL},
    {"sy_match_path_param_at", path_param_ok, path_param_bad, SY_ERR_INVALID_ARGUMENT},
    {"sy_match_query_at", query_ok, query_bad, SY_ERR_INVALID_ARGUMENT},
    {"sy_match_param_at", param_at_ok, param_at_bad, SY_ERR_INVALID_ARGUMENT},
    {"sy_match_param", param_ok, param_bad, SY_ERR_MISUSE},
    {"sy_match_to_json", json_ok, json_bad, SY_ERR_BUFFER_TOO_SMALL},
};
#define NCASES (sizeof cases / sizeof cases[0])

/* HEADER: "Every function that takes an sy_error * clears it on entry: code = SY_OK,
 * position = -1, route_index = -1, document_position = -1, message[0] = '\0'." ... "On success
 * the cleared state stays." */
static void success_leaves_error_cleared(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < NCASES; i++) {
        sy_error err;
        sy_test_dirty(&err);
        print_message("%s\n", cases[i].name);
        assert_status(SY_OK, cases[i].ok(&err), &err);
        assert_cleared(&err);
    }
}

/* HEADER: "on failure it fills it (code, byte position or -1, and a message in plain
 * words)" and "On failure, code is the returned status, message is a non-empty
 * NUL-terminated UTF-8 sentence" */
static void failure_fills_error(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < NCASES; i++) {
        sy_error err;
        sy_test_dirty(&err);
        print_message("%s\n", cases[i].name);
        assert_status(cases[i].status, cases[i].bad(&err), &err);
        assert_failed(&err, cases[i].status);
        assert_int_equal(err.document_position, -1);
        /* HEADER: "every other function leaves it -1" (none of these is a batch) */
        assert_int_equal(err.route_index, -1);
        /* a failure after a failure: the old message must not leak into the new one */
        assert_status(SY_OK, cases[i].ok(&err), &err);
        assert_cleared(&err);
    }
}

/* HEADER: "Passing NULL for err is allowed." */
static void null_err_is_allowed(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < NCASES; i++) {
        assert_int_equal(cases[i].ok(NULL), SY_OK);
        assert_int_equal(cases[i].bad(NULL), cases[i].status);
    }
}

/* HEADER: "position is the 0-based byte offset in the input (pattern, redirect template
 * or URL; the function says which) that caused the error, or -1 when no single byte is
 * to blame" */
static void position_points_at_the_byte_or_is_minus_one(void **state)
{
    sy_error err;
    (void)state;
    assert_status(SY_ERR_INVALID_URL, resolve_bad(&err), &err);
    assert_int_equal(err.position, 4); /* "/bad\x01url": the control character */
    assert_status(SY_ERR_MISUSE, new_bad(&err), &err);
    assert_int_equal(err.position, -1);
}

/* HEADER: "message is a non-empty NUL-terminated UTF-8 sentence (cut at a character
 * boundary to fit)". A conflict message names both patterns; with long patterns of
 * 2-, 3- and 4-byte characters it is far over 255 bytes. */
static void long_message_is_cut_on_a_character_boundary(void **state)
{
    static const char *const pieces[] = {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x9a\x80"};
    size_t shift;
    (void)state;
    for (shift = 0; shift < 3; shift++) {
        char a[700], b[700];
        size_t n = 0, i = 0;
        sy_router *r = sy_test_router(NULL);
        sy_error err;
        /* "/x<k>/" prefixes move the cut over every byte of the multibyte characters. */
        n += (size_t)snprintf(a, sizeof a, "/%.*s", (int)shift, "xxx");
        while (n + 5 < 600) {
            const char *p = pieces[i++ % 3];
            memcpy(a + n, p, strlen(p));
            n += strlen(p);
        }
        a[n] = '\0';
        memcpy(b, a, n + 1);
        strcat(a, "/:one");
        strcat(b, "/:two");
        sy_test_add(r, a, "A");
        sy_test_dirty(&err);
        assert_status(SY_ERR_CONFLICT, sy_router_add(r, LIT(b), LIT("B"), &err), &err);
        assert_failed(&err, SY_ERR_CONFLICT); /* includes: valid UTF-8 up to the NUL */
        assert_true(strlen(err.message) <= SY_ERROR_MESSAGE_SIZE - 1);
        assert_true(strlen(err.message) >= SY_ERROR_MESSAGE_SIZE - 4);
        sy_router_free(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(success_leaves_error_cleared),
        cmocka_unit_test(failure_fills_error),
        cmocka_unit_test(null_err_is_allowed),
        cmocka_unit_test(position_points_at_the_byte_or_is_minus_one),
        cmocka_unit_test(long_message_is_cut_on_a_character_boundary),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
