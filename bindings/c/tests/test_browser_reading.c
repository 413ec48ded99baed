/*
 * test_browser_reading.c: web URLs read as a browser reads them.
 *
 * HEADER (sy_router_resolve): "A web-scheme URL is read as the WHATWG URL Standard reads
 * it: backslash as slash, any number of slashes after the scheme, tab and newline
 * removed, host percent-decoded and lowercased, port 0-65535 without leading zeros and
 * without the default; a URL a browser reads differently is described in the form a
 * browser reads it (sy_match_url), and one a browser refuses is SY_ERR_INVALID_URL."
 * Each row below is a URL once read differently from a browser; the C caller's bytes
 * are borrowed, and the browser's form is owned by the match.
 */
#include "sy_test.h"

struct reading {
    const char *url;
    const char *read_as; /* NULL: refused */
};

static const struct reading readings[] = {
    {"https://evil.com\\@good.example.com/x", "https://evil.com/@good.example.com/x"},
    {"https://evil.com\\.example.com/x", "https://evil.com/.example.com/x"},
    {"https://g%6Fod.example.com/x", "https://good.example.com/x"},
    {"https://good.example.com:0443/x", "https://good.example.com/x"},
    {"https://good.example.com:65536/x", NULL},
    {"https://good.example.com:8443:443/x", NULL},
    {"https://[::1", NULL},
    {"https:/a/x", "https://a/x"},
    {"https:\\\\a\\x", "https://a/x"},
    {"https://a/x\ty", "https://a/xy"},
    {"https://0x7f.1/", "https://127.0.0.1/"},
    {"https://a<b/", NULL},
    {"/public/..\\admin", "/public/../admin"},
    {"myapp://a\\b", "myapp://a\\b"},
};

static void urls_read_as_a_browser_reads_them(void **state)
{
    (void)state;
    sy_router *r = NULL;
    sy_match *m = NULL;
    sy_error err;
    size_t i;
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);
    assert_status(SY_OK, sy_router_add(r, LIT("/*"), LIT("any"), &err), &err);
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    for (i = 0; i < sizeof readings / sizeof readings[0]; i++) {
        const struct reading *t = &readings[i];
        /* A copy the test overwrites after the call: the match must not point into it. */
        char copy[128];
        size_t n = strlen(t->url);
        sy_status s;
        memcpy(copy, t->url, n + 1);
        s = sy_router_resolve(m, r, copy, n, &err);
        if (t->read_as == NULL) {
            if (s != SY_ERR_INVALID_URL)
                fail_msg("%s: expected SY_ERR_INVALID_URL, got %s", t->url, sy_status_str(s));
            assert_true(err.message[0] != '\0');
            continue;
        }
        assert_status(SY_OK, s, &err);
        if (strcmp(t->read_as, t->url) != 0)
            memset(copy, 'Z', n);
        assert_str(sy_match_url(m), t->read_as);
    }
    sy_match_free(m);
    sy_router_free(r);
}

static void routes_see_the_browsers_host(void **state)
{
    (void)state;
    sy_router *r = NULL;
    sy_match *m = NULL;
    sy_error err;
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);
    assert_status(SY_OK, sy_router_add(r, LIT("https://good.example.com/*"), LIT("good"), &err), &err);
    assert_status(SY_OK, sy_router_add(r, LIT("/admin"), LIT("admin"), &err), &err);
    assert_status(SY_OK, sy_router_add(r, LIT("/public/*"), LIT("public"), &err), &err);
    assert_status(SY_OK, sy_match_new(&m, &err), &err);

    assert_status(SY_OK, sy_router_resolve(m, r, LIT("https://evil.com\\@good.example.com/x"), &err), &err);
    assert_false(sy_match_found(m));
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("https://GOOD.example.com:0443/x"), &err), &err);
    assert_true(sy_match_found(m));
    assert_str(sy_match_target(m), "good");
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("/public/..\\admin"), &err), &err);
    assert_true(sy_match_found(m));
    assert_str(sy_match_target(m), "admin");
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(urls_read_as_a_browser_reads_them),
        cmocka_unit_test(routes_see_the_browsers_host),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
