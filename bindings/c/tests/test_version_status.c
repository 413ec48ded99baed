/* test_version_status.c: version macros and their run-time twins; sy_status_str. */
#include "sy_test.h"

/* HEADER: "assert(sy_version_number() == SY_VERSION_NUMBER);" */
static void version_number_matches_the_header(void **state)
{
    (void)state;
    assert_int_equal(sy_version_number(), SY_VERSION_NUMBER);
    /* HEADER: "MAJOR * 10000 + MINOR * 100 + PATCH: 0.1.0 is 100." */
    assert_int_equal(SY_VERSION_NUMBER, 100);
}

/* HEADER (sy_version_string): "A static NUL-terminated string such as "0.1.0"." and
 * (SY_VERSION_STRING): ""MAJOR.MINOR.PATCH" of the three macros above" */
static void version_string_matches_the_macros(void **state)
{
    char expected[32];
    const char *s = sy_version_string();
    (void)state;
    snprintf(expected, sizeof expected, "%d.%d.%d", SY_VERSION_MAJOR, SY_VERSION_MINOR,
             SY_VERSION_PATCH);
    assert_string_equal(SY_VERSION_STRING, expected);
    assert_non_null(s);
    assert_string_equal(s, SY_VERSION_STRING);
    /* HEADER: "valid for as long as the library is loaded": the same static pointer. */
    assert_ptr_equal(s, sy_version_string());
}

/* HEADER: "A short static English description of a status code." ... "e.g. "invalid
 * pattern" for SY_ERR_INVALID_PATTERN; "unknown status" for a value this library does
 * not know. Never NULL." */
static void status_str_names_every_code(void **state)
{
    static const struct { sy_status code; const char *text; } table[] = {
        {SY_OK, "ok"},
        {SY_ERR_MISUSE, "misuse of the API"},
        {SY_ERR_INTERNAL, "internal error"},
        {SY_ERR_NOMEM, "out of memory"},
        {SY_ERR_INVALID_ARGUMENT, "invalid argument"},
        {SY_ERR_INVALID_PATTERN, "invalid pattern"},
        {SY_ERR_CONFLICT, "route conflict"},
        {SY_ERR_INVALID_URL, "invalid URL"},
        {SY_ERR_LIMIT, "limit exceeded"},
        {SY_ERR_RULE, "invalid rule document"},
        {SY_ERR_REDIRECT_LIMIT, "redirect limit exceeded"},
        {SY_ERR_REDIRECT_LOOP, "redirect loop"},
        {SY_ERR_IO, "I/O error"},
        {SY_ERR_BUFFER_TOO_SMALL, "buffer too small"},
        {SY_ERR_REDIRECT_UNSAFE, "unsafe redirect"},
        {SY_ERR_HANDLER, "handler failed"},
        {SY_ERR_NOT_FOUND, "no such parameter"},
        {SY_ERR_TYPE, "parameter of another type"},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        const char *s = sy_status_str(table[i].code);
        assert_non_null(s);
        assert_string_equal(s, table[i].text);
    }
    assert_string_equal(sy_status_str((sy_status)-18), "unknown status");
    assert_string_equal(sy_status_str((sy_status)1), "unknown status");
    assert_string_equal(sy_status_str((sy_status)-1000000), "unknown status");
}

/* HEADER: "Values are never renumbered or reused." (also pinned at compile time by
 * header_test.c; here against the values the library itself returns) */
static void library_returns_the_header_values(void **state)
{
    sy_error err;
    (void)state;
    assert_int_equal(sy_router_new(NULL, NULL, &err), -1);
    assert_int_equal(err.code, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(version_number_matches_the_header),
        cmocka_unit_test(version_string_matches_the_macros),
        cmocka_unit_test(status_str_names_every_code),
        cmocka_unit_test(library_returns_the_header_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
