/* test_fixtures.c: sy_router_run_fixtures, route fixtures run from C. */
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

static const char rules[] =
    "{\"version\": 1, \"routes\": ["
    "{\"pattern\": \"myapp://hotels\", \"target\": \"HotelList\", \"name\": \"hotels\"},"
    "{\"pattern\": \"myapp://hotels/<int:hotel>\", \"target\": \"Hotel\", \"name\": \"hotel\", \"parent\": \"hotels\"},"
    "{\"pattern\": \"myapp://settings\", \"target\": \"Settings\", \"name\": \"settings\"}"
    "]}";

static sy_router *new_router(void)
{
    sy_router *r = NULL;
    sy_error err;
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);
    assert_status(SY_OK, sy_router_load_rules(r, rules, SY_NUL, &err), &err);
    return r;
}

static void test_passing(void **state)
{
    sy_router *r = new_router();
    sy_error err;
    sy_fixture_result result;
    char buf[1024];
    size_t len = 0;
    static const char fixtures[] =
        "[{\"url\": \"myapp://hotels/12\", \"route\": \"hotel\", \"params\": {\"hotel\": 12},"
        "  \"stack\": [\"hotels\", \"hotel\"]},"
        " {\"url\": \"myapp://nowhere\", \"refused\": \"no-route\"}]";
    (void)state;

    assert_status(SY_OK, sy_router_run_fixtures(&result, buf, sizeof buf, &len, r, fixtures, SY_NUL, &err), &err);
    assert_int_equal(result.cases, 2);
    assert_int_equal(result.passed, 2);
    assert_int_equal(result.failed, 0);
    assert_int_equal(result.fixture_errors, 0);
    assert_int_equal(result.uncovered_routes, 2);
    assert_int_equal(len, strlen(buf));
    assert_non_null(strstr(buf, "\"failures\":[]"));
    assert_non_null(strstr(buf, "{\"name\":\"settings\",\"pattern\":\"myapp://settings\"}"));
    sy_router_free(r);
}

static void test_failing_with_differences(void **state)
{
    sy_router *r = new_router();
    sy_error err;
    sy_fixture_result result;
    char buf[2048];
    static const char fixtures[] =
        "[{\"url\": \"myapp://hotels/12\", \"params\": {\"hotel\": \"12\"}},"
        " {\"url\": \"myapp://hotels\", \"route\": \"hotel-list\"}]";
    (void)state;

    assert_status(SY_OK, sy_router_run_fixtures(&result, buf, sizeof buf, NULL, r, LIT(fixtures), &err), &err);
    assert_int_equal(result.cases, 2);
    assert_int_equal(result.passed, 0);
    assert_int_equal(result.failed, 1);
    assert_int_equal(result.fixture_errors, 1);
    assert_non_null(strstr(buf, "{\"field\":\"params.hotel\",\"expected\":\"\\\"12\\\"\",\"got\":\"12\"}"));
    assert_non_null(strstr(buf, "\"kind\":\"fixture-error\",\"message\":\"names route 'hotel-list', but no route has that name\""));
    sy_router_free(r);
}

static void test_buffer_too_small_still_counts(void **state)
{
    sy_router *r = new_router();
    sy_error err;
    sy_fixture_result result;
    char small[8];
    size_t len = 0;
    static const char fixtures[] = "[{\"url\": \"myapp://settings\", \"route\": \"settings\"}]";
    char *big;
    (void)state;

    assert_status(SY_ERR_BUFFER_TOO_SMALL,
                  sy_router_run_fixtures(&result, small, sizeof small, &len, r, LIT(fixtures), &err), &err);
    assert_int_equal(result.passed, 1);
    assert_string_equal(small, "");
    assert_true(len > sizeof small);
    big = malloc(len + 1);
    assert_non_null(big);
    assert_status(SY_OK, sy_router_run_fixtures(&result, big, len + 1, NULL, r, LIT(fixtures), &err), &err);
    assert_int_equal(strlen(big), len);
    free(big);
    sy_router_free(r);
}

static void test_bad_documents(void **state)
{
    sy_router *r = new_router();
    sy_error err;
    sy_fixture_result result;
    char buf[256];
    (void)state;

    /* An unknown key: the message names its path, line and column; position is its byte. */
    assert_int_equal(SY_ERR_INVALID_ARGUMENT,
                     sy_router_run_fixtures(&result, buf, sizeof buf, NULL, r,
                                            LIT("[{\"url\": \"myapp://a\",\n \"rout\": \"x\"}]"), &err));
    assert_non_null(strstr(err.message, "$[0].rout (line 2, column 2): unknown field"));
    assert_int_equal(err.position, 23);
    assert_int_equal(result.cases, 0);

    /* Not JSON, and a wrong type. */
    assert_int_equal(SY_ERR_INVALID_ARGUMENT,
                     sy_router_run_fixtures(&result, buf, sizeof buf, NULL, r, LIT("[{\"url\": }]"), &err));
    assert_non_null(strstr(err.message, "invalid JSON"));
    assert_int_equal(SY_ERR_INVALID_ARGUMENT,
                     sy_router_run_fixtures(&result, buf, sizeof buf, NULL, r,
                                            LIT("[{\"url\": \"a\", \"params\": []}]"), &err));
    assert_non_null(strstr(err.message, "must be an object of parameters, not an array"));

    /* Misuse. */
    assert_int_equal(SY_ERR_MISUSE, sy_router_run_fixtures(NULL, buf, sizeof buf, NULL, r, LIT("[]"), &err));
    assert_int_equal(SY_ERR_MISUSE, sy_router_run_fixtures(&result, buf, sizeof buf, NULL, NULL, LIT("[]"), &err));
    assert_int_equal(SY_ERR_MISUSE, sy_router_run_fixtures(&result, NULL, 4, NULL, r, LIT("[]"), &err));
    assert_int_equal(SY_ERR_MISUSE, sy_router_run_fixtures(&result, buf, sizeof buf, NULL, r, NULL, 3, &err));
    sy_router_free(r);
}

static void test_document_size_limit(void **state)
{
    sy_router_options opts;
    sy_router *r = NULL;
    sy_error err;
    sy_fixture_result result;
    char buf[256];
    char doc[200];
    (void)state;

    sy_router_options_init(&opts, SY_ROUTER_OPTIONS_VERSION);
    opts.max_document_size = 100;
    assert_status(SY_OK, sy_router_new(&r, &opts, &err), &err);
    memset(doc, ' ', sizeof doc);
    doc[0] = '[';
    doc[98] = ']'; /* the first 100 bytes are a document of no cases */
    assert_int_equal(SY_ERR_LIMIT, sy_router_run_fixtures(&result, buf, sizeof buf, NULL, r, doc, sizeof doc, &err));
    assert_non_null(strstr(err.message, "over the limit of 100"));
    assert_status(SY_OK, sy_router_run_fixtures(&result, buf, sizeof buf, NULL, r, doc, 100, &err), &err);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_passing),
        cmocka_unit_test(test_failing_with_differences),
        cmocka_unit_test(test_buffer_too_small_still_counts),
        cmocka_unit_test(test_bad_documents),
        cmocka_unit_test(test_document_size_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
