/* test_rules.c: rule documents through the C API (the "Rule documents" section of
 * switchyard.h and switchyard_jansson.h): every kind of bad document, all or nothing,
 * files, misuse, and the json_t forms (borrowed in, new reference out). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "sy_test.h"
#include "switchyard_jansson.h"

/* A router holding one route added by hand and one document route ("/old"). */
static sy_router *base_router(void)
{
    sy_error err;
    sy_router *r = sy_test_router(NULL);
    sy_test_add(r, "/kept/:id", "Kept");
    assert_status(SY_OK, sy_router_load_rules(r, LIT("{\"/old\": {\"class\": \"Old\"}}"), &err), &err);
    return r;
}

/* The router still resolves exactly as base_router() left it. */
static void assert_unchanged(const sy_router *r)
{
    sy_match *m = sy_test_match();
    sy_test_resolve(m, r, "/old");
    assert_str(sy_match_target(m), "Old");
    sy_test_resolve(m, r, "/kept/1");
    assert_str(sy_match_target(m), "Kept");
    sy_test_resolve(m, r, "/new");
    assert_int_equal(sy_match_found(m), 0);
    sy_match_free(m);
}

struct bad_doc {
    const char *json;
    const char *words;  /* must be in the message (the JSON path, mostly) */
    int position;       /* expected sy_error.position, or -2 for "any" */
};

/* HEADER: "SY_ERR_RULE for any error in the document ... the message names the JSON path"
 * HEADER: "After any error the router is exactly as before." */
static void every_bad_document_is_a_rule_error(void **state)
{
    static const struct bad_doc docs[] = {
        /* invalid JSON: jansson's line, column and byte. position is jansson's byte
         * offset, which points just past the offending token: the '}' at byte 40 (line 2
         * starts at byte 15) gives 41; empty text gives 0. */
        {"{\"version\": 1,\n \"routes\": [ {\"pattern\": } ] }", "line 2, column 26, byte 41", 41},
        {"", "invalid JSON", 0},
        /* duplicate keys */
        {"{\"/a\": {\"class\": \"A\", \"class\": \"B\"}}", "duplicate", -2},
        /* the top level */
        {"[]", "$: a rule document must be a JSON object", -1},
        /* unknown fields */
        {"{\"version\": 1, \"routes\": [], \"extra\": 1}", "$.extra: unknown field", -1},
        {"{\"version\": 1, \"routes\": [{\"pattern\": \"/new\", \"target\": \"N\", \"tagret\": 1}]}",
         "$.routes[0].tagret: unknown field", -1},
        /* wrong types, null included */
        {"{\"version\": 1, \"routes\": [{\"pattern\": \"/new\", \"target\": null}]}",
         "$.routes[0].target: must be a string, not null", -1},
        {"{\"/new\": {\"class\": \"N\", \"priority\": \"1\"}}", "$[\"/new\"].priority: must be an integer", -1},
        {"{\"version\": \"1\", \"routes\": []}", "$.version: must be the integer 1", -1},
        {"{\"version\": 2, \"routes\": []}", "$.version: must be 1", -1},
        {"{\"version\": 1}", "missing \"routes\"", -1},
        {"{\"version\": 1, \"routes\": {}}", "$.routes: must be an array of routes, not an object", -1},
        /* both or neither of a target and a redirect */
        {"{\"/new\": {\"class\": \"N\", \"redirectUrl\": \"/b\"}}", "$[\"/new\"]: has both a target", -1},
        {"{\"/new\": {}}", "$[\"/new\"]: has neither", -1},
        /* bad patterns: the path and the byte inside the pattern */
        {"{\"version\": 1, \"routes\": [{\"pattern\": \"/new/<int:id\", \"target\": \"N\"}]}",
         "$.routes[0].pattern: unclosed '<' at 5", 5},
        /* bad redirects: the byte inside the redirect */
        {"{\"/new/:id\": {\"redirectUrl\": \"https://{id}.example.com/\"}}", "$[\"/new/:id\"].redirectUrl", 8},
        /* conflicts, with a route added by hand */
        {"{\"/kept/:name\": {\"class\": \"N\"}}", "conflicts with existing route '/kept/:id'", -1},
        /* numbers a double cannot hold: their path, line, column and byte (the first of
         * the number), never read as 0 or infinity */
        {"{\"version\": 1, \"routes\": [{\"pattern\": \"/new\", \"target\": \"N\", \"defaults\": {\"x\": 1e-400}}]}",
         "$.routes[0].defaults.x: the number 1e-400 (line 1, column 80, byte 79) underflows", 79},
        {"{\"version\": 1, \"routes\": [{\"pattern\": \"/new\", \"target\": \"N\", \"defaults\": {\"x\": 1e400}}]}",
         "$.routes[0].defaults.x: the number 1e400 (line 1, column 80, byte 79) overflows", 79},
        /* redirects outside the allowlist */
        {"{\"version\": 1, \"redirect_allowlist\": [\"myapp\"], \"routes\": "
         "[{\"pattern\": \"/new\", \"redirect\": \"https://evil.test/\"}]}",
         "$.routes[0].redirect: redirect 'https://evil.test/' leads outside the redirect_allowlist", -1},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        sy_router *r = base_router();
        sy_error err;
        sy_test_dirty(&err);
        assert_status(SY_ERR_RULE, sy_router_load_rules(r, LIT(docs[i].json), &err), &err);
        assert_failed(&err, SY_ERR_RULE);
        if (!sy_test_message_has(&err, docs[i].words)) {
            print_error("document %zu: expected '%s' in: %s\n", i, docs[i].words, err.message);
            fail();
        }
        if (docs[i].position != -2)
            assert_int_equal(err.position, docs[i].position);
        assert_unchanged(r);
        sy_router_free(r);
    }
}

