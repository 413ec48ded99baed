/* test_redirect_safety.c: redirects that an attacker would steer to another site, through
 * the C API (docs/SECURITY.md): the known reproducers, refused when the route is added or
 * when the redirect is made, with their status, position and message, and the match
 * emptied after a refusal. */
#include <stdio.h>

#include "sy_test.h"

/* A router holding one document: allowlist `allow` (a JSON array, or NULL for none) and
 * the redirect pattern -> template. */
static sy_status load_one(sy_router *r, const char *allow, const char *pattern, const char *template,
                          sy_error *err)
{
    char doc[1024];
    snprintf(doc, sizeof doc,
             "{\"version\": 1, %s%s%s \"routes\": [{\"pattern\": \"%s\", \"redirect\": \"%s\"}]}",
             allow ? "\"redirect_allowlist\": " : "", allow ? allow : "", allow ? "," : "", pattern, template);
    return sy_router_load_rules(r, LIT(doc), err);
}

static const char *const good = "[\"https://good.example.com\"]";

/* Adds pattern -> redirect template by hand, returning the status. */
static sy_status add_redirect(sy_router *r, const char *pattern, const char *template, sy_error *err)
{
    sy_route rt;
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern.ptr = pattern;
    rt.pattern.len = strlen(pattern);
    rt.redirect.ptr = template;
    rt.redirect.len = strlen(template);
    return sy_router_add_route(r, &rt, err);
}

/* A router with the option flags `flags`. */
static sy_router *router_with_flags(uint32_t flags)
{
    sy_router_options o;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.flags = flags;
    return sy_test_router(&o);
}

/* The match reads as before any resolve: a miss, an empty URL, no redirects. */
static void assert_empty_match(const sy_match *m)
{
    assert_int_equal(sy_match_found(m), 0);
    assert_str(sy_match_url(m), "");
    assert_int_equal(sy_match_redirect_count(m), 0);
}

/* HEADER (sy_router_resolve): "SY_ERR_REDIRECT_UNSAFE if a redirect produced a URL that
 * leaves the scheme or host its template wrote, the rule document's redirect_allowlist,
 * or (for a relative template) the current host (the message names the route's pattern
 * and the URL)" and "On any other failure match reads as before any resolve: a miss with
 * an empty URL and no redirects." */
static void empty_remainder_cannot_choose_the_host(void **state)
{
    sy_error err;
    sy_router *r = sy_test_router(NULL);
    sy_router *plain = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    (void)state;
    assert_status(SY_OK, load_one(r, good, "/go/:h/*rest", "/{rest}/{h}", &err), &err);
    assert_status(SY_OK, add_redirect(plain, "/go/:h/*rest", "/{rest}/{h}", &err), &err);
    sy_test_add(r, "/ok", "OK");
    sy_test_add(plain, "/ok", "OK");
    sy_router *both[2];
    both[0] = r;
    both[1] = plain;
    for (size_t k = 0; k < 2; k++) {
        sy_test_resolve(m, both[k], "/ok");  /* a result the refusal must clear */
        assert_int_equal(sy_match_found(m), 1);
        assert_status(SY_ERR_REDIRECT_UNSAFE, sy_router_resolve(m, both[k], LIT("/go/evil.com"), &err), &err);
        assert_failed(&err, SY_ERR_REDIRECT_UNSAFE);
        assert_int_equal(err.position, -1);
        assert_true(sy_test_message_has(&err, "'/go/:h/*rest'"));
        assert_true(sy_test_message_has(&err, "'//evil.com'"));
        assert_empty_match(m);
        /* A remainder that does not start the URL with '//' moves its segments. */
        sy_test_resolve(m, both[k], "/go/evil.com/a/b");
        assert_int_equal(sy_match_redirect_count(m), 2);
        assert_str(sy_match_redirect_at(m, 1), "/a/b/evil.com");
    }
    assert_string_equal(sy_status_str(SY_ERR_REDIRECT_UNSAFE), "unsafe redirect");
    sy_match_free(m);
    sy_router_free(plain);
    sy_router_free(r);
}

struct refused_template {
    const char *template;
    int position;
};

/* Backslashes (a browser reads '\' as '/'), network paths and web schemes without '//host'
 * are refused when the route is added, at the offending byte, by sy_router_add_route
 * (SY_ERR_INVALID_ARGUMENT) and in a document (SY_ERR_RULE). */
