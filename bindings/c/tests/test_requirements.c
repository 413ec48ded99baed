/* test_requirements.c: requirements on routes and resume tokens through the C API
 * (sy_router_require, sy_router_set_resume_key, sy_router_dispatch_pending,
 * sy_router_resume, sy_router_add_route_requiring): a link that waits for sign-in, its token, the else route, a context
 * pointer reaching the checks, and refused tokens with their status. */
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

struct app {
    int signed_in;
    int checks;          /* how many times a check ran */
};

static const char doc[] =
    "{\"version\": 1, \"routes\": ["
    " {\"pattern\": \"myapp://login\", \"target\": \"Login\", \"name\": \"login\"},"
    " {\"pattern\": \"myapp://orders/<int:id>\", \"target\": \"Order\", \"requires\": [\"signed-in\"]},"
    " {\"pattern\": \"myapp://account\", \"target\": \"Account\", \"requires\": [\"signed-in\"], \"else\": \"login\"},"
    " {\"pattern\": \"myapp://paid\", \"target\": \"Order\", \"requires\": [\"paid\"]}"
    "]}";

static const uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const int64_t t0 = 1800000000;

/* HEADER: "whether the requirement holds for the context sy_router_dispatch_pending() or
 * sy_router_resume() was given" */
static int signed_in(void *check_data, void *context)
{
    struct app *app = context;
    (void)check_data;
    app->checks++;
    return app->signed_in ? 1 : 0;
}

static int failing_check(void *check_data, void *context)
{
    (void)check_data; (void)context;
    return -7;
}

static int accept(const sy_match *m, void *data, void *context)
{
    (void)m; (void)data; (void)context;
    return SY_HANDLED;
}

static int released;
static void count_release(void *data) { (void)data; released++; }

static sy_router *app_router(void)
{
    sy_router *r = NULL;
    sy_error err;
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);
    assert_status(SY_OK, sy_router_load_rules(r, LIT(doc), &err), &err);
    assert_status(SY_OK, sy_router_set_resume_key(r, key, 3600, &err), &err);
    assert_status(SY_OK, sy_router_require(r, SY_STR("signed-in"), signed_in, NULL, count_release, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, SY_STR("Order"), accept, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, SY_STR("Login"), accept, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, SY_STR("Account"), accept, NULL, NULL, &err), &err);
    return r;
}

static void waits_then_resumes(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_match *m = NULL;
    sy_error err;
    sy_pending p;
    struct app app = {0, 0};
    assert_status(SY_OK, sy_match_new(&m, &err), &err);

    /* HEADER: "at the first that does not, the dispatch ends pending" */
    assert_status(SY_OK, sy_router_dispatch_pending(m, r, SY_STR("myapp://orders/7"), &app, t0, &p, &err), &err);
    assert_int_equal(p.pending, 1);
    assert_int_equal(p.handled, 0);
    assert_int_equal(app.checks, 1);
    assert_string_equal(p.requirement, "signed-in");
    assert_int_equal(p.requirement_len, strlen("signed-in"));
    assert_true(p.token_len > 0 && p.token_len <= SY_RESUME_TOKEN_MAX);
    assert_int_equal(strlen(p.token), p.token_len);
    assert_int_equal(sy_match_found(m), 0);

    /* Stored, then resumed after sign-in on a new router with the same key and document. */
    char token[SY_RESUME_TOKEN_MAX + 1];
    memcpy(token, p.token, p.token_len + 1);
    sy_router *restarted = app_router();
    app.signed_in = 1;
    assert_status(SY_OK, sy_router_resume(m, restarted, token, SY_NUL, &app, t0 + 60, &p, &err), &err);
    assert_int_equal(p.pending, 0);
    assert_int_equal(p.handled, 1);
    assert_str(sy_match_target(m), "Order");
    assert_str(sy_test_param_text(m, "id"), "7");

    /* Still not signed in: pending again with a token of its own. */
    app.signed_in = 0;
    assert_status(SY_OK, sy_router_resume(m, restarted, token, SY_NUL, &app, t0 + 60, &p, &err), &err);
    assert_int_equal(p.pending, 1);
    assert_true(p.token_len > 0);

    sy_match_free(m);
    sy_router_free(restarted);
    released = 0;
    sy_router_free(r);
    /* HEADER: "Called with check_data exactly once, when ... the router freed" */
    assert_int_equal(released, 1);
}

