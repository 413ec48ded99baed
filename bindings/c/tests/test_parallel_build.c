/*
 * test_parallel_build.c: a batch or a document of 5000 routes or more compiles on two
 * threads unless SY_OPT_NO_PARALLEL_BUILD is set. Either way the routes, the answers and
 * the error reported are the same; a child made by fork() builds one too. (Not run under
 * valgrind: a dozen builds of 60,000 routes would take minutes there, and the threads are
 * TSan's to check, in Swift.)
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sy_test.h"

enum { COUNT = 60000, TEXT = 48 };

static char patterns[COUNT][TEXT], targets[COUNT][TEXT], urls[COUNT][TEXT];

static sy_str s(const char *text) { sy_str r = { text, strlen(text) }; return r; }

/* Route i of the batch: a parameter, an optional group or a redirect to route i - 1. */
static void make_routes(sy_route *batch)
{
    for (int i = 0; i < COUNT; i++) {
        sy_route_init(&batch[i], SY_ROUTE_VERSION);
        switch (i % 3) {
        case 0:
            snprintf(patterns[i], TEXT, "/p%d/:id", i);
            snprintf(targets[i], TEXT, "P%d", i);
            snprintf(urls[i], TEXT, "/p%d/7", i);
            batch[i].target = s(targets[i]);
            break;
        case 1:
            snprintf(patterns[i], TEXT, "/g%d(/opt/:x)", i);
            snprintf(targets[i], TEXT, "G%d", i);
            snprintf(urls[i], TEXT, "/g%d/opt/z", i);
            batch[i].target = s(targets[i]);
            break;
        default:
            snprintf(patterns[i], TEXT, "/r%d/:a", i);
            snprintf(targets[i], TEXT, "/g%d/opt/{a}", i - 1);
            snprintf(urls[i], TEXT, "/r%d/w", i);
            batch[i].redirect = s(targets[i]);
            break;
        }
        batch[i].pattern = s(patterns[i]);
    }
}

static sy_router *router(int parallel)
{
    sy_router_options o;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    if (!parallel)
        o.flags |= SY_OPT_NO_PARALLEL_BUILD;
    return sy_test_router(&o);
}

/* HEADER: "A batch of 5000 routes or more is read, compiled and checked for
 * conflicts on two threads started and joined before returning, while the calling thread
 * waits, and so does the build of its table by the first resolve (never with SY_OPT_NO_PARALLEL_BUILD, ...)" (the same routes and the
 * same table either way: every URL reaches the same target). */
static void same_answers(void **state)
{
    (void)state;
    static sy_route batch[COUNT];
    sy_router *one = router(0), *two = router(1);
    sy_match *m1 = sy_test_match(), *m2 = sy_test_match();
    sy_error err;

    make_routes(batch);
    assert_status(SY_OK, sy_router_add_routes(one, batch, COUNT, &err), &err);
    assert_status(SY_OK, sy_router_add_routes(two, batch, COUNT, &err), &err);
    for (int i = 0; i < COUNT; i++) {
        sy_test_resolve(m1, one, urls[i]);
        sy_test_resolve(m2, two, urls[i]);
        assert_true(sy_match_found(m1));
        assert_true(sy_match_found(m2));
        sy_str t1 = sy_match_target(m1), t2 = sy_match_target(m2);
        assert_int_equal(t1.len, t2.len);
        assert_memory_equal(t1.ptr, t2.ptr, t1.len);
    }
    sy_match_free(m1);
    sy_match_free(m2);
    sy_router_free(one);
    sy_router_free(two);
}

/* HEADER (sy_router_add_routes): "For an error in one route, route_index is its index i" ...
 * "On failure no route of the batch was added." With errors in both halves of the batch,
 * the first is reported, on either path. */
