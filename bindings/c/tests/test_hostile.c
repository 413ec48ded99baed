/*
 * test_hostile.c: random and malformed input through every entry point.
 *
 * HEADER (preamble): "on failure it fills it (code, byte position or -1, and a message
 * in plain words)" and, from the TEXT rule, lengths and pointers are checked before
 * they are used. The C layer must never trap (a Swift trap ends the host process), so
 * this drives every function with seeded pseudo-random patterns, URLs, names, lengths,
 * flags and indexes built from the characters that matter to the grammar (':', '<',
 * '*', '(', '%', '?', '#', '+', '.', '/'), invalid UTF-8 and NUL bytes. It checks that
 * each call returns a status the header lists for it and that every failure carries a
 * message. Run under ASan/UBSan and valgrind, it also checks every read and write.
 */
#include <stdint.h>
#include <stdlib.h>
#include "sy_test.h"

#define ITERATIONS 4000

static uint64_t g_seed = 0x5EEDF00DCAFEULL;

static uint64_t next_random(void)
{
    /* xorshift64*: deterministic, so a failure reproduces */
    g_seed ^= g_seed >> 12;
    g_seed ^= g_seed << 25;
    g_seed ^= g_seed >> 27;
    return g_seed * 2685821657736338717ULL;
}

/* So the test cannot pass by rejecting everything: some adds succeed, some resolves hit. */
static long g_added, g_hits;

static size_t pick(size_t n) { return (size_t)(next_random() % n); }

/* Fills buf with n bytes of grammar-heavy text and a NUL after them (for SY_NUL, which
 * reads up to the first NUL, possibly an embedded one); returns n. */
static size_t random_text(char *buf, size_t cap, int as_url)
{
    static const char *const pieces[] = {
        "/", "/", "/", "a", "b", "user", ":id", ":x", "<int:n>", "<float:f>", "<uuid:u>",
        "<path:p>", "<bogus:t>", "<", ">", "*", "*rest", "(", ")", "(/:opt)", "%", "%2F",
        "%zz", "%C3%A9", "?", "?q=1", "&", "=", "#", "#frag", "+", ".", "..", "//",
        "\xc3\xa9", "\xff", "\xc3", "\xed\xa0\x80", "\x01", "\x7f", " ", "{id}", "}",
        "myapp://", "https://", "https://*.example.com", "http://h:8080", "12:30", "0",
        "-9223372036854775808", "99999999999999999999", "1e400",
    };
    size_t n = 0, parts = pick(12);
    if (as_url && pick(4) == 0) {
        const char *s = pick(2) ? "myapp://" : "https://example.com";
        memcpy(buf, s, strlen(s));
        n = strlen(s);
    }
    while (parts-- > 0) {
        const char *p = pieces[pick(sizeof pieces / sizeof pieces[0])];
        size_t len = strlen(p);
        if (pick(40) == 0) { /* an embedded NUL */
            if (n + 1 >= cap) break;
            buf[n++] = '\0';
            continue;
        }
        if (n + len >= cap) break;
        memcpy(buf + n, p, len);
        n += len;
    }
    buf[n] = '\0';
    return n;
}

/* A length as a hostile caller might pass it. */
static size_t hostile_len(size_t real)
{
    switch (pick(24)) {
    case 0: return SY_NUL; /* the texts are NUL-terminated (random_text) */
    case 1: return SIZE_MAX / 2 + 1;
    case 2: return real > 0 ? real - 1 : 0;
    default: return real;
    }
}

