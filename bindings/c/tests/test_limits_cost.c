/*
 * test_limits_cost.c: what the limits admit costs bounded memory, time and stack
 * (SEMANTICS.md §7, docs/SECURITY.md "Limits"), through the C API: option ceilings, the
 * budget of optional groups, a resolve on a thread with a 64 KiB stack, and the pattern,
 * float and file-path cases of SEMANTICS.md §8 and §9.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

/* An unoptimised, ASan-instrumented build (SWITCHYARD_SANITIZE) spends several times the
 * stack per call that a release build does, so there the thread gets 1 MiB: the test still
 * shows the stack does not grow with the input; the 64 KiB figure is the release build's. */
#if defined(__SANITIZE_ADDRESS__)
#define SMALL_STACK (1024 * 1024)
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SMALL_STACK (1024 * 1024)
#endif
#endif
#ifndef SMALL_STACK
#define SMALL_STACK (64 * 1024)
#endif

/* A prefix, then eight groups of thirty literal segments: 1.4 KB, 256 alternatives. */
static char *heavy_pattern(const char *prefix)
{
    size_t cap = 4096, n;
    char *p = malloc(cap);
    int g, l;
    assert_non_null(p);
    n = (size_t)snprintf(p, cap, "%s", prefix);
    for (g = 0; g < 8; g++) {
        p[n++] = '(';
        for (l = 0; l < 30; l++) n += (size_t)snprintf(p + n, cap - n, "/g%dl%d", g, l);
        p[n++] = ')';
    }
    p[n] = '\0';
    return p;
}

/* HEADER: "at most 1048576" */
static void options_have_ceilings(void **state)
{
    sy_router_options o;
    sy_router *r = NULL;
    sy_error err;
    struct { uint32_t *field; uint32_t ceiling; const char *name; } limits[6];
    size_t i;
    (void)state;
    limits[0].field = &o.max_url_length; limits[0].ceiling = 1048576u; limits[0].name = "max_url_length";
    limits[1].field = &o.max_segments; limits[1].ceiling = 1048576u; limits[1].name = "max_segments";
    limits[2].field = &o.max_parameters; limits[2].ceiling = 65536u; limits[2].name = "max_parameters";
    limits[3].field = &o.max_pattern_length; limits[3].ceiling = 1048576u; limits[3].name = "max_pattern_length";
    limits[4].field = &o.max_document_size; limits[4].ceiling = 268435456u; limits[4].name = "max_document_size";
    limits[5].field = &o.max_redirects; limits[5].ceiling = 1000u; limits[5].name = "max_redirects";
    for (i = 0; i < 6; i++) {
        sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
        *limits[i].field = limits[i].ceiling;
        r = sy_test_router(&o);
        sy_router_free(r);
        r = NULL;
        *limits[i].field = limits[i].ceiling + 1u;
        assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
        assert_null(r);
        assert_true(sy_test_message_has(&err, limits[i].name));
        *limits[i].field = 2147483647u;
        assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    }
}

/* HEADER: "each lowercase ASCII of
 * at most 255 bytes" */
static void long_web_scheme_is_refused(void **state)
{
    char name[257];
    sy_str scheme;
    sy_router_options o;
    sy_router *r = NULL;
    sy_error err;
    (void)state;
    memset(name, 'x', 256);
    name[256] = '\0';
    scheme.ptr = name;
    scheme.len = 256;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.web_schemes = &scheme;
    o.web_schemes_count = 1;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_true(sy_test_message_has(&err, "256 bytes"));
    scheme.len = 255;
    r = sy_test_router(&o);
    sy_router_free(r);
}

/* HEADER: "or patterns whose optional groups expand past what the
 * router's routes may hold" */
