/* test_resolve_params_text.c: sy_router_resolve_params_text, sy_router_resolve_params_cstr
 * and sy_resolver_params_cstr, a resolve and its merged parameters as text in one call (the text sy_match_params_text
 * writes, NUL-terminated). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

static sy_router *g_router;

static int setup(void **state)
{
    sy_error err;
    (void)state;
    if (sy_router_new(&g_router, NULL, &err) != SY_OK) return -1;
    if (sy_router_add(g_router, LIT("/repos/:owner/:repo"), LIT("Repo"), &err) != SY_OK ||
        sy_router_add(g_router, LIT("/user/<int:id>"), LIT("User"), &err) != SY_OK ||
        sy_router_add(g_router, LIT("/files/*path"), LIT("Files"), &err) != SY_OK ||
        sy_router_add(g_router, LIT("/plain"), LIT("Plain"), &err) != SY_OK)
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    sy_router_free(g_router);
    return 0;
}

/* The text returned for `url` equals what sy_match_params_text writes for the merged list
 * of the same match, and the match reads as after sy_router_resolve. */
static void check_url(sy_match *m, const char *url, const char *want, size_t want_len)
{
    sy_error err;
    char buf[600];
    size_t len = 0;
    const char *text = sy_router_resolve_params_text(m, g_router, url, SY_NUL, &err);
    if (text == NULL) fail_msg("%s: %s", url, err.message);
    assert_int_equal(err.code, SY_OK);
    assert_int_equal(strlen(text), want_len);
    assert_memory_equal(text, want, want_len);
    assert_status(SY_OK, sy_match_params_text(buf, sizeof buf, &len, m, SY_PARAMS_MERGED, &err), &err);
    assert_int_equal(len, want_len);
    assert_memory_equal(buf, want, want_len);
}

static void text_is_the_merged_list(void **state)
{
    sy_match *m = sy_test_match();
    (void)state;
    check_url(m, "/repos/julienschmidt/httprouter", "\xff" "owner\xff" "julienschmidt\xff" "repo\xff" "httprouter",
              strlen("\xff" "owner\xff" "julienschmidt\xff" "repo\xff" "httprouter"));
    /* typed: the type letters first */
    check_url(m, "/user/007?tab=a", "is\xff" "id\xff" "007\xff" "tab\xff" "a",
              strlen("is\xff" "id\xff" "007\xff" "tab\xff" "a"));
    /* a named remainder, decoded */
    check_url(m, "/files/a/b%20c", "\xff" "path\xff" "a/b c", strlen("\xff" "path\xff" "a/b c"));
    /* no parameters: the empty text, and the match is a hit all the same */
    check_url(m, "/plain", "", 0);
    assert_true(sy_match_found(m));
    /* a miss: the empty text */
    check_url(m, "/nowhere", "", 0);
    assert_false(sy_match_found(m));
    sy_match_free(m);
}

/* A NUL byte (from %00) cannot be in a NUL-terminated text: the text is 0xFE, and the
 * list is still read in full by sy_match_params_text. */
static void nul_byte_gives_the_marker(void **state)
{
    sy_match *m = sy_test_match();
    sy_error err;
    char buf[64];
    size_t len = 0;
    const char *text;
    (void)state;
    text = sy_router_resolve_params_text(m, g_router, LIT("/repos/a%00b/c"), &err);
    assert_non_null(text);
    assert_string_equal(text, "\xfe");
    assert_status(SY_OK, sy_match_params_text(buf, sizeof buf, &len, m, SY_PARAMS_MERGED, &err), &err);
    assert_int_equal(len, strlen("\xff" "owner\xff" "a") + 2 + strlen("\xff" "repo\xff" "c"));
    assert_memory_equal(buf, "\xff" "owner\xff" "a\0b\xff" "repo\xff" "c", len);
    /* in a query value too */
    text = sy_router_resolve_params_text(m, g_router, LIT("/plain?q=%00"), &err);
    assert_non_null(text);
    assert_string_equal(text, "\xfe");
    sy_match_free(m);
}

