/* test_candidates.c: every route that matches a URL (sy_router_candidates,
 * sy_match_next_candidate), explanations (sy_router_explain), route parents in
 * sy_route_info, and the max_candidates option. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

static const char rules[] =
    "{\"version\": 1, \"routes\": ["
    "{\"pattern\": \"myapp://hotels\", \"target\": \"HotelList\", \"name\": \"hotels\"},"
    "{\"pattern\": \"myapp://hotels/<int:hotel>\", \"target\": \"Hotel\", \"name\": \"hotel\", \"parent\": \"hotels\"},"
    "{\"pattern\": \"myapp://hotels/:slug\", \"target\": \"HotelBySlug\"},"
    "{\"pattern\": \"https://example.com/h/<int:hotel>\", \"redirect\": \"myapp://hotels/{hotel}\"},"
    "{\"pattern\": \"myapp://*\", \"target\": \"Home\"}"
    "]}";

static sy_router *new_router_with(const sy_router_options *opts)
{
    sy_router *r = NULL;
    sy_error err;
    assert_status(SY_OK, sy_router_new(&r, opts, &err), &err);
    assert_status(SY_OK, sy_router_load_rules(r, rules, SY_NUL, &err), &err);
    return r;
}

static sy_router *new_router(void) { return new_router_with(NULL); }

static sy_match *new_match(void)
{
    sy_match *m = NULL;
    sy_error err;
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    return m;
}

/* The targets of every candidate of url, comma-separated, into out. */
static void walk_targets(sy_router *r, sy_match *m, const char *url, char *out, size_t cap)
{
    sy_error err;
    sy_status st;
    size_t n = 0;
    out[0] = '\0';
    for (st = sy_router_candidates(m, r, url, SY_NUL, &err); st == SY_OK && sy_match_found(m);
         st = sy_match_next_candidate(m, &err)) {
        sy_str t = sy_match_target(m);
        n += (size_t)snprintf(out + n, cap - n, "%s%.*s", n ? "," : "", (int)t.len, t.ptr);
        assert_true(n < cap);
    }
    assert_status(SY_OK, st, &err);
}

/* HEADER: "match receives the first, exactly what sy_router_resolve() gives for url
 * (redirects followed); sy_match_next_candidate() moves it to the next." and "each with
 * its own parameters" */
static void test_candidates_best_first(void **state)
{
    sy_router *r = new_router();
    sy_match *m = new_match();
    sy_error err;
    int64_t id = 0;
    sy_str slug;
    char targets[128];
    (void)state;

    assert_status(SY_OK, sy_router_candidates(m, r, LIT("myapp://hotels/12?tab=a"), &err), &err);
    assert_true(sy_match_found(m));
    assert_str(sy_match_target(m), "Hotel");
    assert_true(sy_match_param_int(&id, m, LIT("hotel"), NULL) == SY_OK);
    assert_int_equal(id, 12);
    assert_str(sy_match_url(m), "myapp://hotels/12?tab=a");
    assert_int_equal(sy_match_stack_count(m), 2);

    assert_status(SY_OK, sy_match_next_candidate(m, &err), &err);
    assert_true(sy_match_found(m));
    assert_str(sy_match_target(m), "HotelBySlug");
    assert_true(sy_match_param_text(&slug, m, LIT("slug"), NULL) == SY_OK);
    assert_str(slug, "12");
    assert_int_equal(sy_match_param_int(&id, m, LIT("hotel"), NULL), SY_ERR_NOT_FOUND);
    /* The query applies to each candidate. */
    assert_true(sy_match_param_text(&slug, m, LIT("tab"), NULL) == SY_OK);
    assert_str(slug, "a");
    assert_int_equal(sy_match_stack_count(m), 1);

    assert_status(SY_OK, sy_match_next_candidate(m, &err), &err);
    assert_str(sy_match_target(m), "Home");

    /* HEADER: "When there is none ... match reads as before any resolve (sy_match_found()
     * 0) and the candidates are over." */
    assert_status(SY_OK, sy_match_next_candidate(m, &err), &err);
    assert_false(sy_match_found(m));
    assert_str(sy_match_url(m), "");
    assert_status(SY_ERR_MISUSE, sy_match_next_candidate(m, &err), &err);
    assert_true(sy_test_message_has(&err, "sy_router_candidates"));

    walk_targets(r, m, "myapp://hotels/12", targets, sizeof targets);
    assert_string_equal(targets, "Hotel,HotelBySlug,Home");
    walk_targets(r, m, "myapp://hotels", targets, sizeof targets);
    assert_string_equal(targets, "HotelList,Home");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "the first, exactly what sy_router_resolve() gives for url (redirects
 * followed)" and "a redirect route among them is not followed"; "url is only read during the call; match
 * keeps a copy." */
