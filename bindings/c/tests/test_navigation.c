/* test_navigation.c: URLs from named routes, route data, handlers and dispatch, stacks. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"

static const char rules[] =
    "{\"version\": 1, \"routes\": ["
    "{\"pattern\": \"myapp://hotels\", \"target\": \"HotelList\", \"name\": \"hotels\"},"
    "{\"pattern\": \"myapp://hotels/<int:hotel>\", \"target\": \"Hotel\", \"name\": \"hotel\", \"parent\": \"hotels\"},"
    "{\"pattern\": \"myapp://hotels/<int:hotel>/rooms/:room\", \"target\": \"Room\", \"name\": \"room\", \"parent\": \"hotel\"},"
    "{\"pattern\": \"myapp://bookings/<int:id>\", \"target\": \"Booking\"},"
    "{\"pattern\": \"myapp://*\", \"target\": \"Home\"}"
    "]}";

static sy_router *new_router(void)
{
    sy_router *r = NULL;
    sy_error err;
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);
    assert_status(SY_OK, sy_router_load_rules(r, rules, SY_NUL, &err), &err);
    return r;
}

/* ---- sy_router_build_url ----------------------------------------------------------- */

static sy_param text_param(const char *name, const char *text)
{
    sy_param p;
    memset(&p, 0, sizeof p);
    p.name = (sy_str){name, strlen(name)};
    p.text = (sy_str){text, strlen(text)};
    p.type = SY_VALUE_STRING;
    return p;
}

static void test_build_url(void **state)
{
    sy_router *r = new_router();
    sy_error err;
    char buf[128];
    size_t len = 0;
    sy_param p[3];
    (void)state;

    p[0] = text_param("hotel", "12");
    p[1] = text_param("room", "a 4");
    assert_status(SY_OK, sy_router_build_url(buf, sizeof buf, &len, r, LIT("room"), p, 2, &err), &err);
    assert_string_equal(buf, "myapp://hotels/12/rooms/a%204");
    assert_int_equal(len, strlen(buf));

    /* An int parameter may be given as a number; what the path does not take goes to the query. */
    memset(&p[0], 0, sizeof p[0]);
    p[0].name = (sy_str){SY_STR("hotel")};
    p[0].type = SY_VALUE_INT;
    p[0].int_value = 7;
    p[1] = text_param("tab", "photos");
    assert_status(SY_OK, sy_router_build_url(buf, sizeof buf, NULL, r, "hotel", SY_NUL, p, 2, &err), &err);
    assert_string_equal(buf, "myapp://hotels/7?tab=photos");

    /* No parameters: params may be NULL with count 0. */
    assert_status(SY_OK, sy_router_build_url(buf, sizeof buf, NULL, r, LIT("hotels"), NULL, 0, &err), &err);
    assert_string_equal(buf, "myapp://hotels");
    sy_router_free(r);
}

/* HEADER (sy_router_build_url_flags): "0 puts them in the query, sorted by name (what
 * sy_router_build_url() does); SY_BUILD_URL_REFUSE_EXTRA refuses them" ... "SY_ERR_INVALID_ARGUMENT
 * if flags has unknown bits, or, with SY_BUILD_URL_REFUSE_EXTRA, a parameter the path does
 * not take is given (the message names it)." */
static void test_build_url_flags(void **state)
{
    sy_router *r = new_router();
    sy_error err;
    char buf[128];
    size_t len = 0;
    sy_param p[2];
    (void)state;

    p[0] = text_param("hotel", "12");
    p[1] = text_param("tab", "photos");
    assert_status(SY_OK, sy_router_build_url_flags(buf, sizeof buf, &len, r, LIT("hotel"), p, 2, 0, &err), &err);
    assert_string_equal(buf, "myapp://hotels/12?tab=photos");
    assert_int_equal(len, strlen(buf));

    /* Refused: the message names the parameter; nothing is written but the NUL. */
    strcpy(buf, "junk");
    len = 99;
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_build_url_flags(buf, sizeof buf, &len, r, LIT("hotel"), p, 2,
                                            SY_BUILD_URL_REFUSE_EXTRA, &err), &err);
    assert_true(sy_test_message_has(&err, "tab"));
    assert_int_equal(len, 0);
    /* Every parameter taken by the path: the same URL either way. */
    assert_status(SY_OK, sy_router_build_url_flags(buf, sizeof buf, NULL, r, LIT("hotel"), p, 1,
                                                   SY_BUILD_URL_REFUSE_EXTRA, &err), &err);
    assert_string_equal(buf, "myapp://hotels/12");
    /* The size query works with the flag too. */
    assert_status(SY_ERR_BUFFER_TOO_SMALL, sy_router_build_url_flags(NULL, 0, &len, r, LIT("hotel"), p, 1,
                                                                     SY_BUILD_URL_REFUSE_EXTRA, &err), &err);
    assert_int_equal(len, strlen("myapp://hotels/12"));

    /* Unknown bits are refused, whatever the rest. */
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_build_url_flags(buf, sizeof buf, NULL, r, LIT("hotel"), p, 1,
                                            SY_BUILD_URL_KNOWN_FLAGS + 1, &err), &err);
    assert_true(sy_test_message_has(&err, "flags"));
    sy_router_free(r);
}