/* A failed resolve returns NULL with the error sy_router_resolve gives, and leaves the
 * match as before any resolve; bad handles are misuse. */
static void failures_return_null(void **state)
{
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    assert_non_null(sy_router_resolve_params_text(m, g_router, LIT("/repos/a/b"), &err));
    assert_null(sy_router_resolve_params_text(m, g_router, LIT("/bad\x01url"), &err));
    assert_int_equal(err.code, SY_ERR_INVALID_URL);
    assert_int_equal(sy_router_resolve(m, g_router, LIT("/bad\x01url"), NULL), err.code);
    assert_false(sy_match_found(m));
    assert_int_equal(sy_match_path_param_count(m), 0);
    assert_null(sy_router_resolve_params_text(NULL, g_router, LIT("/plain"), &err));
    assert_int_equal(err.code, SY_ERR_MISUSE);
    assert_null(sy_router_resolve_params_text(m, NULL, LIT("/plain"), &err));
    assert_int_equal(err.code, SY_ERR_MISUSE);
    assert_null(sy_router_resolve_params_text((sy_match *)g_router, g_router, LIT("/plain"), &err));
    assert_int_equal(err.code, SY_ERR_MISUSE);
    /* err is optional */
    assert_null(sy_router_resolve_params_text(m, g_router, LIT("/bad\x01url"), NULL));
    sy_match_free(m);
}

/* The text grows with the list (past the first 64 bytes the match keeps) and stays the
 * one sy_match_params_text writes. */
static void long_values_grow_the_text(void **state)
{
    sy_match *m = sy_test_match();
    char url[600], want[600];
    size_t n;
    (void)state;
    memcpy(url, "/repos/", 7);
    memset(url + 7, 'a', 300);
    memcpy(url + 307, "/b", 3);
    n = 0;
    memcpy(want + n, "\xff" "owner\xff", 7); n += 7;
    memset(want + n, 'a', 300); n += 300;
    memcpy(want + n, "\xff" "repo\xff" "b", 7); n += 7;
    check_url(m, url, want, n);
    check_url(m, "/repos/x/y", "\xff" "owner\xff" "x\xff" "repo\xff" "y", strlen("\xff" "owner\xff" "x\xff" "repo\xff" "y"));
    sy_match_free(m);
}

/* The three-argument form gives the text, and leaves the match, as the sized form does
 * for the same URL; it reads the URL up to its NUL. */
static void cstr_is_the_sized_resolve(void **state)
{
    static const char *const urls[] = {
        "/repos/julienschmidt/httprouter", "/user/007?tab=a", "/files/a/b%20c", "/plain", "/nowhere",
        "/repos/a%00b/c",
    };
    sy_match *m = sy_test_match();
    sy_match *sized = sy_test_match();
    sy_error err;
    char a[600], b[600];
    size_t alen, blen;
    (void)state;
    for (size_t i = 0; i < sizeof urls / sizeof urls[0]; i++) {
        const char *want = sy_router_resolve_params_text(sized, g_router, urls[i], SY_NUL, &err);
        const char *got = sy_router_resolve_params_cstr(m, g_router, urls[i]);
        if (want == NULL || got == NULL) fail_msg("%s: no text", urls[i]);
        assert_string_equal(got, want);
        assert_int_equal(sy_match_found(m), sy_match_found(sized));
        assert_status(SY_OK, sy_match_to_json(a, sizeof a, &alen, m, &err), &err);
        assert_status(SY_OK, sy_match_to_json(b, sizeof b, &blen, sized, &err), &err);
        assert_int_equal(alen, blen);
        assert_memory_equal(a, b, alen);
    }
    /* a NUL byte ends the URL: the rest is not read */
    assert_string_equal(sy_router_resolve_params_cstr(m, g_router, "/plain\0/more"), "");
    assert_true(sy_match_found(m));
    assert_string_equal(sy_router_resolve_params_cstr(m, g_router, "/repos/x/y\0z"),
                        "\xff" "owner\xff" "x\xff" "repo\xff" "y");
    sy_match_free(sized);
    sy_match_free(m);
}

