/* test_entry_stacks.c: entry-aware stacks through the C API (sy_match_stack_operations):
 * the operations for an entry kind and the open screens after a dispatch, after a resume
 * on a restarted router, for a link that waits; errors with their JSON place; fixtures
 * that expect operations and a pending requirement (sy_router_run_fixtures). */
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

static const char doc[] =
    "{\"version\": 1, \"routes\": ["
    " {\"pattern\": \"myapp://hotels\", \"target\": \"Screen\", \"name\": \"hotels\", \"stack\": {\"tab\": \"home\", \"default\": \"merge\"}},"
    " {\"pattern\": \"myapp://hotels/<int:hotel>\", \"target\": \"Screen\", \"name\": \"hotel\", \"parent\": \"hotels\","
    "  \"stack\": {\"tab\": \"home\", \"cold\": \"replace\", \"warm\": \"merge\", \"link\": \"extend\"}},"
    " {\"pattern\": \"myapp://login\", \"target\": \"Screen\", \"name\": \"login\", \"stack\": {\"tab\": \"account\", \"default\": \"extend\"}},"
    " {\"pattern\": \"myapp://orders\", \"target\": \"Screen\", \"name\": \"orders\"},"
    " {\"pattern\": \"myapp://orders/<int:id>\", \"target\": \"Screen\", \"name\": \"order\", \"parent\": \"orders\","
    "  \"requires\": [\"signed-in\"], \"else\": \"login\", \"stack\": {\"tab\": \"account\", \"default\": \"merge\"}},"
    " {\"pattern\": \"myapp://settings\", \"target\": \"Screen\", \"name\": \"settings\"}"
    "]}";

static const uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const int64_t t0 = 1800000000;

static const char open_tabs[] =
    "{\"tab\": \"search\", \"tabs\": {\"search\": [{\"route\": \"results\"}],"
    " \"home\": [{\"route\": \"hotels\"}, {\"route\": \"hotel\", \"params\": {\"hotel\": 7}}], \"account\": []}}";

static int signed_in(void *check_data, void *context)
{
    (void)check_data;
    return *(int *)context;
}

static int accept(const sy_match *m, void *data, void *context)
{
    (void)m; (void)data; (void)context;
    return SY_HANDLED;
}

static sy_router *app_router(void)
{
    sy_router *r = NULL;
    sy_error err;
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);
    assert_status(SY_OK, sy_router_load_rules(r, LIT(doc), &err), &err);
    assert_status(SY_OK, sy_router_set_resume_key(r, key, 3600, &err), &err);
    assert_status(SY_OK, sy_router_require(r, SY_STR("signed-in"), signed_in, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, SY_STR("Screen"), accept, NULL, NULL, &err), &err);
    return r;
}

/* The operations of m for entry from open, as text. */
static const char *ops(sy_match *m, const char *entry, const char *open)
{
    static char buf[1024];
    sy_error err;
    size_t len = 0;
    assert_status(SY_OK, sy_match_stack_operations(buf, sizeof buf, &len, m, entry, SY_NUL, open, SY_NUL, &err), &err);
    assert_int_equal(len, strlen(buf));
    return buf;
}