static void a_document_past_the_group_budget_is_a_rule_error(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    size_t cap = 200 * 1500 + 64, n, i;
    char *doc = malloc(cap);
    char prefix[16];
    (void)state;
    assert_non_null(doc);
    sy_test_add(r, "/keep", "keep");
    n = (size_t)snprintf(doc, cap, "{\"version\": 1, \"routes\": [");
    for (i = 0; i < 200; i++) {
        char *p;
        snprintf(prefix, sizeof prefix, "/r%zu", i);
        p = heavy_pattern(prefix);
        n += (size_t)snprintf(doc + n, cap - n, "%s{\"pattern\": \"%s\", \"target\": \"t\"}", i ? ", " : "", p);
        free(p);
    }
    n += (size_t)snprintf(doc + n, cap - n, "]}");
    assert_true(n > 184000 && n < cap);
    assert_status(SY_ERR_RULE, sy_router_load_rules(r, doc, n, &err), &err);
    assert_failed(&err, SY_ERR_RULE);
    assert_true(strncmp(err.message, "$.routes[", 9) == 0);
    assert_true(sy_test_message_has(&err, "].pattern: the pattern's optional groups expand to"));
    /* HEADER: "After any error the router is exactly as before." */
    sy_test_resolve(m, r, "/keep");
    assert_str(sy_match_target(m), "keep");
    free(doc);
    sy_match_free(m);
    sy_router_free(r);
}

/* The document an attacker writes to get the most alternatives out of its bytes: 300 long
 * plain routes, whose length buys room (1.5 bytes of alternatives per byte of pattern, plus
 * 1 MiB), then short 8-group routes until the room is full, then `extra` more. The first
 * route is a redirect the router refuses once its pattern is compiled. */
static char *budget_filling_document(int extra, size_t *len)
{
    static const char groups[] = "(/a)(/b)(/c)(/d)(/e)(/f)(/g)(/i)";
    size_t cap = 16u << 20, n, pattern_bytes = 0, expanded = 0, plain_len;
    char *doc = malloc(cap), pre[32];
    char *plain = malloc(4001);
    int i, grouped = 0;
    assert_non_null(doc);
    assert_non_null(plain);
    memset(plain, 'x', 4000);
    plain[4000] = '\0';
    n = (size_t)snprintf(doc, cap, "{\"version\": 1, \"routes\": [");
    for (i = 0; i < 300; i++) {
        plain_len = (size_t)snprintf(pre, sizeof pre, "/p%d/", i) + 4000;
        pattern_bytes += plain_len;
        expanded += plain_len + 1;
        n += (size_t)snprintf(doc + n, cap - n, "%s{\"pattern\": \"%s%s\", %s}", i ? ", " : "", pre, plain,
                              i ? "\"target\": \"t\"" : "\"redirect\": \"https://{h}.example.com/\"");
    }
    for (;;) {
        size_t pre_len = (size_t)snprintf(pre, sizeof pre, "/h%d", grouped);
        size_t size = 256 * (pre_len + 1) + 128 * 16;
        size_t room = (pattern_bytes + pre_len + sizeof groups - 1) * 3 / 2 + (1u << 20);
        if (expanded + size > room) {
            if (extra == 0) break;
            extra--;
        }
        pattern_bytes += pre_len + sizeof groups - 1;
        expanded += size;
        n += (size_t)snprintf(doc + n, cap - n, ", {\"pattern\": \"%s%s\", \"target\": \"t\"}", pre, groups);
        grouped++;
    }
    n += (size_t)snprintf(doc + n, cap - n, "]}");
    assert_true(n < cap);
    free(plain);
    *len = n;
    return doc;
}

/* HEADER: "The budget of optional groups is checked on all the document's patterns before
 * any route is compiled": an over-budget document is refused on the budget, not on the bad redirect
 * of its first route, and leaves the router as it was. */
