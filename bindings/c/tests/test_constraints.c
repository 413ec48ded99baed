/*
 * test_constraints.c: regular-expression constraints (`<re:name:regexp>`) are part of the
 * pattern string, so sy_router_add takes them as they are: a constrained route matches and
 * captures, and a construct the linear-time engine refuses (lookaround) is
 * SY_ERR_INVALID_PATTERN with its byte in sy_error.position.
 */
#include <stdlib.h>
#include "sy_test.h"

/* "SY_ERR_INVALID_PATTERN: the pattern is malformed; position is the offending byte." */
static void constraint_route_matches_and_captures(void **state)
{
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    sy_param p;
    int found = 0;
    (void)state;

    assert_status(SY_OK, sy_router_new(&router, NULL, &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/lang/<re:code:[a-z]{2,3}>"), LIT("Lang"), &err), &err);
    assert_status(SY_OK, sy_router_add(router, LIT("/lang/:other"), LIT("Other"), &err), &err);
    assert_status(SY_OK, sy_match_new(&match, &err), &err);

    assert_status(SY_OK, sy_router_resolve(match, router, LIT("/lang/en"), &err), &err);
    assert_int_equal(sy_match_found(match), 1);
    assert_status(SY_OK, sy_match_param(&p, &found, match, LIT("code"), &err), &err);
    assert_int_equal(found, 1);
    assert_str(p.text, "en");
    assert_int_equal(p.type, SY_VALUE_STRING);

    /* Too long for the constraint: the plain parameter takes it. */
    assert_status(SY_OK, sy_router_resolve(match, router, LIT("/lang/english"), &err), &err);
    assert_int_equal(sy_match_found(match), 1);
    assert_status(SY_OK, sy_match_param(&p, &found, match, LIT("code"), &err), &err);
    assert_int_equal(found, 0);

    sy_match_free(match);
    sy_router_free(router);
}

static void lookaround_is_refused_with_its_byte(void **state)
{
    sy_router *router = NULL;
    sy_error err;
    (void)state;

    assert_status(SY_OK, sy_router_new(&router, NULL, &err), &err);
    /* "/p/<re:x:a(?=b)>": the lookahead's '(' is byte 10. */
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add(router, LIT("/p/<re:x:a(?=b)>"), LIT("T"), &err), &err);
    assert_int_equal(err.code, SY_ERR_INVALID_PATTERN);
    assert_int_equal(err.position, 10);
    assert_non_null(strstr(err.message, "lookahead"));
    sy_router_free(router);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(constraint_route_matches_and_captures),
        cmocka_unit_test(lookaround_is_refused_with_its_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