static void unsafe_templates_are_refused_at_their_byte(void **state)
{
    static const struct refused_template cases[] = {
        {"/\\\\evil.com", 1}, {"\\\\\\\\evil.com", 0}, {"\\\\/evil.com", 0},
        {"/\\\\{h}", 1}, {"\\\\\\\\{h}", 0}, {"//evil.com/{h}", 0},
        {"https:{h}", 6}, {"http:{h}", 5}, {"https:/{h}", 6}, {"https:///{h}", 8}, {"https://{h}/", 8},
        {"https://evil.com\\\\@good.example.com/", 16}, {"https://evil.com\\\\.example.com/", 16},
    };
    sy_error err;
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* The JSON text escapes '\' as "\\"; sy_route takes the template itself. */
        char raw[128];
        size_t n = 0;
        for (const char *p = cases[i].template; *p && n + 1 < sizeof raw; p++) {
            raw[n++] = *p;
            if (p[0] == '\\' && p[1] == '\\') p++;
        }
        raw[n] = '\0';
        sy_router *r = sy_test_router(NULL);
        assert_status(SY_ERR_INVALID_ARGUMENT, add_redirect(r, "/go/:h", raw, &err), &err);
        assert_int_equal(err.position, cases[i].position);
        assert_status(SY_ERR_RULE, load_one(r, cases[i].position >= 16 ? "[\"https://good.example.com\", \"https://*.example.com\"]" : good,
                                             "/go/:h", cases[i].template, &err), &err);
        assert_int_equal(err.position, cases[i].position);
        assert_true(sy_test_message_has(&err, "$.routes[0].redirect"));
        sy_router_free(r);
    }
}

/* The allowlist reads hosts as a browser does: case, a trailing dot, percent-encoding and a
 * port with leading zeros are the same host; a suffix, userinfo trick or IDN is not. */
static void allowlist_reads_hosts_as_a_browser(void **state)
{
    static const char *const inside[] = {
        "https://GOOD.example.com./{h}", "https://good%2Eexample.com/{h}", "https://good.example.com:0443/{h}",
        "https://evil.com@good.example.com/{h}",
    };
    static const char *const outside[] = {
        "https://good.example.com.evil.com/{h}", "https://good.example.com@evil.com/{h}",
        "https://good.example.com%40evil.com/{h}", "https://g\xc3\xb6od.example.com/{h}",
        "https://good.example.com:8443/{h}", "javascript:alert({h})",
    };
    sy_error err;
    (void)state;
    for (size_t i = 0; i < sizeof inside / sizeof inside[0]; i++) {
        sy_router *r = sy_test_router(NULL);
        assert_status(SY_OK, load_one(r, good, "/go/:h", inside[i], &err), &err);
        sy_router_free(r);
    }
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        sy_router *r = sy_test_router(NULL);
        assert_status(SY_ERR_RULE, load_one(r, good, "/go/:h", outside[i], &err), &err);
        /* refused as leading outside, or (a host outside ASCII) as a URL a browser refuses */
        assert_true(sy_test_message_has(&err, "redirect_allowlist") || sy_test_message_has(&err, "not a valid URL"));
        sy_router_free(r);
    }
}

/* HEADER (sy_router_resolve): "SY_ERR_LIMIT if url is over max_url_length or max_segments
 * ... or a redirect would build a URL over max_url_length or a chain of URLs over its byte
 * bound": a redirect that doubles its URL at every hop, with max_url_length and
 * max_redirects at their largest, stops there instead of exhausting memory. */
static void doubling_chain_is_bounded(void **state)
{
    sy_router_options o;
    sy_error err;
    sy_router *r;
    sy_match *m = sy_test_match();
    (void)state;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_url_length = 1048576u; /* the ceiling */
    o.max_redirects = 1000;
    r = sy_test_router(&o);
    assert_status(SY_OK, add_redirect(r, "/d/:x", "/d/{x}{x}", &err), &err);
    assert_status(SY_ERR_LIMIT, sy_router_resolve(m, r, LIT("/d/abcde"), &err), &err);
    assert_failed(&err, SY_ERR_LIMIT);
    assert_true(sy_test_message_has(&err, "'/d/:x'"));
    assert_empty_match(m);
    sy_router_free(r);
    sy_match_free(m);
}

/* Keeping empty segments lets a remainder start with one: the produced URL is checked, not
 * only the template. */