/* HEADER: "SY_ERR_RULE for any error in the document, including one over max_document_size" */
static void an_oversize_document_is_a_rule_error(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION), NULL);
    o.max_document_size = 32;
    r = sy_test_router(&o);
    assert_status(SY_ERR_RULE,
                  sy_router_load_rules(r, LIT("{\"/a\": {\"class\": \"A\"}, \"/b\": {\"class\": \"B\"}}"), &err), &err);
    assert_true(sy_test_message_has(&err, "max"));
    sy_router_free(r);
}

/* HEADER: "The routes of the previous document are replaced; routes added one by one stay." */
static void a_load_replaces_the_previous_document(void **state)
{
    sy_router *r = base_router();
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    sy_test_dirty(&err);
    assert_status(SY_OK, sy_router_load_rules(r, LIT("{\"/new\": {\"class\": \"New\"}}"), &err), &err);
    assert_cleared(&err);
    sy_test_resolve(m, r, "/old");
    assert_int_equal(sy_match_found(m), 0);
    sy_test_resolve(m, r, "/new");
    assert_str(sy_match_target(m), "New");
    sy_test_resolve(m, r, "/kept/1");
    assert_str(sy_match_target(m), "Kept");
    sy_match_free(m);
    sy_router_free(r);
}

/* A redirect chain through a loaded document, read back with the match accessors. */
static void redirects_from_a_document(void **state)
{
    static const char doc[] =
        "{\"version\": 1, \"routes\": ["
        "{\"pattern\": \"https://example.com/skill/:language\", \"redirect\": \"myapp://app/tiny?id=__C92EAF9\"},"
        "{\"pattern\": \"myapp://app/tiny\", \"target\": \"MiniApp\"}]}";
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_router_load_rules(r, LIT(doc), &err), &err);
    sy_test_resolve(m, r, "https://example.com/skill/cloud_native");
    assert_str(sy_match_target(m), "MiniApp");
    assert_str(sy_match_url(m), "myapp://app/tiny?id=__C92EAF9&language=cloud_native");
    assert_int_equal(sy_match_redirect_count(m), 2);
    assert_str(sy_match_redirect_at(m, 0), "https://example.com/skill/cloud_native");
    assert_str(sy_match_redirect_at(m, 1), "myapp://app/tiny?id=__C92EAF9&language=cloud_native");
    assert_str(sy_test_param_text(m, "language"), "cloud_native");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "SY_ERR_REDIRECT_LIMIT, SY_ERR_REDIRECT_LOOP for redirect chains (the message
 * shows the chain)." */
