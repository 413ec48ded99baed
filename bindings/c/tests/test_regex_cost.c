/*
 * test_regex_cost.c: what a regexp may cost through the C API (docs/SECURITY.md, "Regular
 * expressions"): the Pike VM steps of one resolve are bounded whatever the routes, and the
 * groups inside a urlpattern regexp count against max_parameters.
 */
#include <stdlib.h>
#include "sy_test.h"

/* A 32 KB URL: prefix, then `fill` repeated up to 32,760 bytes (under max_url_length). */
static char *long_url(const char *prefix, const char *fill, size_t *len)
{
    size_t p = strlen(prefix), f = strlen(fill), n = 32760, i;
    char *u = malloc(n + 1);
    assert_non_null(u);
    memcpy(u, prefix, p);
    for (i = p; i < n; i++)
        u[i] = fill[(i - p) % f];
    u[n] = '\0';
    *len = n;
    return u;
}

/* SECURITY.md: "one resolve spends at most 1,048,576 Pike VM steps over all its constraints
 * and tails; past it the resolve is SY_ERR_LIMIT". Twenty constraints at one place that no
 * automaton serves, against a 32 KB segment: each is a full VM run with 1,000 threads. */
static void resolve_past_the_step_budget_is_a_limit_error(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    size_t len = 0;
    char *url = long_url("/r/", "ab", &len);
    int k;
    (void)state;

    for (k = 0; k < 20; k++) {
        char p[64];
        snprintf(p, sizeof p, "/r/<re:x:[ab]*a[ab]{1000}%c>", 'c' + k);
        sy_test_add(r, p, "T");
    }
    assert_status(SY_ERR_LIMIT, sy_router_resolve(m, r, url, len, &err), &err);
    assert_int_equal(err.code, SY_ERR_LIMIT);
    assert_true(sy_test_message_has(&err, "1048576 steps"));
    assert_true(sy_test_message_has(&err, "regular expressions"));
    assert_true(sy_test_valid_utf8((const unsigned char *)err.message, strlen(err.message)));

    /* The same match then resolves a short URL as usual: the budget is per resolve. */
    sy_test_resolve(m, r, "/r/ab");
    assert_false(sy_match_found(m));
    sy_test_resolve(m, r, "/r/aaf");
    assert_false(sy_match_found(m));
    free(url);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "SY_ERR_LIMIT if the pattern is over max_pattern_length, max_segments or
 * max_parameters": the named groups inside a urlpattern regexp are parameters too. */
static void inner_groups_count_against_max_parameters(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_route route;
    sy_error err;
    char *p = malloc(8 + 400 * 12 + 2);
    size_t n = 0;
    int k;
    (void)state;

    assert_non_null(p);
    n += (size_t)sprintf(p + n, "/x/(");
    for (k = 0; k < 400; k++)
        n += (size_t)sprintf(p + n, "(?<n%d>a)", k);
    n += (size_t)sprintf(p + n, ")");

    sy_route_init(&route, SY_ROUTE_VERSION);
    route.pattern.ptr = p;
    route.pattern.len = n;
    route.target.ptr = "T";
    route.target.len = 1;
    route.flags = SY_ROUTE_DIALECT_URLPATTERN;
    assert_status(SY_ERR_LIMIT, sy_router_add_route(r, &route, &err), &err);
    assert_int_equal(err.code, SY_ERR_LIMIT);
    assert_true(sy_test_message_has(&err, "64 parameters"));
    assert_true(err.position >= 0 && (size_t)err.position < n);
    assert_int_equal(sy_router_route_count(r), 0);

    free(p);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(resolve_past_the_step_budget_is_a_limit_error),
        cmocka_unit_test(inner_groups_count_against_max_parameters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