static void per_entry_kind(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_match *m = sy_test_match();
    sy_error err;
    int handled = 0, yes = 1;
    assert_status(SY_OK, sy_router_dispatch(m, r, SY_STR("myapp://hotels/12"), &yes, &handled, &err), &err);
    assert_int_equal(handled, 1);
    /* HEADER: "select_tab shows a tab (the operations after it apply to its stack)" */
    assert_string_equal(ops(m, SY_ENTRY_WARM, open_tabs),
                        "[{\"select_tab\":\"home\"},{\"pop_to\":1},{\"push\":\"hotel\",\"params\":{\"hotel\":12}}]");
    assert_string_equal(ops(m, SY_ENTRY_COLD, open_tabs),
                        "[{\"select_tab\":\"home\"},{\"pop_to\":0},{\"push\":\"hotels\",\"params\":{}},"
                        "{\"push\":\"hotel\",\"params\":{\"hotel\":12}}]");
    assert_string_equal(ops(m, SY_ENTRY_LINK, open_tabs),
                        "[{\"select_tab\":\"home\"},{\"push\":\"hotels\",\"params\":{}},{\"push\":\"hotel\",\"params\":{\"hotel\":12}}]");
    /* An entry kind of the app's own, not declared: the default (replace). */
    assert_string_equal(ops(m, "widget", open_tabs),
                        "[{\"select_tab\":\"home\"},{\"pop_to\":0},{\"push\":\"hotels\",\"params\":{}},"
                        "{\"push\":\"hotel\",\"params\":{\"hotel\":12}}]");
    /* HEADER: "open_json UTF-8 JSON of the open screens, or NULL for none open" */
    assert_string_equal(ops(m, SY_ENTRY_COLD, NULL),
                        "[{\"push\":\"hotels\",\"params\":{}},{\"push\":\"hotel\",\"params\":{\"hotel\":12}}]");
    /* A route that declares nothing replaces the current stack. */
    assert_status(SY_OK, sy_router_dispatch(m, r, SY_STR("myapp://settings"), &yes, &handled, &err), &err);
    assert_string_equal(ops(m, SY_ENTRY_WARM, "[{\"route\": \"results\"}]"),
                        "[{\"pop_to\":0},{\"push\":\"settings\",\"params\":{}}]");
    sy_match_free(m);
    sy_router_free(r);
}

static void waits_resumes_and_lands_on_its_tab(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_match *m = sy_test_match();
    sy_error err;
    sy_pending p;
    int no = 0, yes = 1;
    assert_status(SY_OK, sy_router_dispatch_pending(m, r, SY_STR("myapp://orders/42"), &no, t0, &p, &err), &err);
    assert_int_equal(p.pending, 1);
    assert_int_equal(p.handled, 1); /* the login screen took it */
    const char *login = ops(m, SY_ENTRY_NOTIFICATION, open_tabs);
    static const char login_start[] = "[{\"select_tab\":\"account\"},{\"push\":\"login\",\"params\":{\"resume\":\"";
    assert_true(strncmp(login, login_start, strlen(login_start)) == 0);

    char token[SY_RESUME_TOKEN_MAX + 1];
    memcpy(token, p.token, p.token_len + 1);
    sy_router *restarted = app_router();
    assert_status(SY_OK, sy_router_resume(m, restarted, token, SY_NUL, &yes, t0 + 60, &p, &err), &err);
    assert_int_equal(p.pending, 0);
    assert_string_equal(ops(m, SY_ENTRY_COLD, "{\"tab\": \"home\", \"tabs\": {\"home\": [], \"account\": []}}"),
                        "[{\"select_tab\":\"account\"},{\"push\":\"orders\",\"params\":{}},{\"push\":\"order\",\"params\":{\"id\":42}}]");

    /* HEADER: "a link that waits without an else route leaves no match, and gives []" */
    assert_status(SY_OK, sy_router_resolve(m, r, SY_STR("myapp://nowhere"), &err), &err);
    assert_int_equal(sy_match_found(m), 0);
    assert_string_equal(ops(m, SY_ENTRY_COLD, open_tabs), "[]");
    sy_match_free(m);
    sy_router_free(r);
    sy_router_free(restarted);
}

