/* test_router.c: sy_router_new/free, sy_router_add, sy_router_remove, and the text and
 * handle rules every router function applies. */
#include <stdint.h>
#include "sy_test.h"

/* HEADER: "Destroy a router. sy_router_free(NULL) is a no-op." */
static void router_free_null_is_a_noop(void **state)
{
    (void)state;
    sy_router_free(NULL);
}

/* HEADER (sy_router_add): "SY_ERR_MISUSE if router is NULL or not a router" */
static void add_rejects_null_and_wrong_handles(void **state)
{
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    assert_status(SY_ERR_MISUSE, sy_router_add(NULL, LIT("/a"), LIT("T"), &err), &err);
    assert_true(sy_test_message_has(&err, "router"));
    /* a match handle where a router is expected */
    assert_status(SY_ERR_MISUSE, sy_router_add((sy_router *)m, LIT("/a"), LIT("T"), &err), &err);
    assert_true(sy_test_message_has(&err, "sy_router"));
    sy_match_free(m);
}

/* HEADER (TEXT): "A NULL pointer with length 0 is the empty string; a NULL pointer with a
 * non-zero length is SY_ERR_MISUSE." and (sy_router_add) "SY_ERR_INVALID_ARGUMENT if a
 * length is over SIZE_MAX / 2" */
static void add_treats_lengths_as_hostile(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    assert_status(SY_ERR_MISUSE, sy_router_add(r, NULL, 3, LIT("T"), &err), &err);
    assert_true(sy_test_message_has(&err, "pattern"));
    assert_status(SY_ERR_MISUSE, sy_router_add(r, LIT("/a"), NULL, 1, &err), &err);
    assert_true(sy_test_message_has(&err, "target"));
    /* SIZE_MAX is SY_NUL; the lengths just below it are refused (TEXT: "Where a function
     * refuses a length over SIZE_MAX / 2, SY_NUL is not such a length.") */
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add(r, "/a", SIZE_MAX - 1, LIT("T"), &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_add(r, LIT("/a"), "T", (SIZE_MAX / 2) + 1, &err), &err);
    /* NULL with length 0 is the empty string: an empty target is accepted as text. */
    assert_status(SY_OK, sy_router_add(r, LIT("/empty-target"), NULL, 0, &err), &err);
    sy_test_resolve(m, r, "/empty-target");
    assert_str(sy_match_target(m), "");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (TEXT): "Every text input is UTF-8 bytes with an explicit length; no NUL
 * terminator is needed" and (sy_router_add) "or the text is not UTF-8 (position: the
 * first bad byte)" */
static void add_takes_explicit_lengths_and_checks_utf8(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    /* only the first 7 bytes of each buffer count */
    assert_status(SY_OK, sy_router_add(r, "/users/:id-and-junk", 10, "Userspace", 4, &err), &err);
    sy_test_resolve(m, r, "/users/7");
    assert_str(sy_match_pattern(m), "/users/:id");
    assert_str(sy_match_target(m), "User");

    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add(r, LIT("/ok/\xff"), LIT("T"), &err), &err);
    assert_int_equal(err.position, 4);
    assert_true(sy_test_message_has(&err, "UTF-8"));
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_add(r, LIT("/ok"), LIT("T\xc3\x28"), &err), &err); /* bad 2nd byte */
    assert_int_equal(err.position, 1);
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_add(r, LIT("/\xed\xa0\x80"), LIT("T"), &err), &err); /* surrogate */
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_add(r, LIT("/\xc0\xaf"), LIT("T"), &err), &err); /* overlong */
    /* HEADER (TEXT): "embedded NUL bytes are just bytes": a target keeps them, and a
     * pattern with one is judged by the pattern rules (a control character) at its byte */
    assert_status(SY_OK, sy_router_add(r, LIT("/nul"), "a\0b", 3, &err), &err);
    sy_test_resolve(m, r, "/nul");
    assert_int_equal(sy_match_target(m).len, 3);
    assert_memory_equal(sy_match_target(m).ptr, "a\0b", 3);
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add(r, "/n\0l", 4, LIT("T"), &err), &err);
    assert_int_equal(err.position, 2);
    /* valid multibyte text is fine */
    sy_test_add(r, "/caf\xc3\xa9/\xf0\x9f\x9a\x80", "Caf\xc3\xa9");
    sy_test_resolve(m, r, "/caf%C3%A9/%F0%9F%9A%80");
    assert_str(sy_match_target(m), "Caf\xc3\xa9");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "SY_ERR_INVALID_PATTERN if the pattern is malformed (position: the byte)" */
