/* test_links.c: app links through the C API (the "App links" section of switchyard.h):
 * AASA decisions (a few cases of Tests/Data/links/vectors.json, quoted by id), the
 * decision array and its borrowed app IDs, findings, Android patterns and dynamic rules
 * (cases of android-vectors.json), the Android evaluation, generation from a router and
 * the cross-check, and every kind of misuse. */
#include <stdlib.h>

#include "sy_test.h"

#define APP "ABCDE12345.com.example.app"
#define APP2 "ABCDE12345.com.example.app2"

static sy_links_aasa *compile(const char *json)
{
    sy_links_aasa *a = NULL;
    sy_error err;
    assert_status(SY_OK, sy_links_aasa_new(&a, LIT(json), 0, 0, &err), &err);
    assert_non_null(a);
    return a;
}

struct aasa_case {
    const char *id; /* the case in vectors.json */
    const char *domain;
    const char *aasa;
    const char *url;
    const char *expect; /* the decisions: "app:m app2:b" (m match, b block), in order */
};

/* Writes the decisions as "app:m app2:b" for comparison. */
static void decisions_text(const sy_links_aasa *a, const char *domain, const char *url, char *out, size_t cap)
{
    sy_links_decision d[8];
    size_t n = 99, i;
    sy_error err;
    assert_status(SY_OK, sy_links_aasa_decide(d, 8, &n, a, LIT(domain), LIT(url), &err), &err);
    out[0] = '\0';
    for (i = 0; i < n; i++) {
        size_t used = strlen(out);
        snprintf(out + used, cap - used, "%s%.*s:%s", i ? " " : "", (int)d[i].app_id.len, d[i].app_id.ptr,
                 d[i].verdict == SY_LINKS_MATCH ? "m" : "b");
        assert_int_equal(d[i].reserved, 0);
    }
}

/* HEADER: "Which apps the file lets open an https URL, as iOS decides: the ordered decisions." */
static void aasa_vectors(void **state)
{
    static const struct aasa_case cases[] = {
        {"apple-overview/buy", "example.com",
         "{\"applinks\":{\"details\":[{\"appIDs\":[\"" APP "\",\"" APP2 "\"],\"components\":["
         "{\"#\":\"no_universal_links\",\"exclude\":true},{\"/\":\"/buy/*\"},"
         "{\"/\":\"/help/website/*\",\"exclude\":true},{\"/\":\"/help/*\",\"?\":{\"articleNumber\":\"????\"}}]}]}}",
         "https://example.com/buy/42", APP ":m " APP2 ":m"},
        {"apple-overview/specific-exclude-before-general", "example.com",
         "{\"applinks\":{\"details\":[{\"appIDs\":[\"" APP "\",\"" APP2 "\"],\"components\":["
         "{\"#\":\"no_universal_links\",\"exclude\":true},{\"/\":\"/buy/*\"},"
         "{\"/\":\"/help/website/*\",\"exclude\":true},{\"/\":\"/help/*\",\"?\":{\"articleNumber\":\"????\"}}]}]}}",
         "https://example.com/help/website/faq?articleNumber=4815", APP ":b " APP2 ":b"},
        {"multi-app/exclusion-is-per-app", "example.com",
         "{\"applinks\":{\"details\":[{\"appIDs\":[\"AAAAA11111.com.example.a\"],\"components\":"
         "[{\"/\":\"/shared/*\",\"exclude\":true}]},{\"appIDs\":[\"BBBBB22222.com.example.b\"],"
         "\"components\":[{\"/\":\"/shared/*\"}]}]}}",
         "https://example.com/shared/1", "AAAAA11111.com.example.a:b BBBBB22222.com.example.b:m"},
        {"legacy/paths-not-exclusion", "example.com",
         "{\"applinks\":{\"apps\":[],\"details\":[{\"appID\":\"" APP "\",\"paths\":[\"NOT /wwdc/internal/*\",\"/wwdc/*\"]}]}}",
         "https://example.com/wwdc/internal/notes", APP ":b"},
        {"subst/region-UK-rejected", "example.com",
         "{\"applinks\":{\"details\":[{\"appIDs\":[\"" APP "\"],\"components\":[{\"/\":\"/$(region)/home\"}]}]}}",
         "https://example.com/UK/home", ""},
        {"percent/false-non-ascii", "example.com",
         "{\"applinks\":{\"details\":[{\"appIDs\":[\"" APP "\"],\"components\":"
         "[{\"/\":\"/caf\\u00e9/*\",\"percentEncoded\":false}]}]}}",
         "https://example.com/caf%C3%A9/menu", APP ":m"},
        {"host/other-host-never-matches", "example.com",
         "{\"applinks\":{\"details\":[{\"appIDs\":[\"" APP "\"],\"components\":[{\"/\":\"/*\"}]}]}}",
         "https://evil.test/anything", ""},
        {"probe/query-missing/star-on-absent-item", "example.com",
         "{\"applinks\":{\"details\":[{\"appIDs\":[\"" APP "\"],\"components\":[{\"?\":{\"b\":\"*\"}}]}]}}",
         "https://example.com/x?a=1", APP ":m"},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char got[256];
        sy_links_aasa *a = compile(cases[i].aasa);
        decisions_text(a, cases[i].domain, cases[i].url, got, sizeof got);
        if (strcmp(got, cases[i].expect) != 0) {
            print_error("%s: got \"%s\", expected \"%s\"\n", cases[i].id, got, cases[i].expect);
            fail();
        }
        sy_links_aasa_free(a);
    }
}