static void else_route_gets_the_token(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_match *m = NULL;
    sy_error err;
    sy_pending p;
    struct app app = {0, 0};
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    /* HEADER: "that route is dispatched with the token as its one parameter" */
    assert_status(SY_OK, sy_router_dispatch_pending(m, r, SY_STR("myapp://account?next=https://evil.example/"),
                                                    &app, t0, &p, &err), &err);
    assert_int_equal(p.pending, 1);
    assert_int_equal(p.handled, 1);
    assert_str(sy_match_target(m), "Login");
    assert_str(sy_test_param_text(m, "resume"), p.token);
    assert_str(sy_test_param_text(m, "next"), NULL);
    sy_match_free(m);
    sy_router_free(r);
}

static void refused_tokens(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_match *m = NULL;
    sy_error err;
    sy_pending p;
    struct app app = {1, 0};
    char token[SY_RESUME_TOKEN_MAX + 1];
    size_t n;
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    app.signed_in = 0;
    assert_status(SY_OK, sy_router_dispatch_pending(m, r, SY_STR("myapp://orders/7"), &app, t0, &p, &err), &err);
    memcpy(token, p.token, p.token_len + 1);
    n = p.token_len;
    app.signed_in = 1;

    /* HEADER: "SY_ERR_TOKEN_TAMPERED if its tag does not match its content" */
    char kept = token[n - 14];
    token[n - 14] = kept == 'A' ? 'B' : 'A';
    assert_status(SY_ERR_TOKEN_TAMPERED, sy_router_resume(m, r, token, n, &app, t0 + 1, &p, &err), &err);
    assert_int_equal(err.code, SY_ERR_TOKEN_TAMPERED);
    assert_non_null(strstr(err.message, "integrity tag"));
    assert_int_equal(p.handled, 0);
    token[n - 14] = kept;

    /* HEADER: "SY_ERR_TOKEN_MALFORMED if token is not a token (bad characters, cut short ...)" */
    assert_status(SY_ERR_TOKEN_MALFORMED, sy_router_resume(m, r, SY_STR("not a token"), &app, t0, &p, &err), &err);
    assert_status(SY_ERR_TOKEN_MALFORMED, sy_router_resume(m, r, token, n - 12, &app, t0, &p, &err), &err);
    assert_non_null(strstr(err.message, "cut short"));

    /* HEADER: "SY_ERR_TOKEN_EXPIRED if it is older than the maximum age" */
    assert_status(SY_ERR_TOKEN_EXPIRED, sy_router_resume(m, r, token, n, &app, t0 + 3601, &p, &err), &err);

    /* HEADER: "SY_ERR_TOKEN_OTHER_KEY if another key made it" */
    sy_router *other = app_router();
    assert_status(SY_OK, sy_router_set_resume_key(other, NULL, 0, &err), &err);
    assert_status(SY_ERR_TOKEN_OTHER_KEY, sy_router_resume(m, other, token, n, &app, t0, &p, &err), &err);
    sy_router_free(other);

    /* HEADER: "SY_ERR_ROUTE_GONE if the routes changed and no route takes its URL now" */
    int removed = 0;
    assert_status(SY_OK, sy_router_remove(&removed, r, SY_STR("myapp://orders/<int:id>"), &err), &err);
    assert_int_equal(removed, 1);
    assert_status(SY_ERR_ROUTE_GONE, sy_router_resume(m, r, token, n, &app, t0 + 1, &p, &err), &err);
    /* HEADER: "SY_ERR_ROUTE_CHANGED if the routes changed and its URL opens another route" */
    assert_status(SY_OK, sy_router_add(r, SY_STR("myapp://orders/:any"), SY_STR("Other"), &err), &err);
    assert_status(SY_ERR_ROUTE_CHANGED, sy_router_resume(m, r, token, n, &app, t0 + 1, &p, &err), &err);
    assert_string_equal(sy_status_str(SY_ERR_ROUTE_CHANGED), "route of the resume token changed");

    sy_match_free(m);
    sy_router_free(r);
}

