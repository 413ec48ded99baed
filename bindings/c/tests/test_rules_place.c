/* test_rules_place.c: where a rule document's error is (switchyard.h: sy_error's
 * document_position, sy_text_place; docs/ERRORS.md "Places in a document"): the byte of
 * the value the JSON path names, or of the offending byte inside a pattern or redirect, for
 * text and files, and its line and column counted in characters. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "sy_test.h"

struct placed_doc {
    const char *name;
    const char *json;
    const char *words;   /* in the message (the JSON path) */
    const char *marker;  /* document_position is the byte of its first occurrence */
    int line, column;
};

static const struct placed_doc docs[] = {
    {"unregistered type in a pattern",
     "{\"version\": 1, \"routes\": [\n  {\"pattern\": \"/a\", \"target\": \"A\"},\n"
     "  {\"pattern\": \"/d/<date:d>\", \"target\": \"D\"}\n]}",
     "$.routes[1].pattern: unknown type 'date'", "date:d", 3, 20},
    {"keyed shape: the pattern is the key",
     "{\"/a\": {\"class\": \"A\"},\r\n\"/b/<id\": {\"class\": \"B\"}}", "$[\"/b/<id\"]", "<id", 2, 5},
    {"escapes before the error",
     "{\"version\": 1, \"routes\": [{\"pattern\": \"/\\u00e9\\/<date:d>\", \"target\": \"A\"}]}",
     "$.routes[0].pattern", "date:d", 1, 50},
    {"multi-byte UTF-8 before it on its line",
     "{\"version\": 1, \"routes\": [{\"name\": \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\", "
     "\"pattern\": \"/x/<date:d>\", \"target\": \"A\"}]}",
     "$.routes[0].pattern", "date:d", 1, 59},
    {"an unknown field at its key",
     "{\"version\": 1, \"routes\": [\n {\"pattern\": \"/a\", \"target\": \"A\",\n  \"bogus\": 1}]}",
     "$.routes[0].bogus: unknown field", "\"bogus\"", 3, 3},
    {"a requirement that is not a string",
     "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\", \"requires\": [\"signed-in\", 5]}]}",
     "$.routes[0].requires[1]", "5]", 1, 86},
    {"an unknown query item type",
     "{\"version\": 1, \"routes\": [{\"pattern\": \"/a\", \"target\": \"A\", \"query\": {\"page\": {\"type\": \"nope\"}}}]}",
     "$.routes[0].query.page.type: unknown type 'nope'", "\"nope\"", 1, 87},
    {"invalid JSON: the last byte jansson read",
     "{\"version\": 1,\n \"routes\": [}", "invalid JSON at line 2, column 13", "}", 2, 13},
};
#define NDOCS (sizeof docs / sizeof docs[0])

/* The document's byte, line and column as the library reports them. */
static void expect_place(const struct placed_doc *d, const sy_error *err, const char *text, size_t len)
{
    int32_t line = 0, column = 0;
    sy_error place_err;
    long at = (long)(strstr(d->json, d->marker) - d->json);
    print_message("%s: %s\n", d->name, err->message);
    assert_int_equal(err->code, SY_ERR_RULE);
    assert_non_null(strstr(err->message, d->words));
    assert_int_equal(err->document_position, at);
    assert_status(SY_OK, sy_text_place(text, len, err->document_position, &line, &column, &place_err), &place_err);
    assert_int_equal(line, d->line);
    assert_int_equal(column, d->column);
}

/* HEADER: "document_position is the byte in json of every error of the document" */
static void text_errors_carry_their_place(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < NDOCS; i++) {
        sy_error err;
        sy_router *r = sy_test_router(NULL);
        sy_test_dirty(&err);
        assert_status(SY_ERR_RULE, sy_router_load_rules(r, LIT(docs[i].json), &err), &err);
        expect_place(&docs[i], &err, docs[i].json, strlen(docs[i].json));
        sy_router_free(r);
    }
}

/* HEADER (sy_router_load_rules_file): "SY_ERR_RULE as sy_router_load_rules()" */
static void file_errors_carry_their_place(void **state)
{
    char path[64];
    size_t i;
    (void)state;
    snprintf(path, sizeof path, "/tmp/sy-test-rules-place-%ld.json", (long)getpid());
    for (i = 0; i < NDOCS; i++) {
        sy_error err;
        sy_router *r = sy_test_router(NULL);
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        fputs(docs[i].json, f);
        fclose(f);
        assert_status(SY_ERR_RULE, sy_router_load_rules_file(r, LIT(path), &err), &err);
        expect_place(&docs[i], &err, docs[i].json, strlen(docs[i].json));
        sy_router_free(r);
    }
    unlink(path);
}

/* Errors that are not about a document leave document_position -1. */
static void other_errors_have_no_document_position(void **state)
{
    sy_error err;
    sy_router *r = sy_test_router(NULL);
    (void)state;
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add(r, LIT("/d/<date:d>"), LIT("D"), &err), &err);
    assert_int_equal(err.document_position, -1);
    assert_int_equal(err.position, 4);  /* the type name */
    sy_router_free(r);
}

/* HEADER (sy_text_place): lines split at '\n', columns in characters, and its refusals. */
static void text_place_counts_characters(void **state)
{
    static const char text[] = "ab\r\n\xc3\xa9\xe2\x82\xac" "x";  /* "ab\r\n" then 'é€x' */
    int32_t line = 0, column = 0;
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_text_place(LIT(text), 0, &line, &column, &err), &err);
    assert_int_equal(line, 1);
    assert_int_equal(column, 1);
    assert_status(SY_OK, sy_text_place(LIT(text), 3, &line, &column, &err), &err);
    assert_int_equal(line, 1);
    assert_int_equal(column, 4);  /* the '\n', after 'a', 'b' and '\r' */
    assert_status(SY_OK, sy_text_place(LIT(text), 9, &line, &column, &err), &err);
    assert_int_equal(line, 2);
    assert_int_equal(column, 3);  /* 'x', after 'é' and '€' */
    assert_status(SY_OK, sy_text_place(LIT(text), (int32_t)strlen(text), &line, &column, &err), &err);
    assert_int_equal(column, 4);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_text_place(LIT(text), 11, &line, &column, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_text_place(LIT(text), -1, &line, &column, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_text_place(LIT(text), 0, NULL, &column, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_text_place(NULL, 3, 0, &line, &column, &err), &err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_errors_carry_their_place),
        cmocka_unit_test(file_errors_carry_their_place),
        cmocka_unit_test(other_errors_have_no_document_position),
        cmocka_unit_test(text_place_counts_characters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
