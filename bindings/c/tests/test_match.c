/* test_match.c: sy_match_new/free, sy_router_resolve and every accessor. */
#include <stdint.h>
#include <stdlib.h>
#include "sy_test.h"

static sy_router *g_router;

static int setup(void **state)
{
    sy_error err;
    (void)state;
    if (sy_router_new(&g_router, NULL, &err) != SY_OK) return -1;
    if (sy_router_add(g_router, LIT("myapp://user/<int:id>"), LIT("UserProfile"), &err) != SY_OK ||
        sy_router_add(g_router, LIT("https://blog.example.com/:user/article/details/:id"),
                      LIT("BlogDetailPage"), &err) != SY_OK ||
        sy_router_add(g_router, LIT("/files/*path"), LIT("Files"), &err) != SY_OK ||
        sy_router_add(g_router, LIT("/geo/<float:lat>/<float:lon>"), LIT("Map"), &err) != SY_OK ||
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

/* HEADER: "Destroy a match. sy_match_free(NULL) is a no-op." and (sy_match_new)
 * "SY_ERR_MISUSE if out is NULL." */
static void match_new_and_free(void **state)
{
    sy_match *m = NULL;
    sy_error err;
    (void)state;
    sy_match_free(NULL);
    assert_status(SY_ERR_MISUSE, sy_match_new(NULL, &err), &err);
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    assert_non_null(m);
    sy_match_free(m);
}

/* HEADER: "Before its first resolve it reads as a miss with an empty URL." */
static void fresh_match_reads_as_a_miss(void **state)
{
    sy_match *m = sy_test_match();
    (void)state;
    assert_int_equal(sy_match_found(m), 0);
    assert_str(sy_match_url(m), "");
    assert_str(sy_match_pattern(m), NULL);
    assert_str(sy_match_target(m), NULL);
    assert_int_equal(sy_match_path_param_count(m), 0);
    assert_int_equal(sy_match_query_count(m), 0);
    assert_int_equal(sy_match_param_count(m), 0);
    assert_int_equal(sy_match_redirect_count(m), 0);
    sy_match_free(m);
}

/* HEADER: "They cannot fail: a NULL match gives 0 or an absent sy_str." */
static void accessors_on_null_give_zero_or_absent(void **state)
{
    (void)state;
    assert_int_equal(sy_match_found(NULL), 0);
    assert_str(sy_match_url(NULL), NULL);
    assert_str(sy_match_pattern(NULL), NULL);
    assert_str(sy_match_target(NULL), NULL);
    assert_str(sy_match_name(NULL), NULL);
    assert_str(sy_match_fragment(NULL), NULL);
    assert_str(sy_match_remainder(NULL), NULL);
    assert_int_equal(sy_match_path_param_count(NULL), 0);
    assert_int_equal(sy_match_query_count(NULL), 0);
    assert_int_equal(sy_match_param_count(NULL), 0);
    assert_int_equal(sy_match_redirect_count(NULL), 0);
    assert_str(sy_match_redirect_at(NULL, 0), NULL);
    /* a router handle where a match is expected reads the same way */
    assert_int_equal(sy_match_found((const sy_match *)g_router), 0);
    assert_str(sy_match_url((const sy_match *)g_router), NULL);
}

/* HEADER (sy_router_resolve): "SY_OK whether or not a route matched (see
 * sy_match_found()); a miss builds no message" and "On a miss only the URL and the
 * redirect chain are set; every other field is absent or 0." */
static void a_miss_is_ok_and_empty(void **state)
{
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    sy_test_dirty(&err);
    assert_status(SY_OK, sy_router_resolve(m, g_router, LIT("myapp://nowhere/1?a=b#f"), &err), &err);
    assert_cleared(&err);
    assert_int_equal(sy_match_found(m), 0);
    assert_str(sy_match_url(m), "myapp://nowhere/1?a=b#f");
    assert_str(sy_match_pattern(m), NULL);
    assert_str(sy_match_target(m), NULL);
    assert_str(sy_match_name(m), NULL);
    assert_str(sy_match_fragment(m), NULL);
    assert_str(sy_match_remainder(m), NULL);
    assert_int_equal(sy_match_path_param_count(m), 0);
    assert_int_equal(sy_match_query_count(m), 0);
    assert_int_equal(sy_match_param_count(m), 0);
    assert_int_equal(sy_match_redirect_count(m), 0);
    sy_match_free(m);
}

/* HEADER: "Match a URL against a router, writing the result into match." and the
 * accessors: pattern "as it was added", target, name, url, fragment "as written, not
 * decoded", path parameters "in pattern order". */
static void a_hit_fills_every_field(void **state)
{
    sy_match *m = sy_test_match();
    sy_param p;
    sy_error err;
    (void)state;
    sy_test_resolve(m, g_router,
                    "https://blog.example.com/alice/article/details/42?ref=home#top%20x");
    assert_int_equal(sy_match_found(m), 1);
    assert_str(sy_match_pattern(m), "https://blog.example.com/:user/article/details/:id");
    assert_str(sy_match_target(m), "BlogDetailPage");
    assert_str(sy_match_name(m), NULL); /* "absent when the route has none" */
    assert_str(sy_match_url(m), "https://blog.example.com/alice/article/details/42?ref=home#top%20x");
    assert_str(sy_match_fragment(m), "top%20x");
    assert_str(sy_match_remainder(m), NULL); /* "absent when the pattern has no remainder form" */
    assert_int_equal(sy_match_path_param_count(m), 2);
    assert_status(SY_OK, sy_match_path_param_at(&p, m, 0, &err), &err);
    assert_str(p.name, "user");
    assert_str(p.text, "alice");
    assert_int_equal(p.type, SY_VALUE_STRING);
    assert_int_equal(p.int_value, 0);
    assert_true(p.float_value == 0.0);
    assert_status(SY_OK, sy_match_path_param_at(&p, m, 1, &err), &err);
    assert_str(p.name, "id");
    assert_str(p.text, "42");
    sy_match_free(m);
}

/* HEADER (sy_param): "text is the value as UTF-8 text (for typed path parameters, as
 * written in the URL after decoding: "007" for <int:id> = 7); type says which of
 * int_value / float_value also holds it (the other is 0)." */
static void typed_parameters_carry_their_values(void **state)
{
    sy_match *m = sy_test_match();
    sy_param p;
    sy_error err;
    (void)state;
    sy_test_resolve(m, g_router, "myapp://user/007");
    assert_status(SY_OK, sy_match_path_param_at(&p, m, 0, &err), &err);
    assert_int_equal(p.type, SY_VALUE_INT);
    assert_int_equal(p.int_value, 7);
    assert_str(p.text, "007");
    assert_true(p.float_value == 0.0);
    assert_int_equal(p.reserved, 0);

    sy_test_resolve(m, g_router, "myapp://user/-9223372036854775808");
    assert_status(SY_OK, sy_match_path_param_at(&p, m, 0, &err), &err);
    assert_true(p.int_value == INT64_MIN);

    sy_test_resolve(m, g_router, "/geo/-2.5/3e8");
    assert_status(SY_OK, sy_match_path_param_at(&p, m, 0, &err), &err);
    assert_int_equal(p.type, SY_VALUE_FLOAT);
    assert_true(p.float_value == -2.5);
    assert_int_equal(p.int_value, 0);
    assert_status(SY_OK, sy_match_path_param_at(&p, m, 1, &err), &err);
    assert_true(p.float_value == 3e8);
    assert_str(p.text, "3e8");
    sy_match_free(m);
}

/* HEADER (sy_match_remainder): "the decoded segments matched by a trailing '*', '*name'
 * or '<path:name>', joined by '/', without a leading '/'." ... "present and empty when it
 * matched zero segments" */
static void remainder_is_joined_and_present_when_empty(void **state)
{
    sy_match *m = sy_test_match();
    (void)state;
    sy_test_resolve(m, g_router, "/files/docs/a%20b/c.txt");
    assert_str(sy_match_remainder(m), "docs/a b/c.txt");
    assert_str(sy_test_param_text(m, "path"), "docs/a b/c.txt");
    sy_test_resolve(m, g_router, "/files");
    assert_true(sy_match_found(m));
    assert_str(sy_match_remainder(m), "");
    sy_match_free(m);
}

/* HEADER (sy_match_fragment): "(present and empty for a URL ending in '#'); absent when
 * the URL has no '#'" */
static void fragment_present_empty_or_absent(void **state)
{
    sy_match *m = sy_test_match();
    (void)state;
    sy_test_resolve(m, g_router, "/plain#");
    assert_str(sy_match_fragment(m), "");
    sy_test_resolve(m, g_router, "/plain");
    assert_str(sy_match_fragment(m), NULL);
    sy_match_free(m);
}

/* HEADER (sy_match_query_at): "The i-th query item (URL order; a repeated name appears
 * once per value)." ... "The decoded value ("" for an item without '=')" */
static void query_items_keep_order_and_repeats(void **state)
{
    static const char *const expected[][2] = {
        {"from", "push"}, {"flag", ""}, {"from", "banner"}, {"q", "a b&c"},
    };
    sy_match *m = sy_test_match();
    sy_str name, value;
    sy_error err;
    size_t i;
    (void)state;
    sy_test_resolve(m, g_router, "/plain?from=push&flag&from=banner&q=a+b%26c");
    assert_int_equal(sy_match_query_count(m), 4);
    for (i = 0; i < 4; i++) {
        assert_status(SY_OK, sy_match_query_at(&name, &value, m, i, &err), &err);
        assert_str(name, expected[i][0]);
        assert_str(value, expected[i][1]);
    }
    sy_match_free(m);
}

/* HEADER (sy_match_param_count): "each name once; path parameters win over query items
 * of the same name ..., a repeated query name gives its last value" and
 * (sy_match_param_at): "path parameters first, then query names, then defaults." */
static void merged_params_follow_the_precedence(void **state)
{
    sy_match *m = sy_test_match();
    sy_param p;
    sy_error err;
    (void)state;
    sy_test_resolve(m, g_router, "myapp://user/42?id=9&tab=a&tab=b");
    assert_int_equal(sy_match_param_count(m), 2);
    assert_status(SY_OK, sy_match_param_at(&p, m, 0, &err), &err);
    assert_str(p.name, "id");
    assert_int_equal(p.type, SY_VALUE_INT);
    assert_int_equal(p.int_value, 42);
    assert_status(SY_OK, sy_match_param_at(&p, m, 1, &err), &err);
    assert_str(p.name, "tab");
    assert_str(p.text, "b");
    sy_match_free(m);
}

/* HEADER (sy_match_param): "Look up a merged parameter by name" ... "found_out Optional.
 * 1 when found, 0 when not (a name not present is not an error)" ... "out The parameter
 * when found; zeroed when not found or on failure." */
static void param_by_name(void **state)
{
    sy_match *m = sy_test_match();
    sy_param p;
    int found = -1;
    sy_error err;
    (void)state;
    sy_test_resolve(m, g_router, "myapp://user/42?tab=b");
    assert_status(SY_OK, sy_match_param(&p, &found, m, "tabXYZ", 3, &err), &err);
    assert_int_equal(found, 1);
    assert_str(p.name, "tab");
    assert_str(p.text, "b");
    memset(&p, 0x5A, sizeof p);
    assert_status(SY_OK, sy_match_param(&p, &found, m, LIT("nope"), &err), &err);
    assert_int_equal(found, 0);
    assert_null(p.name.ptr);
    assert_null(p.text.ptr);
    assert_int_equal(p.type, 0);
    assert_status(SY_OK, sy_match_param(&p, NULL, m, LIT("id"), &err), &err);
    assert_int_equal(p.int_value, 42);
    assert_status(SY_OK, sy_match_param(&p, &found, m, NULL, 0, &err), &err);
    assert_int_equal(found, 0);
    /* HEADER: "SY_ERR_MISUSE if out or match is NULL, match is not a match, or name is
     * NULL with a non-zero length; SY_ERR_INVALID_ARGUMENT if name_len is over SIZE_MAX / 2." */
    assert_status(SY_ERR_MISUSE, sy_match_param(NULL, &found, m, LIT("id"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_param(&p, &found, NULL, LIT("id"), &err), &err);
    assert_status(SY_ERR_MISUSE,
                  sy_match_param(&p, &found, (const sy_match *)g_router, LIT("id"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_param(&p, &found, m, NULL, 2, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_match_param(&p, &found, m, "id", SIZE_MAX - 1, &err), &err);
    assert_int_equal(found, 0);
    sy_match_free(m);
}

/* HEADER (the _at functions): "SY_ERR_MISUSE if out or match is NULL or match is not a
 * match; SY_ERR_INVALID_ARGUMENT if i is out of range." and "Zeroed on failure." */
static void indexed_accessors_check_range_and_handles(void **state)
{
    sy_match *m = sy_test_match();
    sy_param p;
    sy_str n, v;
    sy_error err;
    (void)state;
    sy_test_resolve(m, g_router, "myapp://user/42?tab=b");
    memset(&p, 0x5A, sizeof p);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_match_path_param_at(&p, m, 1, &err), &err);
    assert_null(p.name.ptr);
    assert_int_equal(p.int_value, 0);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_match_path_param_at(&p, m, SIZE_MAX, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_path_param_at(NULL, m, 0, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_path_param_at(&p, NULL, 0, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_path_param_at(&p, (const sy_match *)g_router, 0, &err),
                  &err);

    memset(&p, 0x5A, sizeof p);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_match_param_at(&p, m, 2, &err), &err);
    assert_null(p.text.ptr);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_match_param_at(&p, m, SIZE_MAX, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_param_at(NULL, m, 0, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_param_at(&p, NULL, 0, &err), &err);

    /* HEADER (sy_match_query_at): "Absent on failure." */
    n.ptr = v.ptr = "junk";
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_match_query_at(&n, &v, m, 1, &err), &err);
    assert_null(n.ptr);
    assert_null(v.ptr);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_match_query_at(&n, &v, m, SIZE_MAX, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_query_at(NULL, &v, m, 0, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_query_at(&n, NULL, m, 0, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_query_at(&n, &v, NULL, 0, &err), &err);
    /* HEADER (sy_match_redirect_at): "absent when i is out of range" */
    assert_str(sy_match_redirect_at(m, 0), NULL);
    assert_str(sy_match_redirect_at(m, SIZE_MAX), NULL);
    sy_match_free(m);
}

/* HEADER (sy_router_resolve): "SY_ERR_MISUSE if match or router is NULL or not of its
 * kind, or url is NULL with a non-zero length" ... "SY_ERR_LIMIT if url is over
 * max_url_length ... (also when url_len is over SIZE_MAX / 2)" */
static void resolve_rejects_bad_arguments(void **state)
{
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    assert_status(SY_ERR_MISUSE, sy_router_resolve(NULL, g_router, LIT("/plain"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_resolve(m, NULL, LIT("/plain"), &err), &err);
    assert_status(SY_ERR_MISUSE,
                  sy_router_resolve((sy_match *)g_router, g_router, LIT("/plain"), &err), &err);
    assert_status(SY_ERR_MISUSE,
                  sy_router_resolve(m, (const sy_router *)m, LIT("/plain"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_resolve(m, g_router, NULL, 3, &err), &err);
    assert_status(SY_ERR_LIMIT, sy_router_resolve(m, g_router, "/plain", SIZE_MAX - 1, &err), &err);
    assert_status(SY_ERR_LIMIT, sy_router_resolve(m, g_router, "/plain", SIZE_MAX / 2 + 1, &err), &err);
    /* NULL with length 0 is the empty string: a valid (empty) path that matches nothing */
    assert_status(SY_OK, sy_router_resolve(m, g_router, NULL, 0, &err), &err);
    assert_int_equal(sy_match_found(m), 0);
    assert_str(sy_match_url(m), "");
    sy_match_free(m);
}

/* HEADER (sy_router_resolve): "SY_ERR_INVALID_URL if url is not valid UTF-8, holds a
 * control character or has no valid scheme or port, or if a browser would refuse it
 * (position: the byte);" and (TEXT)
 * "embedded NUL bytes are just bytes" */
static void resolve_reports_invalid_urls_with_position(void **state)
{
    static const struct { const char *url; size_t len; int32_t position; } bad[] = {
        {"/plain\xff", 7, 6},
        {"/pla\0in", 7, 4},
        {"/plain\x7f", 7, 6},
        {"12:30/x", 7, 0},
    };
    sy_match *m = sy_test_match();
    sy_error err;
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        print_message("case %zu\n", i);
        assert_status(SY_ERR_INVALID_URL, sy_router_resolve(m, g_router, bad[i].url, bad[i].len, &err),
                      &err);
        assert_failed(&err, SY_ERR_INVALID_URL);
        assert_int_equal(err.position, bad[i].position);
    }
    sy_match_free(m);
}

/* HEADER: "On any other failure match reads as before any resolve: a miss with an empty
 * URL and no redirects." */
static void failed_resolve_empties_the_match(void **state)
{
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    sy_test_resolve(m, g_router, "myapp://user/1?x=y");
    assert_true(sy_match_found(m));
    assert_status(SY_ERR_INVALID_URL, sy_router_resolve(m, g_router, LIT("/\x01"), &err), &err);
    assert_int_equal(sy_match_found(m), 0);
    assert_str(sy_match_url(m), "");
    assert_str(sy_match_pattern(m), NULL);
    assert_int_equal(sy_match_query_count(m), 0);
    assert_int_equal(sy_match_redirect_count(m), 0);
    sy_test_resolve(m, g_router, "myapp://user/1");
    assert_status(SY_ERR_MISUSE, sy_router_resolve(m, NULL, LIT("/plain"), &err), &err);
    assert_int_equal(sy_match_found(m), 0);
    assert_str(sy_match_url(m), "");
    sy_match_free(m);
}

/* HEADER (url): "need not be NUL-terminated" and (Lifetime) "parameter values may point
 * into url ... valid until the next sy_router_resolve() with the same match" */
static void url_is_read_by_length_and_borrowed(void **state)
{
    sy_match *m = sy_test_match();
    char *buf = malloc(32);
    (void)state;
    assert_non_null(buf);
    memcpy(buf, "myapp://user/42XYZ", 18); /* no NUL; only 15 bytes given */
    assert_status(SY_OK, sy_router_resolve(m, g_router, buf, 15, NULL), NULL);
    assert_true(sy_match_found(m));
    assert_str(sy_match_url(m), "myapp://user/42");
    assert_str(sy_test_param_text(m, "id"), "42");
    /* a second resolve replaces the old result entirely */
    sy_test_resolve(m, g_router, "/plain");
    assert_str(sy_match_pattern(m), "/plain");
    free(buf); /* the match no longer reads it (valgrind/ASan check that) */
    assert_str(sy_match_url(m), "/plain");
    sy_match_free(m);
}

/* HEADER (sy_router_free): "Matches that resolved against it stay valid: they keep the
 * table they matched with until their next resolve or their free." */
static void match_outlives_its_router(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    (void)state;
    sy_test_add(r, "/short/:lived", "Ephemeral");
    sy_test_resolve(m, r, "/short/x");
    sy_router_free(r);
    assert_str(sy_match_pattern(m), "/short/:lived");
    assert_str(sy_match_target(m), "Ephemeral");
    assert_str(sy_test_param_text(m, "lived"), "x");
    sy_match_free(m);
}

/* HEADER (sy_router_resolve): "SY_ERR_REDIRECT_LIMIT, SY_ERR_REDIRECT_LOOP for redirect
 * chains (the message shows the chain)" and (sy_match_redirect_count) "0 without
 * redirects, else the input URL, then each URL redirected to (the last is
 * sy_match_url())" */
static void redirect_chains(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_route rt;
    sy_error err;
    (void)state;
    sy_test_add(r, "myapp://live/room/:id", "LiveRoom");
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.ptr = "https://live.example.com/room/:id";
    rt.pattern.len = strlen(rt.pattern.ptr);
    rt.redirect.ptr = "myapp://live/room/{id}";
    rt.redirect.len = strlen(rt.redirect.ptr);
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);

    sy_test_resolve(m, r, "https://live.example.com/room/7");
    assert_true(sy_match_found(m));
    assert_str(sy_match_target(m), "LiveRoom");
    assert_int_equal(sy_match_redirect_count(m), 2);
    assert_str(sy_match_redirect_at(m, 0), "https://live.example.com/room/7");
    assert_str(sy_match_redirect_at(m, 1), "myapp://live/room/7");
    assert_str(sy_match_redirect_at(m, 2), NULL);
    assert_str(sy_match_url(m), "myapp://live/room/7");

    /* HEADER (accessors): "On a miss only the URL and the redirect chain are set": a
     * chain that ends on an unrouted URL is a miss that still reports where it ended */
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.ptr = "/go";
    rt.pattern.len = 3;
    rt.redirect.ptr = "/nowhere";
    rt.redirect.len = 8;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    sy_test_resolve(m, r, "/go");
    assert_false(sy_match_found(m));
    assert_str(sy_match_url(m), "/nowhere");
    assert_str(sy_match_pattern(m), NULL);
    assert_int_equal(sy_match_redirect_count(m), 2);
    assert_str(sy_match_redirect_at(m, 0), "/go");
    assert_str(sy_match_redirect_at(m, 1), "/nowhere");

    /* a loop: /a -> /b -> /a */
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.ptr = "/a";
    rt.pattern.len = 2;
    rt.redirect.ptr = "/b";
    rt.redirect.len = 2;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    rt.pattern.ptr = "/b";
    rt.redirect.ptr = "/a";
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    assert_status(SY_ERR_REDIRECT_LOOP, sy_router_resolve(m, r, LIT("/a"), &err), &err);
    assert_true(sy_test_message_has(&err, "/b"));
    assert_int_equal(sy_match_redirect_count(m), 0);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (SY_ROUTE_NO_APPEND_PARAMS): "do not append unused captured parameters and the
 * original query to the redirect URL" */
static void no_append_params_flag(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_route rt;
    sy_error err;
    (void)state;
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.ptr = "https://example.com/skill/:language";
    rt.pattern.len = strlen(rt.pattern.ptr);
    rt.redirect.ptr = "myapp://app/tiny?id=1";
    rt.redirect.len = strlen(rt.redirect.ptr);
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    sy_test_resolve(m, r, "https://example.com/skill/cloud_native");
    assert_str(sy_match_url(m), "myapp://app/tiny?id=1&language=cloud_native");

    rt.pattern.ptr = "https://example.com/quiet/:language";
    rt.pattern.len = strlen(rt.pattern.ptr);
    rt.flags = SY_ROUTE_NO_APPEND_PARAMS;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    sy_test_resolve(m, r, "https://example.com/quiet/cloud_native?x=1");
    assert_str(sy_match_url(m), "myapp://app/tiny?id=1");
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(match_new_and_free),
        cmocka_unit_test(fresh_match_reads_as_a_miss),
        cmocka_unit_test(accessors_on_null_give_zero_or_absent),
        cmocka_unit_test(a_miss_is_ok_and_empty),
        cmocka_unit_test(a_hit_fills_every_field),
        cmocka_unit_test(typed_parameters_carry_their_values),
        cmocka_unit_test(remainder_is_joined_and_present_when_empty),
        cmocka_unit_test(fragment_present_empty_or_absent),
        cmocka_unit_test(query_items_keep_order_and_repeats),
        cmocka_unit_test(merged_params_follow_the_precedence),
        cmocka_unit_test(param_by_name),
        cmocka_unit_test(indexed_accessors_check_range_and_handles),
        cmocka_unit_test(resolve_rejects_bad_arguments),
        cmocka_unit_test(resolve_reports_invalid_urls_with_position),
        cmocka_unit_test(failed_resolve_empties_the_match),
        cmocka_unit_test(url_is_read_by_length_and_borrowed),
        cmocka_unit_test(match_outlives_its_router),
        cmocka_unit_test(redirect_chains),
        cmocka_unit_test(no_append_params_flag),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