static void test_build_url_errors(void **state)
{
    sy_router *r = new_router();
    sy_error err;
    char buf[8];
    char big[64];
    size_t len = 99;
    sy_param p[2];
    (void)state;

    /* HEADER: "SY_ERR_INVALID_ARGUMENT if no route or several routes have the name, a
     * parameter the route needs is missing, has the wrong type" */
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_build_url(big, sizeof big, &len, r, LIT("nowhere"), NULL, 0, &err), &err);
    assert_non_null(strstr(err.message, "nowhere"));
    assert_int_equal(len, 0);

    p[0] = text_param("hotel", "12");
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_build_url(big, sizeof big, NULL, r, LIT("room"), p, 1, &err), &err);
    assert_non_null(strstr(err.message, "'room'"));

    p[0] = text_param("hotel", "twelve");
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_build_url(big, sizeof big, NULL, r, LIT("hotel"), p, 1, &err), &err);
    assert_non_null(strstr(err.message, "'hotel'"));
    assert_non_null(strstr(err.message, "integer"));

    p[0] = text_param("hotel", "1");
    p[1] = text_param("hotel", "2");
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_build_url(big, sizeof big, NULL, r, LIT("hotel"), p, 2, &err), &err);

    /* HEADER: "SY_ERR_BUFFER_TOO_SMALL if cap < length + 1; then, when cap > 0, buf[0] is
     * set to '\0' and nothing else is written." */
    memset(buf, 'x', sizeof buf);
    p[0] = text_param("hotel", "12");
    assert_status(SY_ERR_BUFFER_TOO_SMALL,
                  sy_router_build_url(buf, sizeof buf, &len, r, LIT("hotel"), p, 1, &err), &err);
    assert_int_equal(len, strlen("myapp://hotels/12"));
    assert_int_equal(buf[0], '\0');
    assert_int_equal(buf[1], 'x');
    assert_status(SY_ERR_BUFFER_TOO_SMALL,
                  sy_router_build_url(NULL, 0, &len, r, LIT("hotel"), p, 1, &err), &err);
    assert_int_equal(len, strlen("myapp://hotels/12"));
    /* Exactly the length without room for the NUL is too small too. */
    assert_status(SY_ERR_BUFFER_TOO_SMALL,
                  sy_router_build_url(big, len, NULL, r, LIT("hotel"), p, 1, &err), &err);
    assert_status(SY_OK, sy_router_build_url(big, len + 1, NULL, r, LIT("hotel"), p, 1, &err), &err);

    assert_status(SY_ERR_MISUSE, sy_router_build_url(NULL, 4, NULL, r, LIT("hotel"), p, 1, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_build_url(big, sizeof big, NULL, NULL, LIT("hotel"), p, 1, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_build_url(big, sizeof big, NULL, r, LIT("hotel"), NULL, 1, &err), &err);
    sy_router_free(r);
}

/* A built URL is the route it was built for: a custom scheme's authority encodes '@',
 * a URL that another route would take is refused naming that route, a urlpattern route
 * matched by a regexp over its path is built from its parts and refuses a value that would
 * read back otherwise, and a stack's URLs pass the same check. */
static const char round_trip_rules[] =
    "{\"version\": 1, \"routes\": ["
    "{\"pattern\": \"myapp://:screen/home\", \"target\": \"Home\", \"name\": \"home\"},"
    "{\"pattern\": \"myapp://:screen/home/detail/<int:id>\", \"target\": \"Detail\", \"name\": \"detail\", \"parent\": \"home\"},"
    "{\"pattern\": \"myapp://settings/home\", \"target\": \"Settings\", \"name\": \"settings\"},"
    "{\"pattern\": \"/user/:uname\", \"target\": \"User\", \"name\": \"user\"},"
    "{\"pattern\": \"/user/settings\", \"target\": \"UserSettings\", \"name\": \"user_settings\"},"
    "{\"pattern\": \"/t/:a/:b\", \"target\": \"Tail\", \"name\": \"tail\", \"dialect\": \"urlpattern\"}"
    "]}";

static void test_build_url_round_trip(void **state)
{
    sy_router *r = NULL;
    sy_match *m = NULL;
    sy_error err;
    sy_stack_entry e;
    char buf[128];
    sy_param p[2];
    (void)state;
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);
    assert_status(SY_OK, sy_router_load_rules(r, round_trip_rules, SY_NUL, &err), &err);

    p[0] = text_param("screen", "x@settings");
    assert_status(SY_OK, sy_router_build_url(buf, sizeof buf, NULL, r, LIT("home"), p, 1, &err), &err);
    assert_string_equal(buf, "myapp://x%40settings/home");

    p[0] = text_param("uname", "settings");
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_build_url(buf, sizeof buf, NULL, r, LIT("user"), p, 1, &err), &err);
    assert_non_null(strstr(err.message, "route 'user_settings' ('/user/settings')"));
    p[0] = text_param("uname", "ann");
    assert_status(SY_OK, sy_router_build_url(buf, sizeof buf, NULL, r, LIT("user"), p, 1, &err), &err);
    assert_string_equal(buf, "/user/ann");

    p[0] = text_param("a", "x");
    p[1] = text_param("b", "y");
    assert_status(SY_OK, sy_router_build_url(buf, sizeof buf, NULL, r, LIT("tail"), p, 2, &err), &err);
    assert_string_equal(buf, "/t/x/y");
    p[0] = text_param("a", "x y");
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_build_url(buf, sizeof buf, NULL, r, LIT("tail"), p, 2, &err), &err);
    assert_non_null(strstr(err.message, "whose parameter 'a' reads back as 'x%20y', not 'x y'"));

    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("myapp://x%40settings/home/detail/1"), &err), &err);
    assert_int_equal(sy_match_stack_count(m), 2);
    assert_status(SY_OK, sy_match_stack_at(&e, m, 0, &err), &err);
    assert_str(e.url, "myapp://x%40settings/home");
    assert_status(SY_OK, sy_match_stack_at(&e, m, 1, &err), &err);
    assert_str(e.url, "myapp://x%40settings/home/detail/1");
    sy_match_free(m);
    sy_router_free(r);
}