static void bad_inputs(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_match *m = sy_test_match();
    sy_error err;
    char buf[256];
    size_t len = 0;
    sy_test_resolve(m, r, "myapp://hotels/12");

    /* HEADER: "the message names the JSON path, line and column, and err->position the byte" */
    static const char wrong_tab[] = "{\"tab\": \"homes\", \"tabs\": {\"home\": []}}";
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_match_stack_operations(buf, sizeof buf, &len, m, SY_STR(SY_ENTRY_COLD), LIT(wrong_tab), &err), &err);
    assert_true(sy_test_message_has(&err, "$.tab (line 1, column 9)"));
    assert_int_equal(err.position, 8);
    static const char bad_member[] = "[{\"route\": \"a\", \"parms\": {}}]";
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_match_stack_operations(buf, sizeof buf, &len, m, SY_STR(SY_ENTRY_COLD), LIT(bad_member), &err), &err);
    assert_true(sy_test_message_has(&err, "$[0].parms"));
    assert_int_equal(err.position, 16);
    /* HEADER: "or the route's tab is not one of the open tabs" */
    static const char no_home[] = "{\"tab\": \"search\", \"tabs\": {\"search\": []}}";
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_match_stack_operations(buf, sizeof buf, &len, m, SY_STR(SY_ENTRY_COLD), LIT(no_home), &err), &err);
    assert_true(sy_test_message_has(&err, "tab 'home'"));
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_match_stack_operations(buf, sizeof buf, &len, m, SY_STR("co ld"), NULL, 0, &err), &err);
    assert_status(SY_ERR_MISUSE,
                  sy_match_stack_operations(buf, sizeof buf, &len, m, NULL, SY_NUL, NULL, 0, &err), &err);
    assert_status(SY_ERR_MISUSE,
                  sy_match_stack_operations(buf, sizeof buf, &len, NULL, SY_STR(SY_ENTRY_COLD), NULL, 0, &err), &err);

    /* HEADER: "SY_ERR_LIMIT past SY_OPEN_SCREENS_MAX screens" */
    size_t cap = 2 + (SY_OPEN_SCREENS_MAX + 1) * 16;
    char *many = malloc(cap);
    assert_non_null(many);
    size_t at = 0;
    many[at++] = '[';
    for (int i = 0; i <= SY_OPEN_SCREENS_MAX; i++) {
        memcpy(many + at, i ? ",{\"route\":\"a\"}" : "{\"route\":\"a\"} ", 14);
        at += 14;
    }
    many[at++] = ']';
    assert_status(SY_ERR_LIMIT, sy_match_stack_operations(buf, sizeof buf, &len, m, SY_STR(SY_ENTRY_COLD), many, at, &err), &err);
    /* Exactly the bound is fine: drop the last screen. */
    many[at - 15] = ']';
    assert_status(SY_OK, sy_match_stack_operations(buf, sizeof buf, &len, m, SY_STR(SY_ENTRY_COLD), many, at - 14, &err), &err);
    free(many);

    /* HEADER: "SY_ERR_BUFFER_TOO_SMALL if cap cannot hold the JSON and its NUL" */
    assert_status(SY_ERR_BUFFER_TOO_SMALL, sy_match_stack_operations(buf, 8, &len, m, SY_STR(SY_ENTRY_COLD), NULL, 0, &err), &err);
    assert_int_equal(len, strlen("[{\"push\":\"hotels\",\"params\":{}},{\"push\":\"hotel\",\"params\":{\"hotel\":12}}]"));
    sy_match_free(m);
    sy_router_free(r);
}

static void fixtures_expect_operations_and_pending(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_error err;
    sy_fixture_result result;
    char report[4096];
    size_t len = 0;
    static const char cases[] =
        "[{\"url\": \"myapp://hotels/12\", \"entry\": \"warm\","
        "  \"open\": {\"tab\": \"search\", \"tabs\": {\"search\": [], \"home\": [{\"route\": \"hotels\"}]}},"
        "  \"operations\": [{\"select_tab\": \"home\"}, {\"push\": \"hotel\", \"params\": {\"hotel\": 12}}]},"
        " {\"url\": \"myapp://orders/42\", \"pending\": \"signed-in\", \"operations\": []},"
        " {\"url\": \"myapp://orders/42\", \"context\": {\"signed-in\": true}, \"pending\": null},"
        " {\"url\": \"myapp://orders/42\", \"context\": {\"signed-in\": true}, \"operations\": [{\"pop_to\": 0}]}]";
    assert_status(SY_OK, sy_router_run_fixtures(&result, report, sizeof report, &len, r, LIT(cases), &err), &err);
    assert_int_equal(result.cases, 4);
    assert_int_equal(result.passed, 3);
    assert_int_equal(result.failed, 1);
    assert_non_null(strstr(report, "\"field\":\"operations\",\"expected\":\"[{\\\"pop_to\\\":0}]\""));

    static const char bad[] = "[{\"url\": \"myapp://orders/42\", \"operations\": [{\"pop_to\": -1}]}]";
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_run_fixtures(&result, report, sizeof report, &len, r, LIT(bad), &err), &err);
    assert_true(sy_test_message_has(&err, "$[0].operations[0].pop_to"));
    assert_true(err.position > 0);
    sy_router_free(r);
}

