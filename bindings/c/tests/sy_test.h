/*
 * sy_test.h: helpers shared by the cmocka tests of the C API.
 *
 * Each test quotes, in a comment, the sentence of switchyard.h it checks (SQLite's
 * "every promise is tested"). These helpers keep the checks short: a status with the
 * error message on failure, slices compared with expected text or absence, and the
 * cleared / filled states of sy_error.
 */
#ifndef SY_TEST_H
#define SY_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "switchyard.h"

/* The path of `relative` inside Tests/Data, the repository's test data (Tests/Data/README.md),
 * written into buf. Found from this header's own path: the CMake build compiles with absolute
 * paths, so __FILE__ is <repo>/bindings/c/tests/sy_test.h. Returns buf, or NULL when the path
 * does not fit in cap bytes or __FILE__ is not such a path. */
static inline const char *sy_test_data_path(char *buf, size_t cap, const char *relative)
{
    static const char here[] = "bindings/c/tests/sy_test.h";
    const char *file = __FILE__;
    size_t len = strlen(file), tail = sizeof here - 1;
    int n;

    if (len < tail || strcmp(file + len - tail, here) != 0)
        return NULL;
    n = snprintf(buf, cap, "%.*sTests/Data/%s", (int)(len - tail), file, relative);
    return (n >= 0 && (size_t)n < cap) ? buf : NULL;
}

/* A C string literal as the (pointer, length) pair the API takes. */
#define LIT(s) (s), strlen(s)

/* Asserts that `call` returned `expected`; on a mismatch prints the sy_error it filled. */
#define assert_status(expected, call, errp) \
    sy_test_check_status((expected), (call), (errp), #call, __FILE__, __LINE__)

static inline void sy_test_check_status(sy_status expected, sy_status got, const sy_error *err,
                                        const char *call, const char *file, int line)
{
    if (expected != got) {
        print_error("%s:%d: %s returned %d (%s), expected %d (%s); message: %s\n", file, line,
                    call, (int)got, sy_status_str(got), (int)expected, sy_status_str(expected),
                    err ? err->message : "(no sy_error)");
        _fail(file, line);
    }
}

/* Asserts a slice holds exactly `text`, or is absent when text is NULL. */
#define assert_str(s, text) sy_test_check_str((s), (text), __FILE__, __LINE__)

static inline void sy_test_check_str(sy_str s, const char *text, const char *file, int line)
{
    if (text == NULL) {
        if (s.ptr != NULL || s.len != 0) {
            print_error("%s:%d: expected an absent sy_str, got \"%.*s\" (%zu bytes)\n", file,
                        line, (int)s.len, s.ptr ? s.ptr : "", s.len);
            _fail(file, line);
        }
        return;
    }
    if (s.ptr == NULL || s.len != strlen(text) || memcmp(s.ptr, text, s.len) != 0) {
        print_error("%s:%d: expected \"%s\", got %s%.*s%s\n", file, line, text,
                    s.ptr ? "\"" : "absent", s.ptr ? (int)s.len : 0, s.ptr ? s.ptr : "",
                    s.ptr ? "\"" : "");
        _fail(file, line);
    }
}

/* Whether len bytes are valid UTF-8 (RFC 3629), for the "message is UTF-8" promise. */
static inline int sy_test_valid_utf8(const unsigned char *b, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = b[i];
        size_t len, k;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c < 0x80) { i++; continue; }
        if (c >= 0xC2 && c <= 0xDF) len = 2;
        else if (c == 0xE0) { len = 3; lo = 0xA0; }
        else if (c == 0xED) { len = 3; hi = 0x9F; }
        else if (c >= 0xE1 && c <= 0xEF) len = 3;
        else if (c == 0xF0) { len = 4; lo = 0x90; }
        else if (c == 0xF4) { len = 4; hi = 0x8F; }
        else if (c >= 0xF1 && c <= 0xF3) len = 4;
        else return 0;
        if (i + len > n || b[i + 1] < lo || b[i + 1] > hi) return 0;
        for (k = 2; k < len; k++)
            if ((b[i + k] & 0xC0) != 0x80) return 0;
        i += len;
    }
    return 1;
}