/* ---- route data ---------------------------------------------------------------------- */

static int released[4];

static void release_counter(void *data)
{
    released[*(int *)data]++;
}

static void test_route_data(void **state)
{
    static int ids[4] = {0, 1, 2, 3};
    sy_router *r = NULL;
    sy_match *m = NULL;
    sy_error err;
    int removed = 0;
    (void)state;
    memset(released, 0, sizeof released);
    assert_status(SY_OK, sy_router_new(&r, NULL, &err), &err);
    assert_status(SY_OK, sy_match_new(&m, &err), &err);

    assert_status(SY_OK, sy_router_add_data(r, LIT("/a"), LIT("A"), &ids[0], release_counter, &err), &err);
    assert_status(SY_OK, sy_router_add_data(r, LIT("/b"), LIT("B"), &ids[1], release_counter, &err), &err);
    assert_status(SY_OK, sy_router_add(r, LIT("/c"), LIT("C"), &err), &err);

    assert_status(SY_OK, sy_router_resolve(m, r, LIT("/a"), &err), &err);
    assert_ptr_equal(sy_match_data(m), &ids[0]);
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("/c"), &err), &err);
    assert_null(sy_match_data(m));
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("/nothing"), &err), &err);
    assert_null(sy_match_data(m));
    assert_null(sy_match_data(NULL));

    /* HEADER: "After an error the router is exactly as before and release has been called
     * with data." */
    assert_status(SY_ERR_CONFLICT,
                  sy_router_add_data(r, LIT("/a"), LIT("Other"), &ids[2], release_counter, &err), &err);
    assert_int_equal(released[2], 1);
    assert_status(SY_ERR_MISUSE,
                  sy_router_add_data(NULL, LIT("/z"), LIT("Z"), &ids[3], release_counter, &err), &err);
    assert_int_equal(released[3], 1);

    /* HEADER: "data is released once the route is removed or the router freed and no
     * match still holds it: a match holds the routes it was last resolved against until
     * it is next resolved or freed." */
    assert_status(SY_OK, sy_router_remove(&removed, r, LIT("/a"), &err), &err);
    assert_int_equal(removed, 1);
    assert_int_equal(released[0], 0);
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("/nothing"), &err), &err);
    assert_int_equal(released[0], 1);
    assert_int_equal(released[1], 0);

    assert_status(SY_OK, sy_router_resolve(m, r, LIT("/b"), &err), &err);
    sy_router_free(r);
    assert_int_equal(released[1], 0);
    assert_ptr_equal(sy_match_data(m), &ids[1]);
    sy_match_free(m);
    assert_int_equal(released[0], 1);
    assert_int_equal(released[1], 1);
    assert_int_equal(released[2], 1);
    assert_int_equal(released[3], 1);
}