static void a_document_past_the_budget_is_refused_before_compiling(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    size_t n;
    char *doc;
    (void)state;
    sy_test_add(r, "/keep", "keep");
    doc = budget_filling_document(1, &n);
    assert_status(SY_ERR_RULE, sy_router_load_rules(r, doc, n, &err), &err);
    assert_true(sy_test_message_has(&err, "].pattern: the pattern's optional groups expand to"));
    assert_true(strncmp(err.message, "$.routes[0]", 11) != 0);
    assert_int_equal(err.position, -1);
    free(doc);
    sy_test_resolve(m, r, "/keep");
    assert_str(sy_match_target(m), "keep");
    sy_test_resolve(m, r, "/h0/a");
    assert_int_equal(sy_match_found(m), 0);
    /* Within the budget, the redirect is what is refused. */
    doc = budget_filling_document(0, &n);
    assert_status(SY_ERR_RULE, sy_router_load_rules(r, doc, n, &err), &err);
    assert_true(strncmp(err.message, "$.routes[0].redirect", 20) == 0);
    free(doc);
    sy_test_resolve(m, r, "/keep");
    assert_str(sy_match_target(m), "keep");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "max_parameters, or its optional groups expand past what the
 * router's routes may hold" */
static void single_adds_share_the_group_budget(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_error err;
    sy_status s = SY_OK;
    int added = 0;
    char prefix[16];
    (void)state;
    while (added < 50) {
        char *p;
        snprintf(prefix, sizeof prefix, "/r%d", added);
        p = heavy_pattern(prefix);
        s = sy_router_add(r, p, strlen(p), LIT("t"), &err);
        free(p);
        if (s != SY_OK) break;
        added++;
    }
    assert_int_equal(s, SY_ERR_LIMIT);
    assert_failed(&err, SY_ERR_LIMIT);
    assert_true(added > 0 && added < 50);
    sy_router_free(r);
}

/* HEADER: "the routes of one router to at most 128 MiB of alternatives, groups or not":
 * patterns of 1 MiB without groups each cost 1 MiB; beside /keep, the 128th of a batch is
 * past the ceiling, and the batch is refused whole. */
static void patterns_of_one_router_total_at_most_128_mib(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_match *m = sy_test_match();
    sy_error err;
    size_t len = (1u << 20) - 1, i;
    char *pattern = malloc(len);
    sy_route *batch = calloc(128, sizeof *batch);
    (void)state;
    assert_non_null(pattern);
    assert_non_null(batch);
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_pattern_length = 1048576u;
    r = sy_test_router(&o);
    sy_test_add(r, "/keep", "keep");
    pattern[0] = '/';
    memset(pattern + 1, 'a', len - 1);
    for (i = 0; i < 128; i++) {
        sy_route_init(&batch[i], SY_ROUTE_VERSION);
        batch[i].pattern.ptr = pattern;
        batch[i].pattern.len = len;
        batch[i].target.ptr = "t";
        batch[i].target.len = 1;
    }
    assert_status(SY_ERR_LIMIT, sy_router_add_routes(r, batch, 128, &err), &err);
    assert_failed(&err, SY_ERR_LIMIT);
    assert_int_equal(err.route_index, 127);
    assert_true(sy_test_message_has(&err, "the 128 MiB the patterns of one router may total"));
    sy_test_resolve(m, r, "/keep");
    assert_str(sy_match_target(m), "keep");
    /* Where room is left, a small pattern still fits. */
    memset(pattern + 1, 'b', 999);
    assert_status(SY_OK, sy_router_add(r, pattern, 1000, LIT("b"), &err), &err);
    free(batch);
    free(pattern);
    sy_match_free(m);
    sy_router_free(r);
}

/* A table 256 levels deep where the walk must come back at every level. */
static sy_router *deep_router(void)
{
    sy_router *r = sy_test_router(NULL);
    char pattern[1024];
    int d, k;
    size_t n;
    for (d = 0; d < 255; d++) {
        n = 0;
        pattern[n++] = '/';
        for (k = 0; k < d; k++) { pattern[n++] = 'a'; pattern[n++] = '/'; }
        memcpy(pattern + n, "*rest", 6);
        sy_test_add(r, pattern, "rest");
    }
    n = 0;
    for (k = 0; k < 256; k++) { pattern[n++] = '/'; pattern[n++] = 'a'; }
    pattern[n] = '\0';
    sy_test_add(r, pattern, "long");
    sy_test_add(r, "/f/<float:x>/<int:n>/<uuid:u>", "typed");
    return r;
}

struct stack_run {
    sy_router *router;
    sy_status status;
    char target[16];
    char remainder[8];
    double x;
};

static void *resolve_on_small_stack(void *arg)
{
    struct stack_run *run = arg;
    char url[1024];
    size_t n = 0;
    int k;
    sy_match *m = NULL;
    sy_param p;
    int found = 0;
    sy_error err;
    for (k = 0; k < 255; k++) { url[n++] = '/'; url[n++] = 'a'; }
    memcpy(url + n, "/b", 3);
    n += 2;
    run->status = sy_match_new(&m, &err);
    if (run->status != SY_OK) return NULL;
    run->status = sy_router_resolve(m, run->router, url, n, &err);
    if (run->status == SY_OK) {
        sy_str t = sy_match_target(m), rem = sy_match_remainder(m);
        snprintf(run->target, sizeof run->target, "%.*s", (int)t.len, t.ptr ? t.ptr : "");
        snprintf(run->remainder, sizeof run->remainder, "%.*s", (int)rem.len, rem.ptr ? rem.ptr : "");
        run->status = sy_router_resolve(m, run->router,
            LIT("/f/2.50000000000000000000000000000000001/7/123e4567-e89b-12d3-a456-426614174000"), &err);
    }
    if (run->status == SY_OK) run->status = sy_match_param(&p, &found, m, LIT("x"), &err);
    run->x = found ? p.float_value : -1;
    sy_match_free(m);
    return NULL;
}

/* SEMANTICS.md §7: a resolve costs stack space that does not depend on the URL, the routes
 * or the options. */
static void resolve_on_a_64_kib_stack(void **state)
{
    struct stack_run run;
    pthread_attr_t attr;
    pthread_t thread;
    (void)state;
    memset(&run, 0, sizeof run);
    run.router = deep_router();
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstacksize(&attr, SMALL_STACK), 0);
    assert_int_equal(pthread_create(&thread, &attr, resolve_on_small_stack, &run), 0);
    assert_int_equal(pthread_join(thread, NULL), 0);
    pthread_attr_destroy(&attr);
    assert_int_equal(run.status, SY_OK);
    assert_string_equal(run.target, "rest");
    assert_string_equal(run.remainder, "a/b");
    assert_true(run.x == 2.5);
    sy_router_free(run.router);
}