/* Fills an sy_error with junk, so "cleared on entry" is observable. */
static inline void sy_test_dirty(sy_error *err)
{
    memset(err, 0x5A, sizeof *err);
}

/* "clears it on entry: code = SY_OK, position = -1, route_index = -1, document_position = -1,
 * message[0] = '\0'" */
#define assert_cleared(errp) sy_test_check_cleared((errp), __FILE__, __LINE__)

static inline void sy_test_check_cleared(const sy_error *err, const char *file, int line)
{
    if (err->code != SY_OK || err->position != -1 || err->route_index != -1 ||
        err->document_position != -1 || err->message[0] != '\0') {
        print_error("%s:%d: sy_error not in the cleared state (code %d, position %d)\n", file,
                    line, (int)err->code, (int)err->position);
        _fail(file, line);
    }
}

/* "On failure, code is the returned status, message is a non-empty NUL-terminated UTF-8
 * sentence" */
#define assert_failed(errp, status) sy_test_check_failed((errp), (status), __FILE__, __LINE__)

static inline void sy_test_check_failed(const sy_error *err, sy_status status, const char *file,
                                        int line)
{
    const char *nul = (const char *)memchr(err->message, '\0', sizeof err->message);
    if (err->code != status || nul == NULL || nul == err->message ||
        !sy_test_valid_utf8((const unsigned char *)err->message,
                            (size_t)(nul - err->message))) {
        print_error("%s:%d: sy_error not filled for status %d (code %d, message '%.255s')\n",
                    file, line, (int)status, (int)err->code, err->message);
        _fail(file, line);
    }
}

/* Whether the error message contains `needle`. */
static inline int sy_test_message_has(const sy_error *err, const char *needle)
{
    return strstr(err->message, needle) != NULL;
}

/* A router with the given options (NULL: defaults), or the test fails. */
static inline sy_router *sy_test_router(const sy_router_options *opts)
{
    sy_router *r = NULL;
    sy_error err;
    assert_status(SY_OK, sy_router_new(&r, opts, &err), &err);
    assert_non_null(r);
    return r;
}

static inline sy_match *sy_test_match(void)
{
    sy_match *m = NULL;
    sy_error err;
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    assert_non_null(m);
    return m;
}

/* Adds pattern -> target, or the test fails. */
static inline void sy_test_add(sy_router *r, const char *pattern, const char *target)
{
    sy_error err;
    assert_status(SY_OK, sy_router_add(r, LIT(pattern), LIT(target), &err), &err);
}

/* Resolves url (its strlen) into m, or the test fails. */
static inline void sy_test_resolve(sy_match *m, const sy_router *r, const char *url)
{
    sy_error err;
    assert_status(SY_OK, sy_router_resolve(m, r, LIT(url), &err), &err);
}

/* Whether url (its strlen) resolves to a route, on a match of its own: for checking that a
 * refused call left the router as it was. */
static inline int sy_test_found(const sy_router *r, const char *url)
{
    sy_match *m = sy_test_match();
    sy_test_resolve(m, r, url);
    int found = sy_match_found(m);
    sy_match_free(m);
    return found;
}

/* The merged parameter `name` as a string slice (absent if not found). */
static inline sy_str sy_test_param_text(const sy_match *m, const char *name)
{
    sy_param p;
    int found = -1;
    sy_error err;
    assert_status(SY_OK, sy_match_param(&p, &found, m, LIT(name), &err), &err);
    if (!found) {
        sy_str absent = {NULL, 0};
        return absent;
    }
    return p.text;
}

/* What a program built with the version 1 header has as its sy_route: the fields up to
 * priority. Its size is where version 2's search starts. */
typedef struct route_v1 {
    uint32_t version;
    uint32_t flags;
    sy_str pattern;
    sy_str target;
    sy_str redirect;
    sy_str name;
    const sy_param *defaults;
    size_t defaults_count;
    int32_t priority;
} route_v1;

/* What a program built with the version 2 header has: version 1's fields, then search and
 * hash. Its size is where version 3's parent starts. */
typedef struct route_v2 {
    route_v1 v1;
    sy_str search;
    sy_str hash;
} route_v2;

#endif /* SY_TEST_H */
