/* test_dispatch_threads.c: dispatch from several threads at once, through handlers that
 * decline, accept and re-enter the router, while another thread adds and removes routes
 * and replaces a handler. The outcome of every dispatch is fixed whatever the changes, so
 * the test checks each one exactly. Run under ASan and UBSan by `make test-asan`. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

enum { WORKERS = 4, DISPATCHES = 200, CHANGES = 150 };

/* One dispatching thread's own counts, passed to its handlers as the context (so no
 * handler shares state with another thread's). */
typedef struct worker {
    sy_router *router;
    int index;
    int item_calls, slug_calls, fallback_calls;
    int wrong;       /* dispatches whose outcome was not the expected one */
    int reentries;   /* routes added and removed from inside a handler */
} worker;

/* Handler data released: counted under a lock (release may run on any thread). */
static pthread_mutex_t release_lock = PTHREAD_MUTEX_INITIALIZER;
static int releases;

static void count_release(void *data)
{
    (void)data;
    pthread_mutex_lock(&release_lock);
    releases++;
    pthread_mutex_unlock(&release_lock);
}

/* /item/<int:id>: accepts an even id, declines an odd one (the next candidate takes it). */
static int on_item(const sy_match *m, void *handler_data, void *context)
{
    worker *w = context;
    int64_t id = 0;
    (void)handler_data;
    w->item_calls++;
    if (sy_match_param_int(&id, m, "id", SY_NUL, NULL) != SY_OK) return -1;
    return id % 2 == 0 ? SY_HANDLED : SY_DECLINED;
}

/* /item/:slug, while the route is there: always declines. */
static int on_slug(const sy_match *m, void *handler_data, void *context)
{
    (void)m;
    (void)handler_data;
    ((worker *)context)->slug_calls++;
    return SY_DECLINED;
}

/* The catch-all route: accepts; every tenth call adds and removes a route of its own first (re-entry). */
static int on_fallback(const sy_match *m, void *handler_data, void *context)
{
    worker *w = context;
    char pattern[64];
    int removed = 0;
    (void)m;
    (void)handler_data;
    if (w->fallback_calls++ % 10 == 0) {
        snprintf(pattern, sizeof pattern, "/inside/%d/%d", w->index, w->fallback_calls);
        if (sy_router_add(w->router, pattern, SY_NUL, "Inside", SY_NUL, NULL) != SY_OK) return -2;
        if (sy_router_remove(&removed, w->router, pattern, SY_NUL, NULL) != SY_OK || !removed) return -3;
        w->reentries++;
    }
    return SY_HANDLED;
}

static int on_extra(const sy_match *m, void *handler_data, void *context)
{
    (void)m;
    (void)handler_data;
    (void)context;
    return SY_HANDLED;
}

static void *dispatch_worker(void *arg)
{
    worker *w = arg;
    sy_match *m = NULL;
    char url[32];
    int i, handled;
    if (sy_match_new(&m, NULL) != SY_OK) {
        w->wrong = -1;
        return NULL;
    }
    for (i = 0; i < DISPATCHES; i++) {
        int id = w->index * DISPATCHES + i;
        sy_str target;
        const char *expected = id % 2 == 0 ? "Item" : "Fallback";
        snprintf(url, sizeof url, "/item/%d", id);
        if (sy_router_dispatch(m, w->router, url, SY_NUL, w, &handled, NULL) != SY_OK || !handled) {
            w->wrong++;
            continue;
        }
        target = sy_match_target(m);
        if (target.len != strlen(expected) || memcmp(target.ptr, expected, target.len) != 0) w->wrong++;
    }
    sy_match_free(m);
    return NULL;
}

typedef struct changer {
    sy_router *router;
    int failures;
    int handler_registrations;
} changer;

/* Removes and adds back /item/:slug, adds and removes routes of its own, and replaces the
 * handler of their target. */
static void *change_routes(void *arg)
{
    changer *c = arg;
    char pattern[32];
    int i, removed;
    for (i = 0; i < CHANGES; i++) {
        snprintf(pattern, sizeof pattern, "/extra/%d/<int:n>", i);
        if (sy_router_remove(&removed, c->router, "/item/:slug", SY_NUL, NULL) != SY_OK || !removed) c->failures++;
        if (sy_router_add(c->router, pattern, SY_NUL, "Extra", SY_NUL, NULL) != SY_OK) c->failures++;
        if (sy_router_add(c->router, "/item/:slug", SY_NUL, "Slug", SY_NUL, NULL) != SY_OK) c->failures++;
        if (sy_router_handle(c->router, "Extra", SY_NUL, on_extra, NULL, count_release, NULL) != SY_OK) c->failures++;
        c->handler_registrations++;
        if (sy_router_remove(&removed, c->router, pattern, SY_NUL, NULL) != SY_OK || !removed) c->failures++;
    }
    return NULL;
}

/* HEADER (sy_router_dispatch): "safe from any thread, also while other threads resolve on,
 * dispatch on or change the same router; one thread at a time per match. Handlers run on
 * the calling thread." and (sy_handler_fn) "A handler may call any function of this
 * library, on this router too". */
static void test_dispatch_while_changing(void **state)
{
    sy_router *r = NULL;
    sy_error err;
    pthread_t threads[WORKERS + 1];
    worker workers[WORKERS];
    changer c;
    int t, registered = 0, total_item = 0;
    (void)state;

    releases = 0;
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);
    assert_status(SY_OK, sy_router_add(r, LIT("/item/<int:id>"), LIT("Item"), &err), &err);
    assert_status(SY_OK, sy_router_add(r, LIT("/item/:slug"), LIT("Slug"), &err), &err);
    assert_status(SY_OK, sy_router_add(r, LIT("/*"), LIT("Fallback"), &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Item"), on_item, NULL, count_release, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Slug"), on_slug, NULL, count_release, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Fallback"), on_fallback, NULL, count_release, &err), &err);
    registered = 3;

    memset(&c, 0, sizeof c);
    c.router = r;
    for (t = 0; t < WORKERS; t++) {
        memset(&workers[t], 0, sizeof workers[t]);
        workers[t].router = r;
        workers[t].index = t;
        assert_int_equal(pthread_create(&threads[t], NULL, dispatch_worker, &workers[t]), 0);
    }
    assert_int_equal(pthread_create(&threads[WORKERS], NULL, change_routes, &c), 0);
    for (t = 0; t <= WORKERS; t++) assert_int_equal(pthread_join(threads[t], NULL), 0);

    assert_int_equal(c.failures, 0);
    for (t = 0; t < WORKERS; t++) {
        worker *w = &workers[t];
        assert_int_equal(w->wrong, 0);
        /* Every dispatch asks the Item handler first; the odd half fall back. */
        assert_int_equal(w->item_calls, DISPATCHES);
        assert_int_equal(w->fallback_calls, DISPATCHES / 2);
        assert_true(w->slug_calls <= DISPATCHES / 2);
        assert_int_equal(w->reentries, DISPATCHES / 2 / 10);
        total_item += w->item_calls;
    }
    assert_int_equal(total_item, WORKERS * DISPATCHES);
    /* The router is as it started: the three routes, /item/:slug added back last. */
    assert_int_equal(sy_router_route_count(r), 3);

    /* HEADER (sy_router_handle): "Called with handler_data exactly once, when the handler
     * is replaced or removed, or the router freed." */
    sy_router_free(r);
    assert_int_equal(releases, registered + c.handler_registrations);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dispatch_while_changing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