/* ---- handlers and dispatch ---------------------------------------------------------- */

typedef struct app {
    int signed_in;
    char log[256];
    int handler_releases;
    sy_router *router;
} app;

static void note(app *a, const char *what)
{
    size_t n = strlen(a->log);
    snprintf(a->log + n, sizeof a->log - n, "%s%s", n ? "," : "", what);
}

static int on_booking(const sy_match *m, void *handler_data, void *context)
{
    app *a = context;
    (void)handler_data;
    /* No cmocka assert inside a handler: it would jump out through the library. */
    if (sy_match_target(m).len != 7) return -1;
    note(a, "booking");
    return a->signed_in ? SY_HANDLED : SY_DECLINED;
}

static char home_word[] = "home";

static int on_home(const sy_match *m, void *handler_data, void *context)
{
    (void)m;
    note(context, handler_data);
    return SY_HANDLED;
}

static int on_fail(const sy_match *m, void *handler_data, void *context)
{
    (void)m;
    (void)handler_data;
    note(context, "fail");
    return -42;
}

static void count_release(void *data)
{
    ((app *)data)->handler_releases++;
}

static void test_dispatch(void **state)
{
    sy_router *r = new_router();
    sy_match *m = NULL;
    sy_error err;
    app a;
    int handled = 7;
    int64_t id = 0;
    (void)state;
    memset(&a, 0, sizeof a);
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Booking"), on_booking, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Home"), on_home, home_word, NULL, &err), &err);

    /* A declining handler passes on to the next candidate (Home). */
    assert_status(SY_OK, sy_router_dispatch(m, r, LIT("myapp://bookings/9"), &a, &handled, &err), &err);
    assert_int_equal(handled, 1);
    assert_string_equal(a.log, "booking,home");
    assert_str(sy_match_target(m), "Home");
    assert_str(sy_match_pattern(m), "myapp://*");

    /* HEADER: "on SY_OK it describes the route whose handler accepted (its own parameters)" */
    a.log[0] = '\0';
    a.signed_in = 1;
    assert_status(SY_OK, sy_router_dispatch(m, r, "myapp://bookings/9", SY_NUL, &a, &handled, &err), &err);
    assert_int_equal(handled, 1);
    assert_string_equal(a.log, "booking");
    assert_str(sy_match_target(m), "Booking");
    assert_true(sy_match_param_int(&id, m, LIT("id"), NULL) == SY_OK);
    assert_int_equal(id, 9);

    /* A candidate without a handler is passed over; when none accepts, the match is the
     * ordinary resolve and handled is 0. */
    assert_status(SY_OK, sy_router_handle(r, LIT("Home"), NULL, NULL, NULL, &err), &err);
    a.log[0] = '\0';
    assert_status(SY_OK, sy_router_dispatch(m, r, LIT("myapp://hotels/3"), &a, &handled, &err), &err);
    assert_int_equal(handled, 0);
    assert_string_equal(a.log, "");
    assert_str(sy_match_target(m), "Hotel");
    assert_status(SY_OK, sy_router_dispatch(m, r, LIT("https://elsewhere.example/"), &a, NULL, &err), &err);
    assert_false(sy_match_found(m));

    /* The errors of sy_router_resolve() come first; no handler is called. */
    handled = 5;
    assert_status(SY_ERR_INVALID_URL, sy_router_dispatch(m, r, LIT("myapp://bookings/\x01"), &a, &handled, &err), &err);
    assert_int_equal(handled, 0);
    assert_status(SY_ERR_MISUSE, sy_router_dispatch(NULL, r, LIT("myapp://x"), &a, &handled, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_dispatch(m, NULL, LIT("myapp://x"), &a, &handled, &err), &err);

    sy_match_free(m);
    sy_router_free(r);
}