static void check(sy_status got, const sy_error *err)
{
    /* every status is a known one and the error agrees with it */
    assert_true(got <= 0 && got >= SY_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(err->code, got);
    if (got != SY_OK)
        assert_failed(err, got);
    else
        assert_cleared(err);
    assert_true(err->position >= -1);
}

static void drive_one(sy_router *r, sy_match *m)
{
    char a[200], b[200], json[512];
    size_t na, nb, i;
    sy_error err;
    sy_param p, defaults[2];
    sy_route rt;
    sy_str n1, n2;
    int flag;

    na = random_text(a, sizeof a, 0);
    nb = random_text(b, sizeof b, 0);
    switch (pick(4)) {
    case 0:
        check(sy_router_add(r, pick(30) ? a : NULL, hostile_len(na), b, hostile_len(nb), &err), &err);
        g_added += err.code == SY_OK;
        break;
    case 1:
        sy_route_init(&rt, SY_ROUTE_VERSION);
        rt.pattern.ptr = a;
        rt.pattern.len = hostile_len(na);
        if (pick(3)) { rt.target.ptr = b; rt.target.len = nb; }
        if (pick(3) == 0) { rt.redirect.ptr = b; rt.redirect.len = nb; }
        if (pick(2)) { rt.name.ptr = b; rt.name.len = nb > 5 ? 5 : nb; }
        rt.flags = pick(8) == 0 ? (uint32_t)next_random() : (uint32_t)pick(2);
        rt.priority = (int32_t)(pick(5)) - 2;
        memset(defaults, 0, sizeof defaults);
        defaults[0].name.ptr = b;
        defaults[0].name.len = nb > 3 ? 3 : nb;
        defaults[0].type = (int32_t)pick(4);
        defaults[0].text.ptr = a;
        defaults[0].text.len = na;
        defaults[0].int_value = (int64_t)next_random();
        defaults[0].float_value = (double)(int64_t)next_random() / 7.0;
        defaults[1] = defaults[0];
        rt.defaults = pick(2) ? defaults : NULL;
        rt.defaults_count = pick(3);
        check(sy_router_add_route(r, &rt, &err), &err);
        g_added += err.code == SY_OK;
        break;
    case 2:
        check(sy_router_remove(&flag, r, a, hostile_len(na), &err), &err);
        break;
    default:
        break;
    }

    na = random_text(a, sizeof a, 1);
    check(sy_router_resolve(m, r, a, hostile_len(na), &err), &err);
    g_hits += sy_match_found(m);
    /* every accessor, with in-range and hostile indexes */
    (void)sy_match_found(m);
    (void)sy_match_url(m);
    (void)sy_match_pattern(m);
    (void)sy_match_target(m);
    (void)sy_match_name(m);
    (void)sy_match_fragment(m);
    (void)sy_match_remainder(m);
    for (i = 0; i < sy_match_path_param_count(m) + 1; i++)
        check(sy_match_path_param_at(&p, m, i, &err), &err);
    check(sy_match_path_param_at(&p, m, SIZE_MAX - pick(3), &err), &err);
    for (i = 0; i < sy_match_query_count(m) + 1; i++)
        check(sy_match_query_at(&n1, &n2, m, i, &err), &err);
    for (i = 0; i < sy_match_param_count(m) + 1; i++)
        check(sy_match_param_at(&p, m, i, &err), &err);
    nb = random_text(b, sizeof b, 0);
    check(sy_match_param(&p, &flag, m, b, hostile_len(nb > 4 ? 4 : nb), &err), &err);
    for (i = 0; i < sy_match_redirect_count(m) + 2; i++)
        (void)sy_match_redirect_at(m, i);
    check(sy_match_to_json(json, pick(2) ? sizeof json : pick(64), NULL, m, &err), &err);
}

static void random_input_never_traps(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    int it;
    (void)state;
    g_added = g_hits = 0;
    for (it = 0; it < ITERATIONS; it++)
        drive_one(r, m);
    print_message("%ld routes added, %ld hits\n", g_added, g_hits);
    assert_true(g_added > 20);
    assert_true(g_hits > 20);
    sy_match_free(m);
    sy_router_free(r);
}

/* The same with every flag on and tight limits, so the other code paths run too. */
static void random_input_with_options_never_traps(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_match *m = sy_test_match();
    int it;
    (void)state;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.flags = SY_OPT_KNOWN_FLAGS;
    o.host_handling = SY_HOST_WHEN_DOTTED;
    o.precedence = SY_PRECEDENCE_MOST_LITERALS;
    o.max_url_length = 64;
    o.max_segments = 6;
    o.max_parameters = 3;
    o.max_pattern_length = 48;
    o.max_redirects = 2;
    r = sy_test_router(&o);
    g_added = g_hits = 0;
    for (it = 0; it < ITERATIONS; it++)
        drive_one(r, m);
    print_message("%ld routes added, %ld hits\n", g_added, g_hits);
    assert_true(g_added > 20);
    assert_true(g_hits > 20);
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_input_never_traps),
        cmocka_unit_test(random_input_with_options_never_traps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