/* HEADER: "SY_ERR_BUFFER_TOO_SMALL if cap is less than the number of decisions; then
 * nothing is written."
 * HEADER: "app_id stays valid until sy_links_aasa_free(aasa)." */
static void decision_array_and_borrowed_app_ids(void **state)
{
    sy_links_aasa *a = compile("{\"applinks\":{\"details\":[{\"appIDs\":[\"" APP "\",\"" APP2
                               "\"],\"components\":[{\"/\":\"/x\"},{\"/\":\"/y\",\"exclude\":true}]}]}}");
    sy_links_decision d[2];
    size_t n = 0;
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_links_aasa_decide(NULL, 0, &n, a, LIT("example.com"), LIT("https://example.com/z"), &err), &err);
    assert_int_equal(n, 0);  /* no rule: not an error */
    memset(d, 0x5A, sizeof d);
    assert_status(SY_ERR_BUFFER_TOO_SMALL,
                  sy_links_aasa_decide(d, 1, &n, a, LIT("example.com"), LIT("https://example.com/x"), &err), &err);
    assert_int_equal(n, 2);
    assert_failed(&err, SY_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(d[0].reserved, 0x5A5A5A5A);
    assert_status(SY_OK, sy_links_aasa_decide(d, 2, &n, a, LIT("EXAMPLE.com"), LIT("https://example.com/x"), &err), &err);
    assert_int_equal(n, 2);
    assert_str(d[0].app_id, APP);
    assert_str(d[1].app_id, APP2);
    assert_int_equal(d[1].verdict, SY_LINKS_MATCH);
    assert_int_equal(d[0].detail_index, 0);
    assert_int_equal(d[0].rule_index, 0);
    assert_cleared(&err);
    /* Decided again: the same pointers (they live in the compiled file). */
    {
        sy_links_decision again[2];
        assert_status(SY_OK, sy_links_aasa_decide(again, 2, &n, a, LIT("example.com"), LIT("https://example.com/x/"), &err), &err);
        assert_ptr_equal(again[0].app_id.ptr, d[0].app_id.ptr);
    }
    sy_links_aasa_free(a);
    sy_links_aasa_free(NULL);
}

/* HEADER: "SY_ERR_RULE for invalid JSON (jansson's line, column and byte; position is the
 * byte) or a value of the wrong type where matching depends on it (the message names the
 * JSON path)" */
static void bad_files_are_rule_errors(void **state)
{
    sy_links_aasa *a = (sy_links_aasa *)&a;
    sy_error err;
    (void)state;
    assert_status(SY_ERR_RULE, sy_links_aasa_new(&a, LIT("{\"applinks\": "), 0, 0, &err), &err);
    assert_null(a);
    assert_true(sy_test_message_has(&err, "invalid JSON"));
    assert_true(err.position >= 0);
    assert_status(SY_ERR_RULE,
                  sy_links_aasa_new(&a, LIT("{\"applinks\":{\"details\":[{\"appID\":\"x\",\"components\":[{\"/\":5}]}]}}"),
                                    0, 0, &err), &err);
    assert_true(sy_test_message_has(&err, "$.applinks.details[0].components[0][\"/\"]: must be a string, not an integer"));
    assert_status(SY_ERR_RULE, sy_links_aasa_new(&a, LIT("[]"), 0, 0, &err), &err);
    assert_true(sy_test_message_has(&err, "must be a JSON object"));
}