static void test_dispatch_failure(void **state)
{
    sy_router *r = new_router();
    sy_match *m = NULL;
    sy_error err;
    app a;
    int handled = 7;
    (void)state;
    memset(&a, 0, sizeof a);
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Booking"), on_fail, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Home"), on_home, home_word, NULL, &err), &err);

    /* HEADER: "a handler that fails (a negative value, or any value other than SY_HANDLED
     * and SY_DECLINED) stops the dispatch: no later handler is called." */
    assert_status(SY_ERR_HANDLER, sy_router_dispatch(m, r, LIT("myapp://bookings/9"), &a, &handled, &err), &err);
    assert_int_equal(err.code, SY_ERR_HANDLER);
    assert_string_equal(a.log, "fail");
    assert_int_equal(handled, 0);
    assert_non_null(strstr(err.message, "Booking"));
    assert_non_null(strstr(err.message, "-42"));
    /* HEADER: "After another error match reads as before any resolve" */
    assert_false(sy_match_found(m));
    assert_str(sy_match_url(m), "");
    assert_string_equal(sy_status_str(SY_ERR_HANDLER), "handler failed");
    sy_match_free(m);
    sy_router_free(r);
}

/* Re-enters the router: adds a route and dispatches another URL from inside a handler. */
static int on_reenter(const sy_match *m, void *handler_data, void *context)
{
    app *a = context;
    sy_match *inner = NULL;
    sy_error err;
    int handled = 0;
    (void)m;
    (void)handler_data;
    note(a, "outer");
    if (sy_router_add(a->router, LIT("myapp://added"), LIT("Added"), &err) != SY_OK) return -1;
    if (sy_match_new(&inner, &err) != SY_OK) return -2;
    if (sy_router_dispatch(inner, a->router, LIT("myapp://added"), a, &handled, &err) != SY_OK) return -3;
    sy_match_free(inner);
    return handled ? SY_HANDLED : -4;
}

static int on_added(const sy_match *m, void *handler_data, void *context)
{
    (void)handler_data;
    if (sy_match_target(m).len != 5) return -1;
    note(context, "added");
    return SY_HANDLED;
}

static void test_dispatch_reentrant(void **state)
{
    sy_router *r = new_router();
    sy_match *m = NULL;
    sy_error err;
    app a;
    int handled = 0;
    (void)state;
    memset(&a, 0, sizeof a);
    a.router = r;
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Hotel"), on_reenter, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Added"), on_added, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_dispatch(m, r, LIT("myapp://hotels/1"), &a, &handled, &err), &err);
    assert_int_equal(handled, 1);
    assert_string_equal(a.log, "outer,added");
    assert_str(sy_match_target(m), "Hotel");
    assert_int_equal(sy_router_route_count(r), 6);
    sy_match_free(m);
    sy_router_free(r);
}

