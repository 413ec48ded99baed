/* test_dispatch_nesting.c: a handler that dispatches. Nesting is bounded per thread (a link
 * that opens itself ends in SY_ERR_LIMIT, not in a stack overflow), and a handler cannot
 * turn the outer dispatch's match into a description of another URL. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

struct nesting {
    sy_router *router;
    sy_match *outer;     /* the match of the outermost dispatch */
    int calls;
    int remaining;       /* how many more times a handler dispatches a link of its own */
    sy_status inner_status;
    char inner_message[SY_ERROR_MESSAGE_SIZE];
};

/* Opens a further link with a match of its own, `remaining` more times, as a link whose
 * "continue to" link opens another does. */
static int open_next(const sy_match *m, void *data, void *context)
{
    struct nesting *n = context;
    sy_match *inner = NULL;
    sy_error err;
    int handled = 0;
    (void)m; (void)data;
    n->calls++;
    if (n->remaining-- <= 0) return SY_HANDLED;
    if (sy_match_new(&inner, &err) != SY_OK) return -1;
    sy_status st = sy_router_dispatch(inner, n->router, SY_STR("/go"), n, &handled, &err);
    if (st != SY_OK && n->inner_status == SY_OK) {
        n->inner_status = st;
        memcpy(n->inner_message, err.message, sizeof err.message);
    }
    sy_match_free(inner);
    return st == SY_OK ? SY_HANDLED : -1;
}

/* Dispatches again on the outer match (a mistake the library refuses). */
static int reuse_outer(const sy_match *m, void *data, void *context)
{
    struct nesting *n = context;
    sy_error err;
    int handled = 0;
    (void)m; (void)data;
    n->calls++;
    n->inner_status = sy_router_dispatch(n->outer, n->router, SY_STR("/other"), n, &handled, &err);
    memcpy(n->inner_message, err.message, sizeof err.message);
    return SY_DECLINED;
}

/* Resolves another URL into the candidate it was given (casting away its const), lists
 * candidates into the outer match and moves it on, then accepts. */
static int write_into_given(const sy_match *m, void *data, void *context)
{
    struct nesting *n = context;
    sy_error err;
    (void)data;
    n->calls++;
    n->inner_status = sy_router_resolve((sy_match *)m, n->router, SY_STR("/other"), &err);
    memcpy(n->inner_message, err.message, sizeof err.message);
    if (sy_router_candidates(n->outer, n->router, SY_STR("/other"), &err) != SY_ERR_MISUSE) return -1;
    if (sy_match_next_candidate(n->outer, &err) != SY_ERR_MISUSE) return -1;
    return SY_HANDLED;
}

/* Resolves another URL into the outer match, then declines. */
static int resolve_into_outer(const sy_match *m, void *data, void *context)
{
    struct nesting *n = context;
    sy_error err;
    (void)m; (void)data;
    n->calls++;
    n->inner_status = sy_router_resolve(n->outer, n->router, SY_STR("/other"), &err);
    return SY_DECLINED;
}

static void nesting_is_bounded(void **state)
{
    struct nesting n = { 0 };
    sy_error err;
    int handled = 0;
    (void)state;
    n.router = sy_test_router(NULL);
    sy_test_add(n.router, "/go", "Go");
    assert_status(SY_OK, sy_router_handle(n.router, SY_STR("Go"), open_next, NULL, NULL, &err), &err);
    n.outer = sy_test_match();

    /* Thirty-two levels are fine. */
    n.remaining = 31;
    assert_status(SY_OK, sy_router_dispatch(n.outer, n.router, SY_STR("/go"), &n, &handled, &err), &err);
    assert_int_equal(handled, 1);
    assert_int_equal(n.calls, 32);

    /* A thousand are not: the dispatch past the limit fails with SY_ERR_LIMIT. */
    n.calls = 0;
    n.remaining = 1000;
    assert_int_equal(sy_router_dispatch(n.outer, n.router, SY_STR("/go"), &n, &handled, &err), SY_ERR_HANDLER);
    assert_int_equal(n.inner_status, SY_ERR_LIMIT);
    assert_non_null(strstr(n.inner_message, "dispatch depth limit"));
    assert_int_equal(n.calls, 32);

    /* The count went back down: a fresh dispatch works. */
    n.inner_status = SY_OK;
    n.remaining = 0;
    assert_status(SY_OK, sy_router_dispatch(n.outer, n.router, SY_STR("/go"), &n, &handled, &err), &err);
    assert_int_equal(handled, 1);
    sy_match_free(n.outer);
    sy_router_free(n.router);
}