static void kept_empty_segments_are_checked_when_made(void **state)
{
    sy_error err;
    sy_router *r = router_with_flags(SY_OPT_KEEP_EMPTY_SEGMENTS);
    sy_match *m = sy_test_match();
    (void)state;
    assert_status(SY_OK, add_redirect(r, "/x/*rest", "/{rest}", &err), &err);
    assert_status(SY_OK, add_redirect(r, "/z/*rest", "myapp:{rest}", &err), &err);
    assert_status(SY_OK, add_redirect(r, "/w/*rest", "https://good.example.com/{rest}", &err), &err);
    assert_status(SY_ERR_REDIRECT_UNSAFE, sy_router_resolve(m, r, LIT("/x//evil.com"), &err), &err);
    assert_empty_match(m);
    assert_status(SY_ERR_REDIRECT_UNSAFE, sy_router_resolve(m, r, LIT("/z///evil.com"), &err), &err);
    assert_true(sy_test_message_has(&err, "'myapp://evil.com'"));
    sy_test_resolve(m, r, "/w//evil.com");
    assert_str(sy_match_url(m), "https://good.example.com//evil.com");
    sy_router_free(r);
    sy_match_free(m);
}

/* A value that makes a '.' or '..' path segment (an empty remainder beside the template's
 * dots) is refused when the redirect is made: a browser would remove it and leave the path
 * its template wrote. A urlpattern tail reads the browser's path, where %2e%2e is already
 * gone, so its groups never hold one. */
static void dot_segments_are_refused_when_made(void **state)
{
    sy_error err;
    sy_router *r = router_with_flags(SY_OPT_URLPATTERN_DIALECT);
    sy_match *m = sy_test_match();
    (void)state;
    assert_status(SY_OK, add_redirect(r, "/:a/:b", "https://good.example.com/files/{a}/{b}/view", &err), &err);
    assert_status(SY_OK, add_redirect(r, "/go/*", "https://good.example.com/files/{0}../view", &err), &err);
    /* Read as "/" and "/x": no route takes them. */
    sy_test_resolve(m, r, "/%2e%2e/%2e%2e");
    assert_false(sy_match_found(m));
    assert_true(sy_match_redirect_count(m) <= 1);
    sy_test_resolve(m, r, "/.%2E/x");
    assert_false(sy_match_found(m));
    sy_test_resolve(m, r, "/%2e%2e/%2e%2e/a/b");
    assert_str(sy_match_redirect_at(m, 1), "https://good.example.com/files/a/b/view");
    /* An empty value beside the template's dots makes "..": refused. */
    assert_status(SY_ERR_REDIRECT_UNSAFE, sy_router_resolve(m, r, LIT("/go/"), &err), &err);
    assert_true(sy_test_message_has(&err, "'https://good.example.com/files/../view'"));
    assert_true(sy_test_message_has(&err, "'/go/*'"));
    assert_empty_match(m);
    /* A segment of three dots is no dot segment; plain values go through. */
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("/%2e%2e%2e/x"), &err), &err);
    assert_int_equal(sy_match_redirect_count(m), 2);
    sy_router_free(r);
    sy_match_free(m);
}

/* Allowlist entries that would allow every host are refused, naming the entry: a web
 * scheme alone, a wildcard over a public suffix (the Public Suffix List) or an IP address. */
static void allowlist_entries_name_hosts(void **state)
{
    static const struct { const char *allow, *words; } bad[] = {
        {"[\"https\"]", "web scheme without a host"},
        {"[\"https://*.com\"]", "'com' is a public suffix"},
        {"[\"myapp\", \"https://*.co.uk\"]", "'co.uk' is a public suffix"},
        {"[\"https://*.github.io\"]", "'github.io' is a public suffix"},
        {"[\"https://*.1.2.3\"]", "IP address"},
    };
    static const char *const index[] = {"[0]", "[0]", "[1]", "[0]", "[0]"};
    sy_error err;
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sy_router *r = sy_test_router(NULL);
        assert_status(SY_ERR_RULE, load_one(r, bad[i].allow, "/go/:h", "https://a.example.com/{h}", &err), &err);
        assert_true(sy_test_message_has(&err, bad[i].words));
        assert_true(sy_test_message_has(&err, index[i]));
        sy_router_free(r);
    }
    sy_router *r = sy_test_router(NULL);
    assert_status(SY_OK, load_one(r, "[\"myapp\", \"https://*.example.co.uk\"]", "/go/:h", "https://a.example.co.uk/{h}", &err), &err);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(empty_remainder_cannot_choose_the_host),
        cmocka_unit_test(unsafe_templates_are_refused_at_their_byte),
        cmocka_unit_test(allowlist_reads_hosts_as_a_browser),
        cmocka_unit_test(allowlist_entries_name_hosts),
        cmocka_unit_test(doubling_chain_is_bounded),
        cmocka_unit_test(kept_empty_segments_are_checked_when_made),
        cmocka_unit_test(dot_segments_are_refused_when_made),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