static void test_handler_data_released(void **state)
{
    sy_router *r = new_router();
    sy_error err;
    app a, b;
    (void)state;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    /* HEADER: "Called with handler_data exactly once, when the handler is replaced or
     * removed, or the router freed." */
    assert_status(SY_OK, sy_router_handle(r, LIT("Home"), on_home, &a, count_release, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Home"), on_home, &b, count_release, &err), &err);
    assert_int_equal(a.handler_releases, 1);
    assert_int_equal(b.handler_releases, 0);
    sy_router_free(r);
    assert_int_equal(a.handler_releases, 1);
    assert_int_equal(b.handler_releases, 1);

    r = new_router();
    memset(&a, 0, sizeof a);
    assert_status(SY_OK, sy_router_handle(r, LIT("Home"), on_home, &a, count_release, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Home"), NULL, NULL, NULL, &err), &err);
    assert_int_equal(a.handler_releases, 1);
    /* HEADER: "After an error nothing is registered and release has been called with
     * handler_data." */
    memset(&b, 0, sizeof b);
    assert_status(SY_ERR_INVALID_ARGUMENT,
                  sy_router_handle(r, "\xff", 1, on_home, &b, count_release, &err), &err);
    assert_int_equal(b.handler_releases, 1);
    sy_router_free(r);
    assert_int_equal(a.handler_releases, 1);
}

/* ---- stacks ---------------------------------------------------------------------------- */

static void test_stacks(void **state)
{
    sy_router *r = new_router();
    sy_match *m = NULL;
    sy_error err;
    sy_stack_entry e;
    (void)state;
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("myapp://hotels/12/rooms/a4"), &err), &err);
    assert_int_equal(sy_match_stack_count(m), 3);
    assert_status(SY_OK, sy_match_stack_at(&e, m, 0, &err), &err);
    assert_str(e.name, "hotels");
    assert_str(e.pattern, "myapp://hotels");
    assert_str(e.url, "myapp://hotels");
    assert_status(SY_OK, sy_match_stack_at(&e, m, 1, &err), &err);
    assert_str(e.name, "hotel");
    assert_str(e.url, "myapp://hotels/12");
    assert_status(SY_OK, sy_match_stack_at(&e, m, 2, &err), &err);
    assert_str(e.name, "room");
    assert_str(e.pattern, "myapp://hotels/<int:hotel>/rooms/:room");
    assert_str(e.url, "myapp://hotels/12/rooms/a4");

    /* HEADER: "SY_ERR_INVALID_ARGUMENT if i is out of range (the message gives the count)." */
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_match_stack_at(&e, m, 3, &err), &err);
    assert_non_null(strstr(err.message, "3"));
    assert_str(e.pattern, NULL);
    assert_status(SY_ERR_MISUSE, sy_match_stack_at(NULL, m, 0, &err), &err);

    /* An unnamed route without a parent: itself only, name absent, URL absent for '*'. */
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("myapp://bookings/5"), &err), &err);
    assert_int_equal(sy_match_stack_count(m), 1);
    assert_status(SY_OK, sy_match_stack_at(&e, m, 0, &err), &err);
    assert_str(e.name, NULL);
    assert_str(e.url, "myapp://bookings/5");
    assert_status(SY_OK, sy_router_add(r, LIT("https://*.example.com/x"), LIT("X"), &err), &err);
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("https://a.example.com/x"), &err), &err);
    assert_status(SY_OK, sy_match_stack_at(&e, m, 0, &err), &err);
    assert_str(e.pattern, "https://*.example.com/x");
    assert_str(e.url, NULL);

    /* A miss has no stack. */
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("https://a.example/"), &err), &err);
    assert_int_equal(sy_match_stack_count(m), 0);
    assert_int_equal(sy_match_stack_count(NULL), 0);
    sy_match_free(m);
    sy_router_free(r);
}

/* The stack of a dispatched match, read inside the handler and after. */
static int on_room(const sy_match *m, void *handler_data, void *context)
{
    sy_stack_entry e;
    (void)handler_data;
    if (sy_match_stack_count(m) != 3) return -1;
    if (sy_match_stack_at(&e, m, 1, NULL) != SY_OK) return -2;
    note(context, "room");
    return SY_HANDLED;
}

static void test_dispatch_stack(void **state)
{
    sy_router *r = new_router();
    sy_match *m = NULL;
    sy_error err;
    sy_stack_entry e;
    app a;
    int handled = 0;
    (void)state;
    memset(&a, 0, sizeof a);
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    assert_status(SY_OK, sy_router_handle(r, LIT("Room"), on_room, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_resolve(m, r, LIT("myapp://bookings/5"), &err), &err);
    assert_int_equal(sy_match_stack_count(m), 1);
    assert_status(SY_OK, sy_router_dispatch(m, r, LIT("myapp://hotels/1/rooms/b"), &a, &handled, &err), &err);
    assert_int_equal(handled, 1);
    assert_string_equal(a.log, "room");
    assert_int_equal(sy_match_stack_count(m), 3);
    assert_status(SY_OK, sy_match_stack_at(&e, m, 1, &err), &err);
    assert_str(e.url, "myapp://hotels/1");
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_url),
        cmocka_unit_test(test_build_url_errors),
        cmocka_unit_test(test_build_url_flags),
        cmocka_unit_test(test_build_url_round_trip),
        cmocka_unit_test(test_route_data),
        cmocka_unit_test(test_dispatch),
        cmocka_unit_test(test_dispatch_failure),
        cmocka_unit_test(test_dispatch_reentrant),
        cmocka_unit_test(test_handler_data_released),
        cmocka_unit_test(test_stacks),
        cmocka_unit_test(test_dispatch_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