static void unregistered_and_failing_checks(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_match *m = NULL;
    sy_error err;
    sy_pending p;
    struct app app = {1, 0};
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    /* HEADER: "SY_ERR_INVALID_ARGUMENT if a route requires a name with no check" */
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_dispatch_pending(m, r, SY_STR("myapp://paid"), &app, t0, &p, &err), &err);
    assert_non_null(strstr(err.message, "'paid'"));
    assert_int_equal(p.handled, 0);
    /* HEADER: "SY_ERR_HANDLER if a check returned a negative value" */
    assert_status(SY_OK, sy_router_require(r, SY_STR("paid"), failing_check, NULL, NULL, &err), &err);
    assert_status(SY_ERR_HANDLER, sy_router_dispatch_pending(m, r, SY_STR("myapp://paid"), &app, t0, &p, &err), &err);
    assert_non_null(strstr(err.message, "returned -7"));
    /* HEADER: "fn = NULL removes it" */
    assert_status(SY_OK, sy_router_require(r, SY_STR("paid"), NULL, NULL, NULL, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_dispatch_pending(m, r, SY_STR("myapp://paid"), &app, t0, &p, &err), &err);
    /* HEADER: "SY_ERR_MISUSE if out is NULL" */
    assert_status(SY_ERR_MISUSE, sy_router_dispatch_pending(m, r, SY_STR("myapp://paid"), &app, t0, NULL, &err), &err);
    /* HEADER: "SY_ERR_INVALID_ARGUMENT if max_age is negative" */
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_set_resume_key(r, NULL, -1, &err), &err);
    sy_match_free(m);
    sy_router_free(r);
}

/* A route of the given pattern and target, as sy_router_add_route() reads it. */
static sy_route code_route(const char *pattern, const char *target)
{
    sy_route rt;
    sy_route_init(&rt, SY_ROUTE_VERSION);
    rt.pattern = (sy_str){pattern, SY_NUL};
    rt.target = (sy_str){target, SY_NUL};
    return rt;
}

static void route_added_in_code_waits_then_resumes(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_match *m = NULL;
    sy_error err;
    sy_pending p;
    struct app app = {0, 0};
    assert_status(SY_OK, sy_match_new(&m, &err), &err);

    sy_route rt = code_route("myapp://cart/<int:id>", "Order");
    sy_str requires[] = {{"signed-in", SY_NUL}};
    /* HEADER: "an empty entry ({NULL, 0} or length 0) gives that requirement none" */
    sy_str no_else[] = {{NULL, 0}};
    released = 0;
    assert_status(SY_OK, sy_router_add_route_requiring(r, &rt, &app, count_release, requires, 1, no_else, &err), &err);
    assert_status(SY_OK, sy_router_dispatch_pending(m, r, SY_STR("myapp://cart/3"), &app, t0, &p, &err), &err);
    assert_int_equal(p.pending, 1);
    assert_int_equal(p.handled, 0);
    assert_string_equal(p.requirement, "signed-in");
    char token[SY_RESUME_TOKEN_MAX + 1];
    memcpy(token, p.token, p.token_len + 1);

    app.signed_in = 1;
    assert_status(SY_OK, sy_router_resume(m, r, token, SY_NUL, &app, t0 + 60, &p, &err), &err);
    assert_int_equal(p.pending, 0);
    assert_int_equal(p.handled, 1);
    assert_str(sy_match_target(m), "Order");
    assert_str(sy_test_param_text(m, "id"), "3");
    /* HEADER: "Any pointer, or NULL, as for sy_router_add_route_data()" */
    assert_ptr_equal(sy_match_data(m), &app);

    /* HEADER: "names the route a link waiting for requires[i] is sent to" */
    sy_route acct = code_route("myapp://settings", "Account");
    sy_str to_login[] = {{"login", SY_NUL}};
    assert_status(SY_OK, sy_router_add_route_requiring(r, &acct, NULL, NULL, requires, 1, to_login, &err), &err);
    app.signed_in = 0;
    assert_status(SY_OK, sy_router_dispatch_pending(m, r, SY_STR("myapp://settings"), &app, t0, &p, &err), &err);
    assert_int_equal(p.pending, 1);
    assert_int_equal(p.handled, 1);
    assert_str(sy_match_target(m), "Login");
    assert_str(sy_test_param_text(m, "resume"), p.token);

    sy_match_free(m);
    sy_router_free(r);
    /* The route's data and the check's data, each released once. */
    assert_int_equal(released, 2);
}