static void same_first_error(void **state)
{
    (void)state;
    static const int bad[][2] = { { 45000, -1 }, { 10, 59000 }, { 29999, 30001 } };
    static sy_route batch[COUNT];

    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        sy_error errs[2];
        make_routes(batch);
        for (int j = 0; j < 2; j++) {
            if (bad[k][j] >= 0)
                batch[bad[k][j]].pattern = s("/bad/<nope:x>");
        }
        for (int parallel = 0; parallel < 2; parallel++) {
            sy_router *r = router(parallel);
            sy_test_add(r, "/kept", "K");
            assert_status(SY_ERR_INVALID_PATTERN, sy_router_add_routes(r, batch, COUNT, &errs[parallel]),
                          &errs[parallel]);
            assert_int_equal(errs[parallel].route_index, bad[k][0]);
            assert_true(sy_test_found(r, "/kept"));
            assert_false(sy_test_found(r, urls[0]));
            sy_router_free(r);
        }
        assert_string_equal(errs[0].message, errs[1].message);
        assert_int_equal(errs[0].position, errs[1].position);
    }
}

/* What breaks route i of make_routes' batch: `unread`, a route that gives a target and a
 * redirect, which the library refuses as it reads the array; otherwise a pattern of the
 * shape of route i - 3 (the same family), which conflicts with it. */
static void break_route(sy_route *batch, int i, int unread, char *text)
{
    if (unread) {
        if (batch[i].target.ptr)
            batch[i].redirect = s("/elsewhere");
        else
            batch[i].target = s("T");
        return;
    }
    static const char *const shapes[] = { "/p%d/:other", "/g%d(/opt/:y)", "/r%d/:a" };
    snprintf(text, TEXT, shapes[i % 3], i - 3);
    batch[i].pattern = s(text);
}

/* HEADER (sy_router_add_routes): "For an error in one route, route_index is its index i" ...
 * "On failure no route of the batch was added." A route the library cannot read, or one
 * that conflicts with an earlier route of the batch, in either half or in both: the first
 * is reported, on either path, and then the same router takes the batch without them
 * (nothing of the batch that failed stayed behind to conflict with it). */
static void same_first_unread_or_conflicting_route(void **state)
{
    (void)state;
    static const int bad[][2] = { { 45000, -1 }, { 10, 59000 }, { 29999, 30001 }, { 30001, -1 } };
    static sy_route batch[COUNT];
    char texts[2][TEXT];

    for (int unread = 0; unread < 2; unread++) {
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            sy_error errs[2];
            for (int parallel = 0; parallel < 2; parallel++) {
                make_routes(batch);
                for (int j = 0; j < 2; j++) {
                    if (bad[k][j] >= 0)
                        break_route(batch, bad[k][j], unread, texts[j]);
                }
                sy_router *r = router(parallel);
                sy_test_add(r, "/kept", "K");
                assert_status(unread ? SY_ERR_INVALID_ARGUMENT : SY_ERR_CONFLICT,
                              sy_router_add_routes(r, batch, COUNT, &errs[parallel]), &errs[parallel]);
                assert_int_equal(errs[parallel].route_index, bad[k][0]);
                assert_true(sy_test_found(r, "/kept"));
                assert_false(sy_test_found(r, urls[0]));
                make_routes(batch);
                sy_error err;
                assert_status(SY_OK, sy_router_add_routes(r, batch, COUNT, &err), &err);
                assert_true(sy_test_found(r, urls[bad[k][0]]));
                sy_router_free(r);
            }
            assert_string_equal(errs[0].message, errs[1].message);
            assert_int_equal(errs[0].position, errs[1].position);
        }
    }
}

/* HEADER (sy_router_load_rules): "A document of 5000 routes or more compiles, and builds
 * its table, on two threads" ... "After any error the router is exactly as before." The error names the same
 * route and place either way, an error in a redirect template included. */
static void same_document_error(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "{\"pattern\": \"/bad/<nope:x>\", \"target\": \"B\"}",
        "{\"pattern\": \"/bad/:x\", \"redirect\": \"/{y}\"}",
    };
    size_t cap = 64 + (size_t)COUNT * 64;
    char *doc = malloc(cap);
    assert_non_null(doc);

    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        size_t n = (size_t)snprintf(doc, cap, "{\"version\": 1, \"routes\": [");
        for (int i = 0; i < COUNT; i++) {
            if (i == COUNT - 3)
                n += (size_t)snprintf(doc + n, cap - n, "%s%s", i ? ",\n" : "", bad[k]);
            else
                n += (size_t)snprintf(doc + n, cap - n, "%s{\"pattern\": \"/d%d/:id\", \"target\": \"D%d\"}",
                                      i ? ",\n" : "", i, i);
        }
        n += (size_t)snprintf(doc + n, cap - n, "]}");
        sy_error errs[2];
        for (int parallel = 0; parallel < 2; parallel++) {
            sy_router *r = router(parallel);
            assert_status(SY_ERR_RULE, sy_router_load_rules(r, doc, n, &errs[parallel]), &errs[parallel]);
            assert_true(sy_test_message_has(&errs[parallel], "$.routes[59997]"));
            assert_false(sy_test_found(r, "/d0/1"));
            sy_router_free(r);
        }
        assert_string_equal(errs[0].message, errs[1].message);
        assert_int_equal(errs[0].position, errs[1].position);
    }
    free(doc);
}