static void redirect_loops_show_the_chain(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_router_load_rules(r, LIT("{\"/a\": {\"redirectUrl\": \"/b\"}, \"/b\": {\"redirectUrl\": \"/a\"}}"), &err), &err);
    assert_status(SY_ERR_REDIRECT_LOOP, sy_router_resolve(m, r, LIT("/a"), &err), &err);
    assert_true(sy_test_message_has(&err, "/a -> /b -> /a"));
    assert_int_equal(sy_match_found(m), 0);
    assert_int_equal(sy_match_redirect_count(m), 0);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "SY_ERR_MISUSE if router is NULL or not a router, or json is NULL with a non-zero
 * length" */
static void misuse(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    assert_status(SY_ERR_MISUSE, sy_router_load_rules(NULL, LIT("{}"), &err), &err);
    assert_failed(&err, SY_ERR_MISUSE);
    assert_status(SY_ERR_MISUSE, sy_router_load_rules((sy_router *)m, LIT("{}"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_load_rules(r, NULL, 3, &err), &err);
    /* NULL with length 0 is the empty text: invalid JSON, not misuse. */
    assert_status(SY_ERR_RULE, sy_router_load_rules(r, NULL, 0, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_load_rules(r, "{}", (size_t)-2, &err), &err);
    /* HEADER (TEXT): "NULL with SY_NUL is SY_ERR_MISUSE." */
    assert_status(SY_ERR_MISUSE, sy_router_load_rules(r, NULL, SY_NUL, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_load_rules_file(r, NULL, SY_NUL, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_load_rules_file(NULL, LIT("/tmp/x"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_load_rules_file(r, NULL, 2, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_load_rules_json(NULL, NULL, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_load_rules_json(r, NULL, &err), &err);
    /* err may be NULL. */
    assert_int_equal(sy_router_load_rules(r, LIT("[]"), NULL), SY_ERR_RULE);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "SY_ERR_IO if the file cannot be opened or read (the message names the path" */
static void files(void **state)
{
    char path[64];
    FILE *f;
    sy_router *r = base_router();
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    snprintf(path, sizeof path, "/tmp/sy-test-rules-%ld.json", (long)getpid());
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("{\"version\": 1, \"routes\": [{\"pattern\": \"/file/:x\", \"target\": \"File\"}]}", f);
    fclose(f);
    assert_status(SY_OK, sy_router_load_rules_file(r, LIT(path), &err), &err);
    sy_test_resolve(m, r, "/file/1");
    assert_str(sy_match_target(m), "File");
    remove(path);
    assert_status(SY_ERR_IO, sy_router_load_rules_file(r, LIT("/nonexistent/rules.json"), &err), &err);
    assert_failed(&err, SY_ERR_IO);
    assert_true(sy_test_message_has(&err, "/nonexistent/rules.json"));
    assert_status(SY_ERR_IO, sy_router_load_rules_file(r, LIT("/tmp"), &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_load_rules_file(r, "/tmp/\xff", 6, &err), &err);
    /* The file's document is still the current one. */
    sy_test_resolve(m, r, "/file/2");
    assert_str(sy_match_target(m), "File");
    sy_match_free(m);
    sy_router_free(r);
}

/* switchyard_jansson.h: "borrowed: the caller keeps its reference to doc and nothing of it
 * is kept." */
static void json_t_documents_are_borrowed(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    json_t *doc = json_pack("{s:{s:s}}", "/j/<int:id>", "class", "Json");
    char *before = json_dumps(doc, JSON_SORT_KEYS);
    char *after;
    (void)state;
    assert_non_null(doc);
    assert_status(SY_OK, sy_router_load_rules_json(r, doc, &err), &err);
    assert_int_equal(doc->refcount, 1);
    after = json_dumps(doc, JSON_SORT_KEYS);
    assert_string_equal(before, after);
    json_decref(doc); /* the routes do not depend on it */
    sy_test_resolve(m, r, "/j/5");
    assert_str(sy_match_target(m), "Json");
    free(before);
    free(after);
    sy_match_free(m);
    sy_router_free(r);
}

/* A json_t made in C may hold what JSON text cannot: its errors are rule errors too. */
static void bad_json_t_documents(void **state)
{
    sy_router *r = base_router();
    sy_error err;
    json_t *docs[4];
    size_t i;
    (void)state;
    docs[0] = json_array();
    docs[1] = json_pack("{s:{s:o}}", "/new", "class", json_stringn_nocheck("\xff\xfe", 2));
    docs[2] = json_pack("{s:{s:n}}", "/new", "class");
    docs[3] = json_pack("{s:i, s:[{s:s, s:s, s:b}]}", "version", 1, "routes", "pattern", "/new",
                        "target", "N", "append_params", 1);
    for (i = 0; i < 4; i++) {
        assert_non_null(docs[i]);
        assert_status(SY_ERR_RULE, sy_router_load_rules_json(r, docs[i], &err), &err);
        assert_failed(&err, SY_ERR_RULE);
        assert_true(sy_test_message_has(&err, "$"));
        json_decref(docs[i]);
    }
    assert_unchanged(r);
    sy_router_free(r);
}

static int same_str(sy_str a, sy_str b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

/* The library reads text itself, as jansson reads it: a text given to sy_router_load_rules
 * and the same text parsed by jansson (JSON_REJECT_DUPLICATES | JSON_DECODE_ANY) and given
 * to sy_router_load_rules_json load the same routes, or are refused with the same message;
 * a text jansson refuses is refused at jansson's line, column and byte, in jansson's words. */
static void text_and_json_t_load_alike(void **state)
{
    (void)state;
    static const char *docs[] = {
        "{\"version\": 1, \"routes\": [{\"pattern\": \"myapp://user/<int:id>\", \"target\": \"U\", \"name\": \"u\"},"
        " {\"pattern\": \"/go/:x\", \"redirect\": \"myapp://user/{x}\"}], \"redirect_allowlist\": [\"myapp\"]}",
        "{\"/a/:id\": {\"class\": \"A\"}, \"/b\": \"B\"}",
        "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\"}, {\"pattern\": \"/a\", \"target\": \"B\"}]}",
        "{\"version\": 1, \"routes\": [{\"pattern\": \"/:id(\", \"target\": \"X\"}]}",
        "{\"version\": 1,\n \"routes\": [\n  {\"pattern\": \"/a\"} x ]}",
        "{\"a\": \"\\uDC00\"}",
        "[\"\\u12\"]",
        "{\"version\": 1, \"version\": 1}",
        "[\"a\tb\"]",
        "{\"\xc3\xa9\": [1, 01]}",
        "[" "\"aaaaaaaaaaaaaaaaaaaaaaaaa\\q\"]",
        "",
        "{",
        "[1,]",
    };
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        sy_error text_err, json_err;
        sy_router *by_text = sy_test_router(NULL), *by_json = sy_test_router(NULL);
        sy_status text_status = sy_router_load_rules(by_text, LIT(docs[i]), &text_err);
        json_error_t jerr;
        json_t *doc = json_loadb(docs[i], strlen(docs[i]), JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
        if (doc == NULL) {
            char place[96], tail[200];
            snprintf(place, sizeof place, "invalid JSON at line %d, column %d, byte %d",
                     jerr.line, jerr.column, jerr.position);
            snprintf(tail, sizeof tail, ": %s at %d", jerr.text, jerr.position);
            assert_int_equal(text_status, SY_ERR_RULE);
            assert_int_equal(text_err.position, jerr.position);
            assert_true(strncmp(text_err.message, place, strlen(place)) == 0);
            size_t n = strlen(text_err.message), t = strlen(tail);
            assert_true(n >= t && strcmp(text_err.message + n - t, tail) == 0);
        } else {
            sy_status json_status = sy_router_load_rules_json(by_json, doc, &json_err);
            json_decref(doc);
            assert_int_equal(text_status, json_status);
            assert_string_equal(text_err.message, json_err.message);
            assert_int_equal(text_err.position, json_err.position);
            assert_int_equal(sy_router_route_count(by_text), sy_router_route_count(by_json));
            for (size_t k = 0; k < sy_router_route_count(by_text); k++) {
                sy_route_info a, b;
                assert_status(SY_OK, sy_router_route_at(&a, by_text, k, &text_err), &text_err);
                assert_status(SY_OK, sy_router_route_at(&b, by_json, k, &json_err), &json_err);
                assert_true(same_str(a.pattern, b.pattern) && same_str(a.target, b.target) &&
                            same_str(a.redirect, b.redirect) && same_str(a.name, b.name));
            }
        }
        sy_router_free(by_text);
        sy_router_free(by_json);
    }
}

/* switchyard_jansson.h: "The match as a new jansson object of the canonical shape (the
 * same members, in the same order, as sy_match_to_json())" */
static void match_as_json_t(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    json_t *out = (json_t *)1;
    char text[1024];
    char *dumped;
    json_t *params;
    (void)state;
    sy_test_add(r, "myapp://user/<int:id>", "UserProfile");
    /* Before any resolve: a miss with url "". */
    assert_status(SY_OK, sy_match_to_json_t(&out, m, &err), &err);
    assert_true(json_is_false(json_object_get(out, "matched")));
    assert_string_equal(json_string_value(json_object_get(out, "url")), "");
    json_decref(out);
    sy_test_resolve(m, r, "myapp://user/42?tab=a&tab=b#top");
    assert_status(SY_OK, sy_match_to_json_t(&out, m, &err), &err);
    assert_int_equal(out->refcount, 1);
    params = json_object_get(out, "params");
    assert_true(json_is_integer(json_object_get(params, "id")));
    assert_int_equal(json_integer_value(json_object_get(params, "id")), 42);
    assert_int_equal(json_array_size(json_object_get(json_object_get(out, "query"), "tab")), 2);
    /* Same members, same order: jansson's dump equals the text form, reformatted. */
    assert_status(SY_OK, sy_match_to_json(text, sizeof text, NULL, m, &err), &err);
    dumped = json_dumps(out, JSON_PRESERVE_ORDER);
    assert_non_null(dumped);
    {
        json_t *reread = json_loads(text, 0, NULL);
        char *canon = json_dumps(reread, JSON_PRESERVE_ORDER);
        assert_string_equal(dumped, canon);
        free(canon);
        json_decref(reread);
    }
    free(dumped);
    json_decref(out);
    /* Misuse: out set to NULL. */
    out = (json_t *)1;
    assert_status(SY_ERR_MISUSE, sy_match_to_json_t(&out, NULL, &err), &err);
    assert_null(out);
    assert_status(SY_ERR_MISUSE, sy_match_to_json_t(NULL, m, &err), &err);
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_bad_document_is_a_rule_error),
        cmocka_unit_test(an_oversize_document_is_a_rule_error),
        cmocka_unit_test(a_load_replaces_the_previous_document),
        cmocka_unit_test(redirects_from_a_document),
        cmocka_unit_test(redirect_loops_show_the_chain),
        cmocka_unit_test(misuse),
        cmocka_unit_test(files),
        cmocka_unit_test(json_t_documents_are_borrowed),
        cmocka_unit_test(bad_json_t_documents),
        cmocka_unit_test(text_and_json_t_load_alike),
        cmocka_unit_test(match_as_json_t),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