/* HEADER: "SY_ERR_MISUSE if out is NULL, or json is NULL with a non-zero length"
 * HEADER: "SY_ERR_INVALID_ARGUMENT if flags has unknown bits" */
static void misuse(void **state)
{
    sy_links_aasa *a = NULL;
    sy_router *r = sy_test_router(NULL);
    sy_links_decision d[1];
    size_t n;
    int yes = 7;
    char buf[8];
    sy_error err;
    (void)state;
    assert_status(SY_ERR_MISUSE, sy_links_aasa_new(NULL, LIT("{}"), 0, 0, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_links_aasa_new(&a, NULL, 3, 0, 0, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_aasa_new(&a, LIT("{}"), 0x80u, 0, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_aasa_new(&a, LIT("{}"), 0, (size_t)-1, &err), &err);
    /* A router is not a compiled file. */
    assert_status(SY_ERR_MISUSE, sy_links_aasa_decide(d, 1, &n, (const sy_links_aasa *)r, LIT("h"), LIT("https://h/"), &err), &err);
    assert_true(sy_test_message_has(&err, "sy_links_aasa"));
    sy_links_aasa_free((sy_links_aasa *)r);  /* recognised and left alone */
    assert_status(SY_ERR_MISUSE, sy_links_aasa_findings(buf, sizeof buf, NULL, NULL, &err), &err);
    a = compile("{}");
    assert_status(SY_ERR_MISUSE, sy_links_aasa_decide(NULL, 1, &n, a, LIT("h"), LIT("https://h/"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_links_aasa_findings(NULL, 4, NULL, a, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_links_android_match(NULL, SY_LINKS_ANDROID_LITERAL, 0, LIT("a"), LIT("a"), &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_android_match(&yes, 9, 0, LIT("a"), LIT("a"), &err), &err);
    assert_int_equal(yes, 0);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_android_match(&yes, 0, 2u, LIT("a"), LIT("a"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_links_android_dynamic(NULL, LIT("[]"), LIT("/"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_links_generate(buf, sizeof buf, NULL, NULL, LIT("{}"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_links_cross_check(buf, sizeof buf, NULL, r, NULL, LIT("h"), LIT("a"), &err), &err);
    sy_links_aasa_free(a);
    sy_router_free(r);
}

/* HEADER: "SY_ERR_INVALID_URL if url is not valid UTF-8, holds a control character, has no
 * scheme or a bad port (position: the byte)" */
static void urls(void **state)
{
    sy_links_aasa *a = compile("{\"applinks\":{\"details\":[{\"appID\":\"" APP "\",\"components\":[{\"/\":\"*\"}]}]}}");
    sy_links_aasa *h = NULL;
    sy_links_decision d[2];
    size_t n = 9;
    sy_error err;
    (void)state;
    assert_status(SY_ERR_INVALID_URL, sy_links_aasa_decide(d, 2, &n, a, LIT("example.com"), LIT("/no/scheme"), &err), &err);
    assert_status(SY_ERR_INVALID_URL, sy_links_aasa_decide(d, 2, &n, a, LIT("example.com"), LIT("https://example.com/\x01"), &err), &err);
    assert_int_equal(err.position, 20);
    assert_status(SY_ERR_INVALID_URL, sy_links_aasa_decide(d, 2, &n, a, LIT("example.com"), LIT("https://example.com/\xff"), &err), &err);
    /* http is not a universal link, unless SY_LINKS_ALLOW_HTTP. */
    assert_status(SY_OK, sy_links_aasa_decide(d, 2, &n, a, LIT("example.com"), LIT("http://example.com/x"), &err), &err);
    assert_int_equal(n, 0);
    assert_status(SY_OK, sy_links_aasa_new(&h, LIT("{\"applinks\":{\"details\":[{\"appID\":\"" APP "\",\"components\":[{}]}]}}"),
                                           SY_LINKS_ALLOW_HTTP, 0, &err), &err);
    assert_status(SY_OK, sy_links_aasa_decide(d, 2, &n, h, LIT("example.com"), LIT("http://example.com/x"), &err), &err);
    assert_int_equal(n, 1);
    sy_links_aasa_free(h);
    sy_links_aasa_free(a);
}

/* HEADER: "The findings of a compiled file as a JSON array, in file order" */
static void findings(void **state)
{
    sy_links_aasa *a = NULL;
    char buf[1024];
    size_t len = 0;
    sy_error err;
    const char *doc = "{\"applinks\":{\"details\":[{\"appID\":\"" APP "\",\"components\":[{\"/\":\"/a\",\"casesensitive\":false}]}]}}";
    (void)state;
    assert_status(SY_OK, sy_links_aasa_new(&a, LIT(doc), 0, 0, &err), &err);
    assert_status(SY_ERR_BUFFER_TOO_SMALL, sy_links_aasa_findings(NULL, 0, &len, a, &err), &err);
    assert_true(len > 0 && len < sizeof buf);
    assert_status(SY_OK, sy_links_aasa_findings(buf, len + 1, &len, a, &err), &err);
    assert_int_equal(strlen(buf), len);
    assert_non_null(strstr(buf, "$.applinks.details[0].components[0].casesensitive"));
    assert_non_null(strstr(buf, "did you mean"));
    sy_links_aasa_free(a);
}

/* A heap copy of text with no NUL after it: a read past its end is caught under ASan. */
static char *unterminated(const char *text, size_t *len)
{
    char *p;
    *len = strlen(text);
    p = malloc(*len ? *len : 1);
    assert_non_null(p);
    memcpy(p, text, *len);
    return p;
}

/* A heap AASA file of exactly size bytes (its webcredentials app pads it), NUL-terminated. */
static char *aasa_of_size(size_t size)
{
    const char *head = "{\"applinks\":{\"details\":[{\"appID\":\"" APP "\",\"components\":[{}]}]},"
                       "\"webcredentials\":{\"apps\":[\"";
    const char *tail = "\"]}}";
    char *p = malloc(size + 1);
    size_t pad = size - strlen(head) - strlen(tail);
    assert_non_null(p);
    memcpy(p, head, strlen(head));
    memset(p + strlen(head), 'x', pad);
    memcpy(p + strlen(head) + pad, tail, strlen(tail) + 1);
    assert_int_equal(strlen(p), size);
    return p;
}

/* TEXT: "The length SY_NUL means \"NUL-terminated\" ... It is accepted wherever a text
 * goes in" and "Where a function refuses a length over SIZE_MAX / 2, SY_NUL is not such a
 * length"; every sy_links_* text: "Length of ... in bytes, or SY_NUL" and
 * "SY_ERR_INVALID_ARGUMENT if a length other than SY_NUL is over SIZE_MAX / 2". */
static void lengths(void **state)
{
    const char *doc = "{\"applinks\":{\"details\":[{\"appID\":\"" APP "\",\"components\":[{}]}]}}";
    sy_links_aasa *a = NULL, *b = NULL;
    sy_router *r = sy_test_router(NULL);
    sy_links_decision d[2];
    size_t n = 0, len, host_len;
    int yes = 7;
    char buf[4096];
    char *host = unterminated("example.com", &host_len);
    sy_error err;
    (void)state;
    /* SY_NUL reads up to the NUL, and no further. */
    assert_status(SY_OK, sy_links_aasa_new(&a, doc, SY_NUL, 0, 0, &err), &err);
    assert_status(SY_OK, sy_links_aasa_decide(d, 2, &n, a, "example.com", SY_NUL, "https://example.com/x", SY_NUL, &err), &err);
    assert_int_equal(n, 1);
    assert_status(SY_OK, sy_links_android_match(&yes, SY_LINKS_ANDROID_PREFIX, 0, "/a", SY_NUL, "/ab", SY_NUL, &err), &err);
    assert_int_equal(yes, 1);
    assert_status(SY_OK, sy_links_android_dynamic(&yes, "[{\"/\": \"/a\"}]", SY_NUL, "/b", SY_NUL, &err), &err);
    assert_int_equal(yes, 0);
    assert_status(SY_OK, sy_links_cross_check(buf, sizeof buf, &len, r, a, "example.com", SY_NUL, APP, SY_NUL, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_links_aasa_new(&b, NULL, SY_NUL, 0, 0, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_links_android_match(&yes, 0, 0, NULL, SY_NUL, LIT("a"), &err), &err);
    assert_true(sy_test_message_has(&err, "SY_NUL"));

    /* Any other length over SIZE_MAX / 2 is refused before a byte is read: host has no NUL. */
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_aasa_decide(d, 2, &n, a, host, SIZE_MAX - 1, LIT("https://example.com/"), &err), &err);
    assert_true(sy_test_message_has(&err, "host_len is over SIZE_MAX / 2"));
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_aasa_decide(d, 2, &n, a, LIT("example.com"), host, SIZE_MAX / 2 + 1, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_aasa_new(&b, host, SIZE_MAX - 1, 0, 0, &err), &err);
    assert_null(b);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_android_match(&yes, 0, 0, host, SIZE_MAX - 1, LIT("a"), &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_android_match(&yes, 0, 0, LIT("a"), host, SIZE_MAX - 1, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_android_dynamic(&yes, host, SIZE_MAX - 1, LIT("/"), &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_android_dynamic(&yes, LIT("[]"), host, SIZE_MAX - 1, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_android_evaluate(buf, sizeof buf, &len, host, SIZE_MAX - 1, NULL, 0,
                                                                     LIT("https://example.com/"), &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_android_evaluate(buf, sizeof buf, &len, LIT("{\"filters\": []}"), host,
                                                                     SIZE_MAX - 1, LIT("https://example.com/"), &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_android_evaluate(buf, sizeof buf, &len, LIT("{\"filters\": []}"), NULL, 0,
                                                                     host, SIZE_MAX - 1, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_generate(buf, sizeof buf, &len, r, host, SIZE_MAX - 1, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_cross_check(buf, sizeof buf, &len, r, a, host, SIZE_MAX - 1, LIT(APP), &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_cross_check(buf, sizeof buf, &len, r, a, LIT("example.com"), host, SIZE_MAX - 1, &err), &err);
    /* The exact length of unterminated text is read as given. */
    assert_status(SY_OK, sy_links_aasa_decide(d, 2, &n, a, host, host_len, LIT("https://example.com/x"), &err), &err);
    assert_int_equal(n, 1);
    free(host);
    sy_links_aasa_free(a);
    sy_router_free(r);
}

/* HEADER: "SY_ERR_LIMIT for a file over size_limit (the message names Apple's 128 KiB
 * limit) or over 16 MiB, before any of it is parsed" and "A validator may raise it to read
 * a file iOS ignores (it then gets a finding saying so)" */
static void aasa_size_limit(void **state)
{
    sy_links_aasa *a = NULL;
    char *at = aasa_of_size(SY_LINKS_AASA_SIZE_LIMIT);
    char *over = aasa_of_size(SY_LINKS_AASA_SIZE_LIMIT + 1);
    char buf[1024];
    size_t len;
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_links_aasa_new(&a, at, SY_NUL, 0, 0, &err), &err);
    sy_links_aasa_free(a);
    assert_status(SY_ERR_LIMIT, sy_links_aasa_new(&a, over, SY_NUL, 0, 0, &err), &err);
    assert_null(a);
    assert_true(sy_test_message_has(&err, "131073 bytes, over Apple's limit of 131072 bytes (128 KiB): iOS ignores a larger file"));
    assert_status(SY_ERR_LIMIT, sy_links_aasa_new(&a, at, SY_NUL, 0, 1000, &err), &err);
    assert_true(sy_test_message_has(&err, "over the 1000-byte limit (sizeLimit"));
    assert_status(SY_OK, sy_links_aasa_new(&a, over, SY_NUL, 0, 2 * SY_LINKS_AASA_SIZE_LIMIT, &err), &err);
    assert_status(SY_OK, sy_links_aasa_findings(buf, sizeof buf, &len, a, &err), &err);
    assert_non_null(strstr(buf, "over Apple's limit of 131072 bytes"));
    sy_links_aasa_free(a);
    free(at);
    free(over);
}

/* HEADER: "SY_ERR_LIMIT for an assetlinks.json over 1 MiB or an app whose autoVerify hosts
 * pass 1 MiB as Android counts them" and sy_links_android_dynamic(): "SY_ERR_LIMIT if
 * rules_json is over 1 MiB" */
static void android_size_limits(void **state)
{
    const size_t size = 1024 * 1024 + 1;
    char *links = malloc(size + 1);
    char buf[2048];
    size_t len;
    int yes = 7;
    sy_error err;
    (void)state;
    assert_non_null(links);
    memset(links, ' ', size);
    links[0] = '[';
    links[size - 1] = ']';
    links[size] = '\0';
    assert_status(SY_ERR_LIMIT, sy_links_android_evaluate(buf, sizeof buf, &len, LIT("{\"filters\": []}"), links, size,
                                                          LIT("https://example.com/"), &err), &err);
    assert_true(sy_test_message_has(&err, "over Android's limit of 1048576 bytes (1 MiB) for assetlinks.json"));
    assert_status(SY_ERR_LIMIT, sy_links_android_dynamic(&yes, links, SY_NUL, LIT("/"), &err), &err);
    /* One byte less is read. */
    links[size - 2] = ']';
    assert_status(SY_OK, sy_links_android_evaluate(buf, sizeof buf, &len, LIT("{\"filters\": []}"), links, size - 1,
                                                   LIT("https://example.com/"), &err), &err);
    free(links);
}

/* A growing text buffer for the costly inputs below. */
static char *repeat_into(char *at, const char *piece, size_t times)
{
    size_t n = strlen(piece);
    for (size_t i = 0; i < times; i++, at += n) memcpy(at, piece, n);
    *at = '\0';
    return at;
}

/* HEADER: "or if deciding it against the file's patterns would cost more than 2,000,000
 * steps" and sy_links_android_dynamic(): "or if the rules would cost more than 2,000,000
 * steps on this path" */
static void decision_step_limit(void **state)
{
    char *file = malloc(140 * 1024), *url = malloc(33 * 1024), *rules = malloc(1024 * 1024);
    sy_links_decision d[2];
    size_t n = 9;
    int yes = 7;
    sy_error err;
    (void)state;
    assert_non_null(file);
    assert_non_null(url);
    assert_non_null(rules);
    /* One component of $(lang) between stars, to 128 KiB, against a 32 KB path. */
    char *at = repeat_into(file, "{\"applinks\": {\"details\": [{\"appIDs\": [\"" APP "\"], \"components\": [{\"/\": \"", 1);
    at = repeat_into(at, "$(lang)*", 16000);
    repeat_into(at, "z\"}]}]}}", 1);
    at = repeat_into(url, "https://example.com/", 1);
    repeat_into(at, "en", 16000);
    sy_links_aasa *a = NULL;
    assert_status(SY_OK, sy_links_aasa_new(&a, file, SY_NUL, 0, 0, &err), &err);
    assert_status(SY_ERR_LIMIT, sy_links_aasa_decide(d, 2, &n, a, LIT("example.com"), url, SY_NUL, &err), &err);
    assert_true(sy_test_message_has(&err, "costs more than 2000000 steps"));
    assert_int_equal(n, 0);
    /* A short URL is decided (the pattern needs 16,000 language codes: nothing matches). */
    n = 9;
    assert_status(SY_OK, sy_links_aasa_decide(d, 2, &n, a, LIT("example.com"), LIT("https://example.com/en/z"), &err), &err);
    assert_int_equal(n, 0);
    sy_links_aasa_free(a);
    /* Dynamic rules "*b<i>" to nearly 1 MiB, each reading the whole path. */
    at = repeat_into(rules, "[", 1);
    for (int i = 0; at - rules < 1000 * 1000; i++) at += sprintf(at, "%s{\"/\": \"*b%d\"}", i ? "," : "", i);
    repeat_into(at, "]", 1);
    at = repeat_into(url, "/", 1);
    repeat_into(at, "a", 32000);
    assert_status(SY_ERR_LIMIT, sy_links_android_dynamic(&yes, rules, SY_NUL, url, SY_NUL, &err), &err);
    assert_true(sy_test_message_has(&err, "the dynamic rules"));
    assert_int_equal(yes, 0);
    assert_status(SY_OK, sy_links_android_dynamic(&yes, rules, SY_NUL, LIT("/b7"), &err), &err);
    assert_int_equal(yes, 1);
    free(file);
    free(url);
    free(rules);
}

struct android_case {
    int32_t kind;
    const char *pattern;
    const char *input;
    int expect; /* 1, 0, or -1 for a rejected pattern */
};

/* HEADER: "Match one Android <data> pattern as AOSP's PatternMatcher (or, for a host,
 * IntentFilter's AuthorityEntry) does." (cases of android-vectors.json) */
static void android_patterns(void **state)
{
    static const struct android_case cases[] = {
        {SY_LINKS_ANDROID_SIMPLE_GLOB, ".*\\.pdf", "/docs/report.pdf", 1},
        {SY_LINKS_ANDROID_SIMPLE_GLOB, ".*\\.pdf", "/docs/v1.2/report.pdf", 0},
        {SY_LINKS_ANDROID_SIMPLE_GLOB, "te\\.t", "test", 0},
        {SY_LINKS_ANDROID_ADVANCED_GLOB, "/[0-9]{4}/[0-9]{2}/[0-9]{2}/[a-zA-Z0-9_]+\\.html",
         "/2016/09/07/got_this_working.html", 1},
        {SY_LINKS_ANDROID_ADVANCED_GLOB, "/b*a*bar.*", "/baz", 0},
        {SY_LINKS_ANDROID_ADVANCED_GLOB, "[]a]", "x", -1},
        {SY_LINKS_ANDROID_ADVANCED_GLOB, "a+{3,4}", "", -1},
        {SY_LINKS_ANDROID_PREFIX, "/item", "/items/3", 1},
        {SY_LINKS_ANDROID_SUFFIX, ".pdf", "/a/b.pdf", 1},
        {SY_LINKS_ANDROID_LITERAL, "test", "test1", 0},
        {SY_LINKS_ANDROID_HOST, "*example.com", "badexample.com", 1},
        {SY_LINKS_ANDROID_HOST, "example.com", "EXAMPLE.COM", 1},
    };
    size_t i;
    sy_error err;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int matched = 7;
        sy_status s = sy_links_android_match(&matched, cases[i].kind, 0, LIT(cases[i].pattern), LIT(cases[i].input), &err);
        if (cases[i].expect < 0) {
            assert_status(SY_ERR_INVALID_PATTERN, s, &err);
            assert_int_equal(matched, 0);
            assert_true(err.position >= 0);
        } else {
            assert_status(SY_OK, s, &err);
            if (matched != cases[i].expect) {
                print_error("%s on %s: got %d\n", cases[i].pattern, cases[i].input, matched);
                fail();
            }
        }
    }
    /* HEADER: "an escaped '.' is a wildcard, as in framework sources up to Android 15" */
    {
        int matched = 0;
        assert_status(SY_OK, sy_links_android_match(&matched, SY_LINKS_ANDROID_SIMPLE_GLOB, SY_LINKS_LEGACY_SIMPLE_GLOB,
                                                    LIT("te\\.t"), LIT("test"), &err), &err);
        assert_int_equal(matched, 1);
    }
}

/* HEADER: "Rules Android drops (any malformed or empty field) leave the manifest alone to
 * decide" */
static void android_dynamic_rules(void **state)
{
    const char *rules = "[{\"?\": {\"dl\": \"*\"}}, {\"#\": \"app\"}, {\"/\": \"/products/*\"},"
                        " {\"/\": \"/shoes\", \"?\": {\"in_app\": \"true\"}}, {\"/\": \"*\", \"exclude\": true}]";
    int is_open = 7;
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_links_android_dynamic(&is_open, LIT(rules), LIT("/shoes?in_app=true"), &err), &err);
    assert_int_equal(is_open, 1);
    assert_status(SY_OK, sy_links_android_dynamic(&is_open, LIT(rules), LIT("/shoes"), &err), &err);
    assert_int_equal(is_open, 0);
    assert_status(SY_OK, sy_links_android_dynamic(&is_open, LIT("[{\"/\": \"/path1\"}, {\"/\": \"/path2\"}]"), LIT("/path3"), &err), &err);
    assert_int_equal(is_open, 0);
    assert_status(SY_OK, sy_links_android_dynamic(&is_open, LIT("[{\"/\": 5}]"), LIT("/x"), &err), &err);
    assert_int_equal(is_open, 1);
    assert_status(SY_ERR_RULE, sy_links_android_dynamic(&is_open, LIT("[{"), LIT("/x"), &err), &err);
}

/* HEADER: "Would an Android app open a URL as a verified App Link?" */
static void android_evaluation(void **state)
{
    const char *app = "{\"package\": \"com.example.app\", \"sha256_cert_fingerprints\": [\"AA:BB\"],"
                      " \"filters\": [{\"autoVerify\": true, \"data\": [{\"scheme\": \"https\", \"host\": \"*.example.com\"},"
                      " {\"pathPrefix\": \"/products/\"}]}]}";
    const char *links = "[{\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": "
                        "{\"namespace\": \"android_app\", \"package_name\": \"com.example.app\", "
                        "\"sha256_cert_fingerprints\": [\"aabb\"]}}]";
    char buf[2048];
    size_t len;
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_links_android_evaluate(buf, sizeof buf, &len, LIT(app), LIT(links),
                                                   LIT("https://www.example.com/products/1"), &err), &err);
    assert_non_null(strstr(buf, "\"opens\": true"));
    assert_non_null(strstr(buf, "\"verified\": true"));
    assert_status(SY_OK, sy_links_android_evaluate(buf, sizeof buf, &len, LIT(app), NULL, 0,
                                                   LIT("https://example.com/products/1"), &err), &err);
    assert_non_null(strstr(buf, "\"opens\": false"));
    assert_non_null(strstr(buf, "\"verified\": null"));
    assert_status(SY_ERR_RULE, sy_links_android_evaluate(buf, sizeof buf, &len, LIT("{\"filters\": 3}"), NULL, 0,
                                                         LIT("https://example.com/"), &err), &err);
    assert_true(sy_test_message_has(&err, "$.filters: must be an array"));
}

/* HEADER: "Generate the AASA components and the Android intent filters for a router's https
 * routes that reach one domain." */
static void generate_and_cross_check(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_links_aasa *a = NULL;
    size_t len = 0;
    char *buf;
    char small[4];
    sy_error err;
    (void)state;
    sy_test_add(r, "https://www.example.com/user/<int:id>", "User");
    sy_test_add(r, "/help", "Help");
    sy_test_add(r, "myapp://other", "Other");
    assert_status(SY_ERR_BUFFER_TOO_SMALL,
                  sy_links_generate(small, sizeof small, &len, r, LIT("{\"domain\": \"www.example.com\", \"app_ids\": [\"" APP "\"]}"), &err),
                  &err);
    assert_int_equal(small[0], '\0');
    buf = malloc(len + 1);
    assert_non_null(buf);
    assert_status(SY_OK, sy_links_generate(buf, len + 1, &len, r, LIT("{\"domain\": \"www.example.com\", \"app_ids\": [\"" APP "\"]}"), &err),
                  &err);
    assert_non_null(strstr(buf, "\"/\": \"/user/?*\""));
    assert_non_null(strstr(buf, "\"kind\": \"typed-parameter\""));
    assert_non_null(strstr(buf, "\"route\": \"myapp://other\""));
    free(buf);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_links_generate(small, sizeof small, &len, r, LIT("{\"app_ids\": []}"), &err), &err);
    assert_true(sy_test_message_has(&err, "missing \"domain\""));

    a = compile("{\"applinks\":{\"details\":[{\"appIDs\":[\"" APP "\"],\"components\":[{\"/\":\"/user/*\"},{\"/\":\"/sell/*\"}]}]}}");
    assert_status(SY_ERR_BUFFER_TOO_SMALL, sy_links_cross_check(NULL, 0, &len, r, a, LIT("www.example.com"), LIT(APP), &err), &err);
    buf = malloc(len + 1);
    assert_non_null(buf);
    assert_status(SY_OK, sy_links_cross_check(buf, len + 1, &len, r, a, LIT("www.example.com"), LIT(APP), &err), &err);
    assert_non_null(strstr(buf, "\"route\": \"/help\""));
    assert_non_null(strstr(buf, "/sell/*"));
    free(buf);
    sy_links_aasa_free(a);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(aasa_vectors),
        cmocka_unit_test(decision_array_and_borrowed_app_ids),
        cmocka_unit_test(bad_files_are_rule_errors),
        cmocka_unit_test(misuse),
        cmocka_unit_test(urls),
        cmocka_unit_test(findings),
        cmocka_unit_test(lengths),
        cmocka_unit_test(aasa_size_limit),
        cmocka_unit_test(android_size_limits),
        cmocka_unit_test(decision_step_limit),
        cmocka_unit_test(android_patterns),
        cmocka_unit_test(android_dynamic_rules),
        cmocka_unit_test(android_evaluation),
        cmocka_unit_test(generate_and_cross_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