/* The calling thread, and how often the type's parse function ran on another one. */
static pthread_t caller;
static int calls, elsewhere;

static int even(const char *text, size_t len, void *user_data)
{
    (void)user_data;
    calls++;  /* written from one thread at a time: the calls checked here come from the add */
    if (!pthread_equal(pthread_self(), caller))
        elsewhere++;
    return len > 0 && (text[len - 1] - '0') % 2 == 0 ? SY_TYPE_ACCEPT : SY_TYPE_DECLINE;
}

/* HEADER (sy_router_add_routes): "(never ... when the router has a parameter type with a
 * parse function, which always runs on the calling thread)". Query items of that type with
 * a default, in both halves of a large batch, are checked by the function while the batch
 * compiles: every call comes from the thread that added the batch. */
static void parse_functions_run_on_the_calling_thread(void **state)
{
    (void)state;
    static sy_route batch[COUNT];
    static char typed[COUNT][TEXT];
    sy_router *r = router(1);
    sy_error err;

    caller = pthread_self();
    calls = elsewhere = 0;
    assert_status(SY_OK, sy_router_register_type(r, LIT("even"), even, NULL, NULL, NULL, &err), &err);
    make_routes(batch);
    for (int i = 0; i < COUNT; i += 99) {  /* routes with a target (i % 3 == 0) */
        snprintf(typed[i], TEXT, "/e%d?n=<even:n=4>", i);
        batch[i].pattern = s(typed[i]);
    }
    assert_status(SY_OK, sy_router_add_routes(r, batch, COUNT, &err), &err);
    assert_true(calls > 0);
    assert_int_equal(elsewhere, 0);
    sy_router_free(r);
}

/* HEADER: "Safe in a child made by fork() after the library was used." The process has
 * made a router before it forks, so the Swift runtime has run on the thread that forks;
 * each child adds a batch that splits, and whose table its first resolve builds on two
 * threads, and must finish (an alarm ends a child that hangs) with the answers of the batch. That the calling thread takes no part of the work, which
 * is what makes this safe, is checked in Swift (ParallelBuildConcurrencyTests). */
static void a_forked_child_builds_on_two_threads(void **state)
{
    (void)state;
    static sy_route batch[COUNT];
    sy_router *r = router(1);

    make_routes(batch);
    for (int k = 0; k < 3; k++) {
        pid_t child = fork();
        assert_true(child >= 0);
        if (child == 0) {
            sy_router *c = NULL;
            sy_match *m = NULL;
            sy_error err;
            alarm(60);
            int ok = sy_router_new(&c, NULL, &err) == SY_OK && sy_router_add_routes(c, batch, COUNT, &err) == SY_OK
                && sy_match_new(&m, &err) == SY_OK;
            for (int i = k; ok && i < COUNT; i += 997) {
                ok = sy_router_resolve(m, c, urls[i], strlen(urls[i]), &err) == SY_OK && sy_match_found(m);
            }
            _exit(ok ? 0 : 1);
        }
        int status = 0;
        assert_int_equal(waitpid(child, &status, 0), child);
        assert_true(WIFEXITED(status));  /* not ended by the alarm */
        assert_int_equal(WEXITSTATUS(status), 0);
    }
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_answers),
        cmocka_unit_test(same_first_error),
        cmocka_unit_test(same_first_unread_or_conflicting_route),
        cmocka_unit_test(same_document_error),
        cmocka_unit_test(parse_functions_run_on_the_calling_thread),
        cmocka_unit_test(a_forked_child_builds_on_two_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