static void released_count(void *data) { (*(int *)data)++; }

static void route_added_in_code_has_its_stack(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_match *m = sy_test_match();
    sy_error err;
    sy_route rt;
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern = (sy_str){"myapp://wishlist/<int:id>", SY_NUL};
    rt.target = (sy_str){"Screen", SY_NUL};
    rt.name = (sy_str){"wish", SY_NUL};
    sy_str requires[] = {{"signed-in", SY_NUL}};
    sy_str else_routes[] = {{"login", SY_NUL}};
    assert_status(SY_OK, sy_router_add_route_stack(r, &rt, NULL, NULL, requires, 1, else_routes,
                                                   "{\"tab\": \"account\", \"warm\": \"extend\", \"default\": \"merge\"}",
                                                   SY_NUL, &err), &err);
    int yes = 1, handled = 0;
    assert_status(SY_OK, sy_router_dispatch(m, r, SY_STR("myapp://wishlist/5"), &yes, &handled, &err), &err);
    assert_int_equal(handled, 1);
    assert_string_equal(ops(m, SY_ENTRY_COLD, open_tabs),
                        "[{\"select_tab\":\"account\"},{\"push\":\"wish\",\"params\":{\"id\":5}}]");
    /* The requirement came with it: signed out, the link waits at the login screen. */
    sy_pending p;
    int no = 0;
    assert_status(SY_OK, sy_router_dispatch_pending(m, r, SY_STR("myapp://wishlist/5"), &no, t0, &p, &err), &err);
    assert_int_equal(p.pending, 1);

    /* One mode for every entry kind, as a JSON string. */
    rt.pattern = (sy_str){"myapp://news", SY_NUL};
    rt.name = (sy_str){"news", SY_NUL};
    assert_status(SY_OK, sy_router_add_route_stack(r, &rt, NULL, NULL, NULL, 0, NULL, "\"extend\"", SY_NUL, &err), &err);
    assert_status(SY_OK, sy_router_dispatch(m, r, SY_STR("myapp://news"), &yes, &handled, &err), &err);
    assert_string_equal(ops(m, SY_ENTRY_COLD, "[{\"route\": \"results\"}]"), "[{\"push\":\"news\",\"params\":{}}]");

    /* HEADER: "After an error the router is exactly as before and release has been called with data." */
    int released = 0;
    rt.pattern = (sy_str){"myapp://bad", SY_NUL};
    rt.name = (sy_str){"bad", SY_NUL};
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_add_route_stack(r, &rt, &released, released_count, NULL, 0, NULL,
                                            "{\"cold\": \"push\"}", SY_NUL, &err), &err);
    assert_true(sy_test_message_has(&err, "$.cold: unknown stack mode 'push'"));
    assert_int_equal(released, 1);
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_add_route_stack(r, &rt, NULL, NULL, NULL, 0, NULL, "{\"tab\": \"a b\"}", SY_NUL, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_add_route_stack(r, &rt, NULL, NULL, NULL, 0, NULL, "{\"cold\": ", SY_NUL, &err), &err);
    assert_true(err.position >= 0);
    assert_int_equal(sy_test_found(r, "myapp://bad"), 0);
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(per_entry_kind),
        cmocka_unit_test(waits_resumes_and_lands_on_its_tab),
        cmocka_unit_test(bad_inputs),
        cmocka_unit_test(fixtures_expect_operations_and_pending),
        cmocka_unit_test(route_added_in_code_has_its_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