static void add_reports_pattern_errors_with_position(void **state)
{
    static const struct { const char *pattern; int32_t position; } bad[] = {
        {"/a/<int:id", 3},        /* unclosed '<' */
        {"/a/<date:d>", 4},       /* unknown type: the type name */
        {"/a/:a:b", 5},           /* two parameters with no literal text between them */
        {"/u/:id/:id", 8},        /* second use of a name */
    };
    sy_router *r = sy_test_router(NULL);
    sy_error err;
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        print_message("%s\n", bad[i].pattern);
        assert_status(SY_ERR_INVALID_PATTERN, sy_router_add(r, LIT(bad[i].pattern), LIT("T"), &err),
                      &err);
        assert_failed(&err, SY_ERR_INVALID_PATTERN);
        assert_int_equal(err.position, bad[i].position);
    }
    sy_router_free(r);
}

/* HEADER: "SY_ERR_CONFLICT if a route of the same shape and priority exists (the message
 * names both patterns);" ... "On failure the router is unchanged." */
static void add_reports_conflicts_naming_both_routes(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    sy_test_add(r, "/u/:name", "ByName");
    assert_status(SY_ERR_CONFLICT, sy_router_add(r, LIT("/u/:id"), LIT("ById"), &err), &err);
    assert_true(sy_test_message_has(&err, "/u/:name"));
    assert_true(sy_test_message_has(&err, "/u/:id"));
    sy_test_resolve(m, r, "/u/7");
    assert_str(sy_match_pattern(m), "/u/:name");
    assert_str(sy_match_target(m), "ByName");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (sy_router_remove): "Set to 1 if a route was removed, 0 if no route has this
 * pattern." ... "SY_OK whether or not a route was removed" ... "removed_out Optional." */
static void remove_reports_whether_it_removed(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    int removed = -1;
    (void)state;
    sy_test_add(r, "/a/:x", "A");
    sy_test_add(r, "/b", "B");
    assert_status(SY_OK, sy_router_remove(&removed, r, LIT("/a/:y"), &err), &err);
    assert_int_equal(removed, 0); /* "exactly this pattern text" */
    assert_cleared(&err);
    assert_status(SY_OK, sy_router_remove(&removed, r, LIT("/a/:x"), &err), &err);
    assert_int_equal(removed, 1);
    sy_test_resolve(m, r, "/a/1");
    assert_false(sy_match_found(m));
    sy_test_resolve(m, r, "/b");
    assert_true(sy_match_found(m));
    assert_status(SY_OK, sy_router_remove(NULL, r, LIT("/b"), &err), &err);
    sy_test_resolve(m, r, "/b");
    assert_false(sy_match_found(m));
    /* HEADER (sy_router_remove): "Lifetime:  matches made before the removal keep their
     * results." */
    sy_test_add(r, "/c/:y", "C");
    sy_test_resolve(m, r, "/c/9");
    assert_status(SY_OK, sy_router_remove(&removed, r, LIT("/c/:y"), &err), &err);
    assert_int_equal(removed, 1);
    assert_str(sy_match_pattern(m), "/c/:y");
    assert_str(sy_match_target(m), "C");
    assert_str(sy_test_param_text(m, "y"), "9");
    /* the pattern can be added again after removal */
    sy_test_add(r, "/a/:x", "A2");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (sy_router_remove): "SY_ERR_MISUSE if router is NULL or not a router, or pattern
 * is NULL with a non-zero length; SY_ERR_INVALID_ARGUMENT if pattern_len is over
 * SIZE_MAX / 2 or pattern is not UTF-8." */
static void remove_rejects_bad_arguments(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    int removed = -1;
    (void)state;
    assert_status(SY_ERR_MISUSE, sy_router_remove(&removed, NULL, LIT("/a"), &err), &err);
    assert_int_equal(removed, 0);
    assert_status(SY_ERR_MISUSE, sy_router_remove(&removed, (sy_router *)m, LIT("/a"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_remove(&removed, r, NULL, 2, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_remove(&removed, r, "/a", SIZE_MAX - 1, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_remove(&removed, r, LIT("/\xfe"), &err), &err);
    assert_int_equal(err.position, 1);
    assert_status(SY_OK, sy_router_remove(&removed, r, NULL, 0, &err), &err);
    assert_int_equal(removed, 0);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (sy_router_add): "Ownership: pattern and target are copied; the caller keeps its
 * buffers." */
static void add_copies_its_text(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    char pattern[] = "/copied/:x";
    char target[] = "Copied";
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_router_add(r, LIT(pattern), LIT(target), &err), &err);
    memset(pattern, 'Z', sizeof pattern - 1);
    memset(target, 'Z', sizeof target - 1);
    sy_test_resolve(m, r, "/copied/1");
    assert_str(sy_match_pattern(m), "/copied/:x");
    assert_str(sy_match_target(m), "Copied");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (sy_router_free): "A live sy_match passed here by mistake is recognised and
 * left alone" and (sy_match_free): "A live sy_router passed here by mistake is
 * recognised and left alone" */
static void free_ignores_the_other_kind_of_handle(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    (void)state;
    sy_test_add(r, "/still/:here", "T");
    sy_router_free((sy_router *)m);
    sy_match_free((sy_match *)r);
    sy_test_resolve(m, r, "/still/1"); /* both still work */
    assert_str(sy_match_pattern(m), "/still/:here");
    sy_match_free(m);
    sy_router_free(r);
}

/* A table of this many routes is over 2 MiB, so its arrays are in memory mapped for huge
 * pages (docs/ARCHITECTURE.md, "Table memory"); the sanitizer and valgrind runs of this
 * test cover that mapping, its use and its release. */
#define LARGE_TABLE_ROUTES 10000

/* HEADER (sy_router_resolve): "every sy_str read from match stays valid until the next
 * sy_router_resolve() with the same match or sy_match_free(match), whichever comes first."
 * and (sy_router_remove) "matches made before the
 * removal keep their results." Checked on a large table: the router changes and
 * another match makes it build and use a new table while the first match still holds the
 * old one. */
static void large_table_resolves_and_old_matches_stay_valid(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *kept = sy_test_match();
    sy_match *m = sy_test_match();
    char pattern[64], target[32], url[64];
    sy_error err;
    (void)state;
    for (int i = 0; i < LARGE_TABLE_ROUTES; i++) {
        snprintf(pattern, sizeof pattern, "/api/v%d/users/u%d/items/:item", i % 3, i);
        snprintf(target, sizeof target, "t%d", i);
        assert_status(SY_OK, sy_router_add(r, pattern, strlen(pattern), target, strlen(target), &err), &err);
    }
    for (int i = 0; i < LARGE_TABLE_ROUTES; i += 37) {
        snprintf(url, sizeof url, "/api/v%d/users/u%d/items/x%d", i % 3, i, i);
        snprintf(target, sizeof target, "t%d", i);
        sy_test_resolve(m, r, url);
        assert_str(sy_match_target(m), target);
        assert_str(sy_test_param_text(m, "item"), url + strlen(url) - strlen(target));
    }
    sy_test_resolve(kept, r, "/api/v1/users/u1/items/first");
    sy_str kept_pattern = sy_match_pattern(kept);
    sy_str kept_item = sy_test_param_text(kept, "item");
    /* A change, then a resolve with another match: the router builds a new table. */
    int removed = 0;
    assert_status(SY_OK, sy_router_remove(&removed, r, LIT("/api/v2/users/u2/items/:item"), &err), &err);
    assert_int_equal(removed, 1);
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("/api/v2/users/u2/items/x"), &err), &err);
    assert_false(sy_match_found(m));
    sy_test_resolve(m, r, "/api/v0/users/u9999/items/last");
    assert_str(sy_match_target(m), "t9999");
    /* The first match still reads what it resolved. */
    assert_str(kept_pattern, "/api/v1/users/u1/items/:item");
    assert_str(kept_item, "first");
    assert_str(sy_match_target(kept), "t1");
    sy_match_free(kept);
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(router_free_null_is_a_noop),
        cmocka_unit_test(add_rejects_null_and_wrong_handles),
        cmocka_unit_test(add_treats_lengths_as_hostile),
        cmocka_unit_test(add_takes_explicit_lengths_and_checks_utf8),
        cmocka_unit_test(add_reports_pattern_errors_with_position),
        cmocka_unit_test(add_reports_conflicts_naming_both_routes),
        cmocka_unit_test(remove_reports_whether_it_removed),
        cmocka_unit_test(remove_rejects_bad_arguments),
        cmocka_unit_test(add_copies_its_text),
        cmocka_unit_test(free_ignores_the_other_kind_of_handle),
        cmocka_unit_test(large_table_resolves_and_old_matches_stay_valid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
