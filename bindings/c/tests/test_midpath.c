/* test_midpath.c: inline parameters (":id.:format", "<algorithm>:<hash>") and catch-alls
 * followed by more of the pattern (a catch-all segment before "/:project/-/issues"), through
 * sy_router_add() and sy_router_resolve(). */
#include "sy_test.h"

/* Path parameter k of the last resolve: its name and text. */
static void assert_param(const sy_match *m, size_t k, const char *name, const char *text)
{
    sy_param p;
    sy_error err;
    assert_status(SY_OK, sy_match_path_param_at(&p, m, k, &err), &err);
    assert_str(p.name, name);
    assert_str(p.text, text);
}

static void inline_and_catch_all_routes(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    (void)state;
    sy_test_add(r, "/*namespace/:project/-/issues", "Issues");
    sy_test_add(r, "/v2/<path:name>/blobs/<algorithm>:<hash>", "Blob");
    sy_test_add(r, "/files/:id.:format", "File");
    sy_test_add(r, "/files/:id", "FilePlain");

    sy_test_resolve(m, r, "/gitlab-org/sub/gitlab/-/issues");
    assert_true(sy_match_found(m));
    assert_str(sy_match_target(m), "Issues");
    assert_int_equal(sy_match_path_param_count(m), 2);
    assert_param(m, 0, "namespace", "gitlab-org/sub");
    assert_param(m, 1, "project", "gitlab");

    sy_test_resolve(m, r, "/v2/library/ubuntu/blobs/sha256:ab12");
    assert_str(sy_match_target(m), "Blob");
    assert_param(m, 0, "name", "library/ubuntu");
    assert_param(m, 1, "algorithm", "sha256");
    assert_param(m, 2, "hash", "ab12");

    /* The inline segment ranks above the plain parameter. */
    sy_test_resolve(m, r, "/files/12.json");
    assert_str(sy_match_target(m), "File");
    assert_param(m, 0, "id", "12");
    assert_param(m, 1, "format", "json");
    sy_test_resolve(m, r, "/files/12");
    assert_str(sy_match_target(m), "FilePlain");

    /* A catch-all takes one or more segments. */
    sy_test_resolve(m, r, "/gitlab/-/issues");
    assert_false(sy_match_found(m));

    sy_match_free(m);
    sy_router_free(r);
}

static void adjacent_parameters_are_an_error(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_error err;
    (void)state;
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add(r, LIT("/a/:a:b"), LIT("T"), &err), &err);
    assert_failed(&err, SY_ERR_INVALID_PATTERN);
    assert_int_equal(err.position, 5);
    assert_true(sy_test_message_has(&err, "two parameters need literal text between them"));
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(inline_and_catch_all_routes),
        cmocka_unit_test(adjacent_parameters_are_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