/* The dispatches of nesting_on_a_small_stack, on a thread of their own. */
static void *nest_deep(void *arg)
{
    struct nesting *n = arg;
    sy_error err;
    int handled = 0;
    n->remaining = 5000;
    n->inner_status = SY_OK;
    /* The outer status is the handler's failure; the limit error is the innermost one. */
    (void)sy_router_dispatch(n->outer, n->router, SY_STR("/go"), n, &handled, &err);
    return NULL;
}

/* A link that opens itself 5,000 times, on a thread with a 512 KiB stack: the limit ends it
 * at 32 levels, well inside the stack. */
static void nesting_on_a_small_stack(void **state)
{
    struct nesting n = { 0 };
    sy_error err;
    pthread_attr_t attr;
    pthread_t thread;
    (void)state;
    n.router = sy_test_router(NULL);
    sy_test_add(n.router, "/go", "Go");
    assert_status(SY_OK, sy_router_handle(n.router, SY_STR("Go"), open_next, NULL, NULL, &err), &err);
    n.outer = sy_test_match();
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstacksize(&attr, 512 * 1024), 0);
    assert_int_equal(pthread_create(&thread, &attr, nest_deep, &n), 0);
    assert_int_equal(pthread_join(thread, NULL), 0);
    pthread_attr_destroy(&attr);
    assert_int_equal(n.inner_status, SY_ERR_LIMIT);
    assert_int_equal(n.calls, 32);
    sy_match_free(n.outer);
    sy_router_free(n.router);
}

static void the_outer_match_describes_its_own_url(void **state)
{
    struct nesting n = { 0 };
    sy_error err;
    int handled = 1;
    (void)state;
    n.router = sy_test_router(NULL);
    sy_test_add(n.router, "/a/:id", "A");
    sy_test_add(n.router, "/other", "Other");
    n.outer = sy_test_match();

    /* Dispatching again on the outer match is refused, and the outer result is its own. */
    assert_status(SY_OK, sy_router_handle(n.router, SY_STR("A"), reuse_outer, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_dispatch(n.outer, n.router, SY_STR("/a/7"), &n, &handled, &err), &err);
    assert_int_equal(n.inner_status, SY_ERR_MISUSE);
    assert_non_null(strstr(n.inner_message, "in a dispatch that is still running"));
    assert_int_equal(handled, 0);
    assert_str(sy_match_target(n.outer), "A");
    assert_str(sy_test_param_text(n.outer, "id"), "7");

    /* A handler that resolves another URL into it and declines: the resolve is refused,
     * and the outer match is the dispatch's own URL. */
    n.inner_status = SY_OK;
    assert_status(SY_OK, sy_router_handle(n.router, SY_STR("A"), resolve_into_outer, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_dispatch(n.outer, n.router, SY_STR("/a/8"), &n, &handled, &err), &err);
    assert_int_equal(n.inner_status, SY_ERR_MISUSE);
    assert_int_equal(handled, 0);
    assert_str(sy_match_target(n.outer), "A");
    assert_str(sy_test_param_text(n.outer, "id"), "8");

    /* A handler that writes into the candidate it was given and into the outer match, then
     * accepts: each write is refused, and the accepted result is the dispatch's URL. */
    n.inner_status = SY_OK;
    assert_status(SY_OK, sy_router_handle(n.router, SY_STR("A"), write_into_given, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_dispatch(n.outer, n.router, SY_STR("/a/9"), &n, &handled, &err), &err);
    assert_int_equal(n.inner_status, SY_ERR_MISUSE);
    assert_non_null(strstr(n.inner_message, "in a dispatch that is still running"));
    assert_int_equal(handled, 1);
    assert_str(sy_match_target(n.outer), "A");
    assert_str(sy_test_param_text(n.outer, "id"), "9");

    /* Once the dispatch is over the match is free again. */
    assert_status(SY_OK, sy_router_resolve(n.outer, n.router, SY_STR("/other"), &err), &err);
    assert_str(sy_match_target(n.outer), "Other");
    sy_match_free(n.outer);
    sy_router_free(n.router);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nesting_is_bounded),
        cmocka_unit_test(nesting_on_a_small_stack),
        cmocka_unit_test(the_outer_match_describes_its_own_url),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