static void test_candidates_redirects_and_copies(void **state)
{
    sy_router *r = new_router();
    sy_match *m = new_match();
    sy_error err;
    char url[64];
    int64_t id = 0;
    (void)state;

    strcpy(url, "https://example.com/h/7");
    assert_status(SY_OK, sy_router_candidates(m, r, url, SY_NUL, &err), &err);
    memset(url, 'x', sizeof url - 1); /* the match does not borrow the caller's URL */
    assert_str(sy_match_target(m), "Hotel");
    assert_int_equal(sy_match_redirect_count(m), 2);
    assert_str(sy_match_redirect_at(m, 0), "https://example.com/h/7");
    assert_str(sy_match_redirect_at(m, 1), "myapp://hotels/7");
    assert_str(sy_match_url(m), "myapp://hotels/7");
    assert_true(sy_match_param_int(&id, m, LIT("hotel"), NULL) == SY_OK);
    assert_int_equal(id, 7);
    /* No other route matches the https URL. */
    assert_status(SY_OK, sy_match_next_candidate(m, &err), &err);
    assert_false(sy_match_found(m));
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "on SY_OK the first candidate, or a miss (sy_match_found() 0) when no route
 * matches url." */
static void test_candidates_miss(void **state)
{
    sy_router *r = new_router();
    sy_match *m = new_match();
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_router_candidates(m, r, LIT("other://nothing"), &err), &err);
    assert_false(sy_match_found(m));
    assert_str(sy_match_url(m), "other://nothing");
    assert_status(SY_OK, sy_match_next_candidate(m, &err), &err);
    assert_false(sy_match_found(m));
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "At most sy_router_options.max_candidates (default 16) are given, the first
 * included." and "0 means the default, 16; at most 1000." */
static void test_max_candidates(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_router *bad = NULL;
    sy_match *m = new_match();
    sy_error err;
    char targets[128];
    (void)state;

    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_candidates = 2;
    r = new_router_with(&o);
    walk_targets(r, m, "myapp://hotels/12", targets, sizeof targets);
    assert_string_equal(targets, "Hotel,HotelBySlug");
    sy_router_free(r);

    o.max_candidates = 1;
    r = new_router_with(&o);
    walk_targets(r, m, "myapp://hotels/12", targets, sizeof targets);
    assert_string_equal(targets, "Hotel");
    sy_router_free(r);

    o.max_candidates = 1001;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&bad, &o, &err), &err);
    assert_true(sy_test_message_has(&err, "max_candidates"));
    assert_null(bad);
    sy_match_free(m);
}

/* HEADER: "SY_ERR_MISUSE if match is NULL or not a match, or has no candidates to go on
 * with: sy_router_candidates() was not called on it, its candidates are over, or it was
 * resolved or dispatched since;" */