/* A failed resolve returns NULL and leaves the match as before any resolve, as the sized
 * form does; sy_router_resolve then gives the reason. NULL and wrong handles give NULL. */
static void cstr_failures_return_null(void **state)
{
    sy_match *m = sy_test_match();
    (void)state;
    assert_non_null(sy_router_resolve_params_cstr(m, g_router, "/repos/a/b"));
    assert_true(sy_match_found(m));
    assert_null(sy_router_resolve_params_cstr(m, g_router, "/bad\x01url"));
    assert_false(sy_match_found(m));
    assert_int_equal(sy_match_path_param_count(m), 0);
    assert_int_equal(sy_router_resolve(m, g_router, "/bad\x01url", SY_NUL, NULL), SY_ERR_INVALID_URL);
    assert_null(sy_router_resolve_params_cstr(NULL, g_router, "/plain"));
    assert_null(sy_router_resolve_params_cstr(m, NULL, "/plain"));
    assert_null(sy_router_resolve_params_cstr(m, g_router, NULL));
    assert_null(sy_router_resolve_params_cstr((sy_match *)g_router, g_router, "/plain"));
    sy_match_free(m);
}

/* sy_resolver_params_cstr is sy_router_resolve_params_cstr with the match and the router
 * read from the resolver: the same text, the same match, the same failures. */
static void resolver_is_the_cstr_resolve(void **state)
{
    static const char *const urls[] = {
        "/repos/julienschmidt/httprouter", "/user/007?tab=a", "/files/a/b%20c", "/plain", "/nowhere",
        "/repos/a%00b/c",
    };
    sy_match *m = sy_test_match();
    sy_match *direct = sy_test_match();
    sy_resolver resolver = { m, g_router };
    sy_error err;
    char a[600], b[600];
    size_t alen, blen;
    (void)state;
    for (size_t i = 0; i < sizeof urls / sizeof urls[0]; i++) {
        const char *want = sy_router_resolve_params_cstr(direct, g_router, urls[i]);
        const char *got = sy_resolver_params_cstr(&resolver, urls[i]);
        if (want == NULL || got == NULL) fail_msg("%s: no text", urls[i]);
        assert_string_equal(got, want);
        assert_status(SY_OK, sy_match_to_json(a, sizeof a, &alen, m, &err), &err);
        assert_status(SY_OK, sy_match_to_json(b, sizeof b, &blen, direct, &err), &err);
        assert_int_equal(alen, blen);
        assert_memory_equal(a, b, alen);
    }
    assert_string_equal(sy_resolver_params_cstr(&resolver, "/repos/x/y\0z"),
                        "\xff" "owner\xff" "x\xff" "repo\xff" "y");
    /* a failed resolve: NULL, and the match reads as before any resolve */
    assert_null(sy_resolver_params_cstr(&resolver, "/bad\x01url"));
    assert_false(sy_match_found(m));
    assert_int_equal(sy_match_path_param_count(m), 0);
    assert_null(sy_resolver_params_cstr(NULL, "/plain"));
    assert_null(sy_resolver_params_cstr(&resolver, NULL));
    resolver.router = NULL;
    assert_null(sy_resolver_params_cstr(&resolver, "/plain"));
    resolver.router = g_router;
    resolver.match = NULL;
    assert_null(sy_resolver_params_cstr(&resolver, "/plain"));
    resolver.match = (sy_match *)g_router;
    assert_null(sy_resolver_params_cstr(&resolver, "/plain"));
    sy_match_free(direct);
    sy_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_is_the_merged_list),
        cmocka_unit_test(nul_byte_gives_the_marker),
        cmocka_unit_test(failures_return_null),
        cmocka_unit_test(long_values_grow_the_text),
        cmocka_unit_test(cstr_is_the_sized_resolve),
        cmocka_unit_test(cstr_failures_return_null),
        cmocka_unit_test(resolver_is_the_cstr_resolve),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