static void route_added_in_code_refuses_bad_requirements(void **state)
{
    (void)state;
    sy_router *r = app_router();
    sy_error err;
    sy_route rt = code_route("myapp://bad", "Order");
    sy_str bad_byte[] = {{"signed in", SY_NUL}};
    sy_str twice[] = {{"signed-in", SY_NUL}, {"signed-in", SY_NUL}};
    sy_str empty[] = {{"", 0}};
    sy_str absent[] = {{NULL, 0}};
    sy_str nine[9];
    for (int i = 0; i < 9; i++) nine[i] = (sy_str){"signed-in", SY_NUL};
    char long_name[SY_REQUIREMENT_NAME_MAX + 2];
    memset(long_name, 'a', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = 0;
    sy_str too_long[] = {{long_name, SY_NUL}};

    /* HEADER: "not made of ASCII letters, digits, '-', '_' and '.', or listed twice" */
    released = 0;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route_requiring(r, &rt, &rt, count_release, bad_byte, 1, NULL, &err), &err);
    /* HEADER: "release has been called with data" */
    assert_int_equal(released, 1);
    assert_non_null(strstr(err.message, "signed in"));
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route_requiring(r, &rt, NULL, NULL, twice, 2, NULL, &err), &err);
    assert_non_null(strstr(err.message, "twice"));
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route_requiring(r, &rt, NULL, NULL, empty, 1, NULL, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route_requiring(r, &rt, NULL, NULL, absent, 1, NULL, &err), &err);
    /* HEADER: "SY_ERR_LIMIT if count is over 8 or a name over SY_REQUIREMENT_NAME_MAX bytes" */
    assert_status(SY_ERR_LIMIT, sy_router_add_route_requiring(r, &rt, NULL, NULL, nine, 9, NULL, &err), &err);
    assert_status(SY_ERR_LIMIT, sy_router_add_route_requiring(r, &rt, NULL, NULL, nine, (size_t)-2, NULL, &err), &err);
    assert_status(SY_ERR_LIMIT, sy_router_add_route_requiring(r, &rt, NULL, NULL, too_long, 1, NULL, &err), &err);
    /* HEADER: "SY_ERR_MISUSE if requires is NULL with a non-zero count" */
    assert_status(SY_ERR_MISUSE, sy_router_add_route_requiring(r, &rt, NULL, NULL, NULL, 1, NULL, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_add_route_requiring(r, &rt, NULL, NULL, NULL, 0, absent, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_add_route_requiring(r, NULL, NULL, NULL, NULL, 0, NULL, &err), &err);

    /* HEADER: "the router is exactly as before": the route was never added. */
    assert_int_equal(sy_test_found(r, "myapp://bad"), 0);
    /* No requirements at all: a plain add. */
    assert_status(SY_OK, sy_router_add_route_requiring(r, &rt, NULL, NULL, NULL, 0, NULL, &err), &err);
    assert_int_equal(sy_test_found(r, "myapp://bad"), 1);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(waits_then_resumes),
        cmocka_unit_test(else_route_gets_the_token),
        cmocka_unit_test(refused_tokens),
        cmocka_unit_test(unregistered_and_failing_checks),
        cmocka_unit_test(route_added_in_code_waits_then_resumes),
        cmocka_unit_test(route_added_in_code_refuses_bad_requirements),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