static void test_next_candidate_misuse(void **state)
{
    sy_router *r = new_router();
    sy_match *m = new_match();
    sy_error err;
    int handled;
    (void)state;

    assert_status(SY_ERR_MISUSE, sy_match_next_candidate(NULL, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_next_candidate((sy_match *)r, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_next_candidate(m, &err), &err);

    assert_status(SY_OK, sy_router_candidates(m, r, LIT("myapp://hotels/12"), &err), &err);
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("myapp://hotels"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_next_candidate(m, &err), &err);
    assert_str(sy_match_target(m), "HotelList"); /* the resolve's result is left alone */

    assert_status(SY_OK, sy_router_candidates(m, r, LIT("myapp://hotels/12"), &err), &err);
    assert_status(SY_OK, sy_router_dispatch(m, r, LIT("myapp://hotels/12"), NULL, &handled, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_next_candidate(m, &err), &err);

    /* A redirect resolve leaves the match describing the caller's URL too. */
    assert_status(SY_OK, sy_router_candidates(m, r, LIT("myapp://hotels/12"), &err), &err);
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("https://example.com/h/7"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_match_next_candidate(m, &err), &err);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "the errors of sy_router_resolve() for url; SY_ERR_MISUSE if match or router is
 * NULL or not of its kind, or url is NULL with a non-zero length" and
 * "SY_ERR_INVALID_ARGUMENT if url_len is over SIZE_MAX / 2. After another error match
 * reads as before any resolve and has no candidates." */
static void test_candidates_errors(void **state)
{
    sy_router_options o;
    sy_router *r = new_router();
    sy_router *small;
    sy_match *m = new_match();
    sy_error err;
    (void)state;

    assert_status(SY_ERR_MISUSE, sy_router_candidates(NULL, r, LIT("myapp://x"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_candidates(m, NULL, LIT("myapp://x"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_candidates((sy_match *)r, r, LIT("myapp://x"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_candidates(m, (sy_router *)m, LIT("myapp://x"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_candidates(m, r, NULL, 4, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_candidates(m, r, NULL, SY_NUL, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_candidates(m, r, "myapp://x", SIZE_MAX - 4, &err), &err);

    assert_status(SY_OK, sy_router_candidates(m, r, LIT("myapp://hotels/12"), &err), &err);
    assert_status(SY_ERR_INVALID_URL, sy_router_candidates(m, r, LIT("myapp://hotels/\x01"), &err), &err);
    assert_false(sy_match_found(m));
    assert_str(sy_match_url(m), "");
    assert_status(SY_ERR_MISUSE, sy_match_next_candidate(m, &err), &err);

    assert_status(SY_ERR_INVALID_URL, sy_router_candidates(m, r, LIT("myapp://hotels/\xff"), &err), &err);
    assert_int_equal(err.position, 15);

    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_url_length = 12;
    small = NULL;
    assert_status(SY_OK, sy_router_new(&small, &o, &err), &err);
    assert_status(SY_OK, sy_router_add(small, LIT("myapp://*"), LIT("Home"), &err), &err);
    assert_status(SY_ERR_LIMIT, sy_router_candidates(m, small, LIT("myapp://hotels/12"), &err), &err);
    /* NULL err is allowed. */
    assert_int_equal(sy_router_candidates(m, small, LIT("myapp://hotels/12"), NULL), SY_ERR_LIMIT);
    sy_router_free(small);
    sy_match_free(m);
    sy_router_free(r);
}

/* Route data on each candidate: "The data of the route a match describes". */
static void test_candidates_carry_data(void **state)
{
    sy_router *r = NULL;
    sy_match *m = new_match();
    sy_error err;
    static int a = 1, b = 2;
    (void)state;
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);
    assert_status(SY_OK, sy_router_add_data(r, LIT("/user/<int:id>"), LIT("User"), &a, NULL, &err), &err);
    assert_status(SY_OK, sy_router_add_data(r, LIT("/user/:name"), LIT("UserByName"), &b, NULL, &err), &err);
    assert_status(SY_OK, sy_router_candidates(m, r, LIT("/user/5"), &err), &err);
    assert_ptr_equal(sy_match_data(m), &a);
    assert_status(SY_OK, sy_match_next_candidate(m, &err), &err);
    assert_ptr_equal(sy_match_data(m), &b);
    sy_match_free(m);
    sy_router_free(r);
}

static void count_release(void *data)
{
    (*(int *)data)++;
}

/* HEADER (sy_router_add_route_data): "Add a route, as sy_router_add_route() does (a target
 * or a redirect, a name, defaults, a priority), carrying data of your own" and "After an
 * error the router is exactly as before and release has been called with data." */
static void test_add_route_data(void **state)
{
    sy_router *r = NULL;
    sy_match *m = new_match();
    sy_route route = SY_ROUTE_INIT;
    sy_error err;
    int released = 0, bad_released = 0, null_released = 0, removed = 0;
    (void)state;
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);

    route.pattern = (sy_str){SY_STR("/user/<int:id>")};
    route.target = (sy_str){SY_STR("User")};
    route.name = (sy_str){SY_STR("user")};
    route.priority = 3;
    assert_status(SY_OK, sy_router_add_route_data(r, &route, &released, count_release, &err), &err);
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("/user/5"), &err), &err);
    assert_ptr_equal(sy_match_data(m), &released);
    assert_str(sy_match_name(m), "user");

    route.pattern = (sy_str){SY_STR("/user/<int:id")};
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add_route_data(r, &route, &bad_released, count_release, &err),
                  &err);
    assert_int_equal(bad_released, 1);
    assert_status(SY_ERR_MISUSE, sy_router_add_route_data(r, NULL, &null_released, count_release, &err), &err);
    assert_int_equal(null_released, 1);
    assert_status(SY_ERR_MISUSE, sy_router_add_route_data(NULL, &route, &null_released, count_release, &err), &err);
    assert_int_equal(null_released, 2);
    assert_int_equal(sy_router_route_count(r), 1);

    /* Released once the route is removed and no match holds it. */
    assert_status(SY_OK, sy_router_remove(&removed, r, LIT("/user/<int:id>"), &err), &err);
    assert_int_equal(removed, 1);
    assert_int_equal(released, 0);
    sy_match_free(m);
    assert_int_equal(released, 1);
    sy_router_free(r);
    assert_int_equal(released, 1);
}

/* ---- sy_router_explain ------------------------------------------------------------- */

/* The explanation of url, in a buffer of the size the first call reports (freed by the caller). */
static char *explain(sy_router *r, const char *url)
{
    sy_error err;
    size_t len = 99;
    char *buf;
    assert_status(SY_ERR_BUFFER_TOO_SMALL, sy_router_explain(NULL, 0, &len, r, url, SY_NUL, &err), &err);
    buf = malloc(len + 1);
    assert_non_null(buf);
    assert_status(SY_OK, sy_router_explain(buf, len + 1, &len, r, url, SY_NUL, &err), &err);
    assert_int_equal(strlen(buf), len);
    return buf;
}

/* HEADER: "every route alternative that matches the URL on its own, best first, and for
 * each one that lost, the part that decided it" */
static void test_explain(void **state)
{
    sy_router *r = new_router();
    char *json;
    const char *hotel, *slug, *home;
    (void)state;

    json = explain(r, "myapp://hotels/12");
    assert_non_null(strstr(json, "{\"url\": \"myapp://hotels/12\", \"candidates\": [{\"rank\": 1, \"route\": 1, "
                                 "\"pattern\": \"myapp://hotels/<int:hotel>\""));
    hotel = strstr(json, "\"target\": \"Hotel\"");
    slug = strstr(json, "\"target\": \"HotelBySlug\"");
    home = strstr(json, "\"target\": \"Home\"");
    assert_true(hotel && slug && home && hotel < slug && slug < home);
    assert_non_null(strstr(json, "\"name\": \"hotel\", \"parent\": \"hotels\", \"path_params\": {\"hotel\": 12}"));
    assert_non_null(strstr(json, "\"path_params\": {\"slug\": \"12\"}"));
    assert_non_null(strstr(json, "\"wins\": true, \"decided_by\": null, \"reason\": null"));
    assert_non_null(strstr(json, "\"wins\": false, \"decided_by\": \"segment 2\", \"reason\": \""));
    free(json);

    /* HEADER: "A URL that matches nothing gives an empty" candidates list. */
    json = explain(r, "other://x");
    assert_string_equal(json, "{\"url\": \"other://x\", \"candidates\": []}");
    free(json);

    /* The first hop only: the redirect route itself. */
    json = explain(r, "https://example.com/h/3");
    assert_non_null(strstr(json, "\"destination\": {\"redirect\": \"myapp://hotels/{hotel}\"}"));
    assert_null(strstr(json, "\"rank\": 2"));
    free(json);
    sy_router_free(r);
}

/* 1,000 routes that all match a 30 KB URL: the explanation lists each, best first, with its
 * own parameter, and so do the candidates (the URL is read once for all the routes, never
 * once per route: ExplainCostTests counts the readings). */
static void test_explain_many_routes_long_url(void **state)
{
    enum { ROUTES = 1000, ITEMS = 7400 };
    sy_router_options o;
    sy_router *r;
    sy_match *m = new_match();
    sy_error err;
    sy_status st;
    char pattern[32], target[32], name[16], *url, *json, *at;
    size_t n = 0, k, seen = 0;
    (void)state;

    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_candidates = ROUTES;
    assert_status(SY_OK, sy_router_new(&r, &o, &err), &err);
    for (k = 0; k < ROUTES; k++) {
        sy_route route = SY_ROUTE_INIT;
        snprintf(pattern, sizeof pattern, "/p/:x%zu", k);
        snprintf(target, sizeof target, "T%zu", k);
        route.pattern.ptr = pattern;
        route.pattern.len = strlen(pattern);
        route.target.ptr = target;
        route.target.len = strlen(target);
        route.priority = (int32_t)k;
        assert_status(SY_OK, sy_router_add_route(r, &route, &err), &err);
    }
    url = malloc(16 + 4 * ITEMS);
    assert_non_null(url);
    n += (size_t)sprintf(url, "/p/value?");
    for (k = 0; k < ITEMS; k++) n += (size_t)sprintf(url + n, "q=1&");
    assert_true(n > 29000);

    json = explain(r, url);
    assert_non_null(strstr(json, "\"rank\": 1, \"route\": 999, \"pattern\": \"/p/:x999\""));
    assert_non_null(strstr(json, "\"rank\": 1000, \"route\": 0, \"pattern\": \"/p/:x0\""));
    for (at = json; (at = strstr(at, "\"path_params\": {\"x")) != NULL; at++) {
        at += strlen("\"path_params\": {\"x");
        while (*at >= '0' && *at <= '9') at++;
        assert_memory_equal(at, "\": \"value\"}", 11);
        seen++;
    }
    assert_int_equal(seen, ROUTES);
    free(json);

    /* Every candidate, best first, with its own parameter and the whole query. Each
     * candidate is one resolve, so a tenth of the query keeps sanitizer builds quick. */
    url[9 + 4 * (ITEMS / 10)] = '\0';
    k = ROUTES;
    for (st = sy_router_candidates(m, r, url, SY_NUL, &err); st == SY_OK && sy_match_found(m);
         st = sy_match_next_candidate(m, &err)) {
        k--;
        snprintf(name, sizeof name, "x%zu", k);
        assert_str(sy_test_param_text(m, name), "value");
        assert_int_equal(sy_match_query_count(m), ITEMS / 10);
    }
    assert_status(SY_OK, st, &err);
    assert_int_equal(k, 0);
    free(url);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "SY_ERR_BUFFER_TOO_SMALL if cap < length + 1; then, when cap > 0, buf[0] is set
 * to '\0' and nothing else is written." and the other errors. */
static void test_explain_errors(void **state)
{
    sy_router *r = new_router();
    sy_match *m = new_match();
    sy_error err;
    char buf[8];
    size_t len = 99;
    (void)state;

    memset(buf, 'x', sizeof buf);
    assert_status(SY_ERR_BUFFER_TOO_SMALL, sy_router_explain(buf, sizeof buf, &len, r, LIT("other://x"), &err), &err);
    assert_int_equal(len, strlen("{\"url\": \"other://x\", \"candidates\": []}"));
    assert_int_equal(buf[0], '\0');
    assert_int_equal(buf[1], 'x');

    assert_status(SY_ERR_MISUSE, sy_router_explain(buf, sizeof buf, &len, NULL, LIT("myapp://x"), &err), &err);
    assert_int_equal(len, 0);
    assert_status(SY_ERR_MISUSE, sy_router_explain(buf, sizeof buf, &len, (sy_router *)m, LIT("myapp://x"), &err),
                  &err);
    assert_status(SY_ERR_MISUSE, sy_router_explain(NULL, 10, &len, r, LIT("myapp://x"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_explain(buf, sizeof buf, &len, r, NULL, 3, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_explain(buf, sizeof buf, &len, r, "x", SIZE_MAX - 1, &err),
                  &err);
    assert_status(SY_ERR_INVALID_URL, sy_router_explain(buf, sizeof buf, &len, r, LIT("myapp://a\x01"), &err), &err);
    assert_status(SY_ERR_INVALID_URL, sy_router_explain(buf, sizeof buf, &len, r, LIT("myapp://\xc3"), &err), &err);
    assert_int_equal(err.position, 8);
    assert_int_equal(len, 0);
    sy_match_free(m);
    sy_router_free(r);
}

/* ---- sy_route_info.parent --------------------------------------------------------- */

/* HEADER: "the name of the route's parent ... or absent" */
static void test_route_info_parent(void **state)
{
    sy_router *r = new_router();
    sy_route_info info;
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_router_add(r, LIT("myapp://added"), LIT("Added"), &err), &err);
    assert_status(SY_OK, sy_router_route_at(&info, r, 0, &err), &err);
    assert_str(info.pattern, "myapp://hotels");
    assert_str(info.parent, NULL);
    assert_status(SY_OK, sy_router_route_at(&info, r, 1, &err), &err);
    assert_str(info.parent, "hotels");
    assert_str(info.name, "hotel");
    assert_int_equal(info.from_document, 1);
    assert_status(SY_OK, sy_router_route_at(&info, r, 5, &err), &err);
    assert_str(info.pattern, "myapp://added");
    assert_str(info.parent, NULL);
    assert_int_equal(info.from_document, 0);
    /* Out of range: zeroed. */
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_route_at(&info, r, 6, &err), &err);
    assert_null(info.parent.ptr);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_candidates_best_first),
        cmocka_unit_test(test_candidates_redirects_and_copies),
        cmocka_unit_test(test_candidates_miss),
        cmocka_unit_test(test_max_candidates),
        cmocka_unit_test(test_next_candidate_misuse),
        cmocka_unit_test(test_candidates_errors),
        cmocka_unit_test(test_candidates_carry_data),
        cmocka_unit_test(test_add_route_data),
        cmocka_unit_test(test_explain),
        cmocka_unit_test(test_explain_errors),
        cmocka_unit_test(test_explain_many_routes_long_url),
        cmocka_unit_test(test_route_info_parent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
