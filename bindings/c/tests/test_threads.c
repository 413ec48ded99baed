/*
 * test_threads.c: the threading rule of the preamble.
 *
 * HEADER: "any number of threads may resolve on one router at once, also while one
 * thread changes it; each resolve sees the table entirely before or entirely after a
 * change." and (sy_router_add_routes) "a concurrent resolve sees none or all of the
 * batch."
 *
 * The main thread publishes generations: generation g is a batch of BATCH routes
 * "/r<i>/:g<g>" with priority g (so a newer generation wins), added in one
 * sy_router_add_routes call; then it removes generation g-1 route by route. Worker
 * threads, each with its own sy_match, resolve "/r<i>/x" for every i in turn. Because a
 * batch is published whole, once a thread has seen generation g for one URL, every later
 * resolve it makes (of any URL) must see generation g or newer, and every resolve must
 * match. A torn batch, a stale table or a crash fails the test.
 */
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include "sy_test.h"

#define THREADS 4
#define ROUNDS 150
#define BATCH 8

static sy_router *g_router;
/* Read and written with atomic builtins (GCC and Clang), not volatile: a plain volatile
 * flag is a data race that ThreadSanitizer rightly reports. */
static int g_stop;
/* Workers that have made their first resolve: the changes start only when all have, so
 * every worker races with them even when the machine is busy (a fast writer could
 * otherwise finish before a worker is scheduled). */
static int g_started;

typedef struct {
    long resolves;
    long went_back; /* a generation older than one already seen: must stay 0 */
    long misses;    /* no route matched: must stay 0 */
    long failures;  /* non-OK statuses: must stay 0 */
} worker_result;

static void *worker(void *arg)
{
    worker_result *res = (worker_result *)arg;
    sy_match *m = NULL;
    long newest = -1;
    char url[32];
    if (sy_match_new(&m, NULL) != SY_OK) {
        res->failures++;
        __atomic_add_fetch(&g_started, 1, __ATOMIC_RELEASE); /* never leave the writer waiting */
        return NULL;
    }
    while (!__atomic_load_n(&g_stop, __ATOMIC_ACQUIRE)) {
        sy_str target;
        char digits[16];
        long gen;
        snprintf(url, sizeof url, "/r%d/x", (int)(res->resolves % BATCH));
        if (res->resolves++ == 0)
            __atomic_add_fetch(&g_started, 1, __ATOMIC_RELEASE);
        if (sy_router_resolve(m, g_router, url, strlen(url), NULL) != SY_OK) {
            res->failures++;
            continue;
        }
        if (!sy_match_found(m)) {
            res->misses++;
            continue;
        }
        target = sy_match_target(m); /* "gen<g>" */
        if (target.len < 4 || target.len - 3 >= sizeof digits) {
            res->failures++;
            continue;
        }
        memcpy(digits, target.ptr + 3, target.len - 3);
        digits[target.len - 3] = '\0';
        gen = strtol(digits, NULL, 10);
        if (gen < newest)
            res->went_back++;
        else
            newest = gen;
    }
    sy_match_free(m);
    return NULL;
}

static void publish(int gen)
{
    char patterns[BATCH][32], target[16];
    sy_route batch[BATCH];
    sy_error err;
    int i;
    snprintf(target, sizeof target, "gen%d", gen);
    for (i = 0; i < BATCH; i++) {
        snprintf(patterns[i], sizeof patterns[i], "/r%d/:g%d", i, gen);
        sy_route_init(&batch[i], SY_ROUTE_VERSION);
        batch[i].pattern.ptr = patterns[i];
        batch[i].pattern.len = strlen(patterns[i]);
        batch[i].target.ptr = target;
        batch[i].target.len = strlen(target);
        batch[i].priority = gen;
    }
    assert_status(SY_OK, sy_router_add_routes(g_router, batch, BATCH, &err), &err);
}

static void retire(int gen)
{
    char pattern[32];
    sy_error err;
    int i, removed;
    for (i = 0; i < BATCH; i++) {
        snprintf(pattern, sizeof pattern, "/r%d/:g%d", i, gen);
        assert_status(SY_OK, sy_router_remove(&removed, g_router, LIT(pattern), &err), &err);
        assert_int_equal(removed, 1);
    }
}

static void resolves_race_with_batch_changes(void **state)
{
    pthread_t threads[THREADS];
    worker_result results[THREADS];
    int t, gen;
    long total = 0;
    (void)state;
    g_router = sy_test_router(NULL);
    publish(0);
    memset(results, 0, sizeof results);
    __atomic_store_n(&g_stop, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&g_started, 0, __ATOMIC_RELEASE);
    for (t = 0; t < THREADS; t++)
        assert_int_equal(pthread_create(&threads[t], NULL, worker, &results[t]), 0);
    while (__atomic_load_n(&g_started, __ATOMIC_ACQUIRE) < THREADS)
        sched_yield();
    for (gen = 1; gen <= ROUNDS; gen++) {
        publish(gen);
        retire(gen - 1);
    }
    __atomic_store_n(&g_stop, 1, __ATOMIC_RELEASE);
    for (t = 0; t < THREADS; t++) {
        assert_int_equal(pthread_join(threads[t], NULL), 0);
        print_message("thread %d: %ld resolves\n", t, results[t].resolves);
        assert_int_equal(results[t].failures, 0);
        assert_int_equal(results[t].misses, 0);
        assert_int_equal(results[t].went_back, 0);
        total += results[t].resolves;
    }
    assert_true(total > 0);
    sy_router_free(g_router);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(resolves_race_with_batch_changes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