/* HEADER: "or path holds a NUL byte (position: that byte);" */
static void a_nul_in_a_file_path_is_refused_at_its_byte(void **state)
{
    static const char path[] = "/tmp/a\0b.json";
    sy_router *r = sy_test_router(NULL);
    sy_error err;
    (void)state;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_load_rules_file(r, path, sizeof path - 1, &err), &err);
    assert_failed(&err, SY_ERR_INVALID_ARGUMENT);
    assert_int_equal(err.position, 6);
    /* The whole path is in the message, the NUL written as \0. */
    assert_true(sy_test_message_has(&err, "/tmp/a\\0b.json"));
    sy_router_free(r);
}

static void patterns_read_as_the_contract_says(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    /* Userinfo is an error for every scheme; so are '#' in an authority and "". */
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add(r, LIT("myapp://u@x/1"), LIT("t"), &err), &err);
    assert_int_equal(err.position, 9);
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add(r, LIT("myapp://a#b"), LIT("t"), &err), &err);
    assert_int_equal(err.position, 9);
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add(r, LIT(""), LIT("t"), &err), &err);
    assert_true(sy_test_message_has(&err, "'/'"));
    /* A custom scheme's authority is an ordinary segment: a group may follow it. */
    sy_test_add(r, "myapp://user(/:id)", "User");
    sy_test_resolve(m, r, "myapp://user");
    assert_str(sy_match_target(m), "User");
    sy_test_resolve(m, r, "myapp://user/7");
    assert_str(sy_test_param_text(m, "id"), "7");
    /* Underflow to zero is not a float. */
    sy_test_add(r, "/f/<float:x>", "Float");
    sy_test_resolve(m, r, "/f/1e-400");
    assert_int_equal(sy_match_found(m), 0);
    sy_test_resolve(m, r, "/f/1e-300");
    assert_int_equal(sy_match_found(m), 1);
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(options_have_ceilings),
        cmocka_unit_test(long_web_scheme_is_refused),
        cmocka_unit_test(a_document_past_the_group_budget_is_a_rule_error),
        cmocka_unit_test(single_adds_share_the_group_budget),
        cmocka_unit_test(a_document_past_the_budget_is_refused_before_compiling),
        cmocka_unit_test(patterns_of_one_router_total_at_most_128_mib),
        cmocka_unit_test(resolve_on_a_64_kib_stack),
        cmocka_unit_test(a_nul_in_a_file_path_is_refused_at_its_byte),
        cmocka_unit_test(patterns_read_as_the_contract_says),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
