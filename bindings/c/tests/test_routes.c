/* test_routes.c: sy_route, sy_route_init, sy_router_add_route and sy_router_add_routes. */
#include <math.h>
#include <stdint.h>
#include "sy_test.h"

static sy_str s(const char *text)
{
    sy_str out;
    out.ptr = text;
    out.len = text ? strlen(text) : 0;
    return out;
}

static sy_route route(const char *pattern, const char *target)
{
    sy_route r;
    sy_route_init(&r, SY_ROUTE_VERSION);
    r.pattern = s(pattern);
    r.target = s(target);
    return r;
}

/* HEADER: "Fill a route struct with the defaults of the given version (everything absent
 * or 0)." ... "SY_ERR_MISUSE if route is NULL or version is not one this library knows
 * (route is then left untouched)." */
static void route_init_fills_or_refuses(void **state)
{
    sy_route r, before;
    sy_route macro = SY_ROUTE_INIT;
    (void)state;
    memset(&r, 0x5A, sizeof r);
    before = r;
    assert_int_equal(sy_route_init(NULL, SY_ROUTE_VERSION), SY_ERR_MISUSE);
    assert_int_equal(sy_route_init(&r, 0), SY_ERR_MISUSE);
    assert_int_equal(sy_route_init(&r, SY_ROUTE_VERSION + 1), SY_ERR_MISUSE);
    assert_memory_equal(&r, &before, sizeof r);
    assert_int_equal(sy_route_init(&r, SY_ROUTE_VERSION), SY_OK);
    assert_int_equal(r.version, SY_ROUTE_VERSION);
    assert_int_equal(r.flags, 0);
    assert_null(r.pattern.ptr);
    assert_null(r.target.ptr);
    assert_null(r.redirect.ptr);
    assert_null(r.name.ptr);
    assert_null(r.defaults);
    assert_int_equal(r.defaults_count, 0);
    assert_int_equal(r.priority, 0);
    /* HEADER: "C only: a designated initializer equal to what sy_route_init() writes." */
    assert_int_equal(macro.version, r.version);
    assert_null(macro.pattern.ptr);
    assert_int_equal(macro.priority, 0);
}

/* HEADER (sy_router_add_route): "SY_ERR_MISUSE if router or route is NULL, router is not a
 * router, route->version is unknown, route->pattern is absent, or an sy_str or
 * route->defaults is NULL with a non-zero length or count" */
static void add_route_misuse(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_route rt = route("/a", "A");
    sy_error err;
    (void)state;
    assert_status(SY_ERR_MISUSE, sy_router_add_route(NULL, &rt, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_add_route((sy_router *)m, &rt, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_add_route(r, NULL, &err), &err);
    rt.version = 0;
    assert_status(SY_ERR_MISUSE, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "sy_route_init"));
    rt = route(NULL, "A");
    assert_status(SY_ERR_MISUSE, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "pattern"));
    rt = route("/a", "A");
    rt.name.ptr = NULL;
    rt.name.len = 4;
    assert_status(SY_ERR_MISUSE, sy_router_add_route(r, &rt, &err), &err);
    rt = route("/a", "A");
    rt.defaults_count = 2;
    assert_status(SY_ERR_MISUSE, sy_router_add_route(r, &rt, &err), &err);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "SY_ERR_INVALID_ARGUMENT if both or neither of target and redirect are present,
 * flags has unknown bits, a text is not UTF-8 or too long" */
static void add_route_invalid_arguments(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_route rt;
    sy_error err;
    uint32_t bit;
    (void)state;
    rt = route("/a", "A");
    rt.redirect = s("/b");
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "both"));
    rt = route("/a", NULL);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "neither"));
    for (bit = 1; bit < 32; bit++) {
        if (SY_ROUTE_KNOWN_FLAGS & (1u << bit))
            continue;
        rt = route("/a", "A");
        rt.flags = 1u << bit;
        assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    }
    rt = route("/a", "A");
    rt.name = s("bad\xff");
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    assert_int_equal(err.position, 3);
    rt = route("/a", "A");
    rt.pattern.len = SIZE_MAX - 1; /* SIZE_MAX itself is SY_NUL */
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    sy_router_free(r);
}

/* HEADER: "a default has no name, an unknown type, a non-finite float, a non-zero
 * reserved field, or a name given twice" (all SY_ERR_INVALID_ARGUMENT) */
static void add_route_checks_defaults(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_route rt = route("/a", "A");
    sy_param d[2];
    sy_error err;
    (void)state;
    rt.defaults = d;
    rt.defaults_count = 1;

    memset(d, 0, sizeof d);
    d[0].text = s("x"); /* no name */
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    d[0].name = s("");
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    d[0].name = s("k");
    d[0].type = 3;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    d[0].type = SY_VALUE_FLOAT;
    d[0].float_value = INFINITY;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    d[0].float_value = NAN;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    d[0].float_value = 1.5;
    d[0].reserved = 1;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    d[0].reserved = 0;
    d[0].type = SY_VALUE_STRING;
    d[0].text.ptr = NULL; /* a string default needs its text */
    d[0].text.len = 0;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    d[0].text = s("v");
    d[1] = d[0];
    rt.defaults_count = 2;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
    assert_true(sy_test_message_has(&err, "twice"));
    d[1].name = s("k2");
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    sy_router_free(r);
}

/* HEADER (sy_route): name "optional route name", priority "higher wins over any
 * specificity", defaults "values for names neither path nor query supply", and (sy_param)
 * "type selects the value: text for SY_VALUE_STRING, int_value for SY_VALUE_INT, float_value
 * (finite) for SY_VALUE_FLOAT; the other fields are ignored." */
static void add_route_uses_every_field(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_route rt = route("myapp://user/<int:id>", "UserProfile");
    sy_param d[3], p;
    int found;
    sy_error err;
    (void)state;
    memset(d, 0, sizeof d);
    d[0].name = s("tab");
    d[0].type = SY_VALUE_STRING;
    d[0].text = s("posts");
    d[0].int_value = 99; /* ignored */
    d[1].name = s("page");
    d[1].type = SY_VALUE_INT;
    d[1].int_value = -3;
    d[1].text = s("ignored");
    d[2].name = s("zoom");
    d[2].type = SY_VALUE_FLOAT;
    d[2].float_value = 1.5;
    rt.name = s("user");
    rt.defaults = d;
    rt.defaults_count = 3;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);

    sy_test_resolve(m, r, "myapp://user/42?page=2");
    assert_str(sy_match_name(m), "user");
    assert_status(SY_OK, sy_match_param(&p, &found, m, LIT("tab"), &err), &err);
    assert_true(found);
    assert_int_equal(p.type, SY_VALUE_STRING);
    assert_str(p.text, "posts");
    assert_status(SY_OK, sy_match_param(&p, &found, m, LIT("page"), &err), &err);
    assert_int_equal(p.type, SY_VALUE_STRING); /* the query supplied it: text wins */
    assert_str(p.text, "2");
    assert_status(SY_OK, sy_match_param(&p, &found, m, LIT("zoom"), &err), &err);
    assert_int_equal(p.type, SY_VALUE_FLOAT);
    assert_true(p.float_value == 1.5);
    sy_test_resolve(m, r, "myapp://user/42");
    assert_status(SY_OK, sy_match_param(&p, &found, m, LIT("page"), &err), &err);
    assert_true(found);
    assert_int_equal(p.type, SY_VALUE_INT);
    assert_int_equal(p.int_value, -3);

    /* priority: a generic route with priority 1 beats the more specific one */
    rt = route("myapp://user/:any", "Generic");
    rt.priority = 1;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    sy_test_resolve(m, r, "myapp://user/42");
    assert_str(sy_match_target(m), "Generic");
    /* "with the same priority that is a conflict": same shape at another priority is not */
    rt = route("myapp://user/:other", "Other");
    rt.priority = 2;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    rt.priority = 1;
    assert_status(SY_ERR_CONFLICT, sy_router_add_route(r, &rt, &err), &err);
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER: "Add several routes at once, all or nothing, with one rebuild of the table." ...
 * "On failure no route of the batch was added." ... "For an error in one route,
 * route_index is its index i, the message starts with "routes[i]: ", and position is
 * relative to that route's pattern (or redirect, search or hash); for any other error
 * route_index is -1." */
static void add_routes_is_all_or_nothing(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_route batch[3];
    sy_error err;
    (void)state;
    batch[0] = route("/one", "1");
    batch[1] = route("/two", "2");
    batch[2] = route("/three/<int:x", "3");
    assert_status(SY_ERR_INVALID_PATTERN, sy_router_add_routes(r, batch, 3, &err), &err);
    assert_int_equal(strncmp(err.message, "routes[2]: ", 11), 0);
    assert_int_equal(err.route_index, 2);
    assert_int_equal(err.position, 7);
    sy_test_resolve(m, r, "/one");
    assert_false(sy_match_found(m));

    /* a conflict inside the batch */
    batch[2] = route("/one", "again");
    assert_status(SY_ERR_CONFLICT, sy_router_add_routes(r, batch, 3, &err), &err);
    assert_int_equal(strncmp(err.message, "routes[2]: ", 11), 0);
    assert_int_equal(err.route_index, 2);
    sy_test_resolve(m, r, "/two");
    assert_false(sy_match_found(m));

    /* a conflict with a route already in the router */
    sy_test_add(r, "/two", "existing");
    batch[2] = route("/three", "3");
    assert_status(SY_ERR_CONFLICT, sy_router_add_routes(r, batch, 3, &err), &err);
    assert_int_equal(strncmp(err.message, "routes[1]: ", 11), 0);
    assert_int_equal(err.route_index, 1);
    sy_test_resolve(m, r, "/one");
    assert_false(sy_match_found(m));

    /* a bad struct is found before anything is added */
    batch[1] = route("/two-b", NULL);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_routes(r, batch, 3, &err), &err);
    assert_true(sy_test_message_has(&err, "routes[1]"));
    assert_int_equal(err.route_index, 1);
    /* not about one route: -1 */
    assert_status(SY_ERR_MISUSE, sy_router_add_routes(r, NULL, 2, &err), &err);
    assert_int_equal(err.route_index, -1);

    batch[1] = route("/two-b", "2b");
    assert_status(SY_OK, sy_router_add_routes(r, batch, 3, &err), &err);
    sy_test_resolve(m, r, "/three");
    assert_str(sy_match_target(m), "3");
    sy_test_resolve(m, r, "/two");
    assert_str(sy_match_target(m), "existing");
    sy_match_free(m);
    sy_router_free(r);
}

/* The index is right for every kind of error, also one whose message does not quote
 * the pattern (a limit), and deep in a larger batch. */
static void add_routes_names_the_failing_index(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_route batch[40];
    char patterns[40][32];
    sy_error err;
    int i;
    (void)state;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_pattern_length = 24;
    r = sy_test_router(&o);
    sy_test_add(r, "/existing/:x", "E");
    for (i = 0; i < 40; i++) {
        snprintf(patterns[i], sizeof patterns[i], "/p%d/:x", i);
        batch[i] = route(patterns[i], "T");
    }
    batch[27].pattern = s("/this/pattern/is/far/too/long");
    assert_status(SY_ERR_LIMIT, sy_router_add_routes(r, batch, 40, &err), &err);
    assert_int_equal(strncmp(err.message, "routes[27]: ", 12), 0);
    assert_int_equal(err.route_index, 27);
    batch[27] = route("/existing/:y", "clash");
    assert_status(SY_ERR_CONFLICT, sy_router_add_routes(r, batch, 40, &err), &err);
    assert_int_equal(strncmp(err.message, "routes[27]: ", 12), 0);
    assert_int_equal(err.route_index, 27);
    batch[27] = route(patterns[3], "again");
    assert_status(SY_ERR_CONFLICT, sy_router_add_routes(r, batch, 40, &err), &err);
    assert_int_equal(strncmp(err.message, "routes[27]: ", 12), 0);
    assert_int_equal(err.route_index, 27);
    sy_router_free(r);
}

/* HEADER: "count Number of routes; 0 does nothing and returns SY_OK." ... "SY_ERR_MISUSE
 * if routes is NULL with a non-zero count," ... "SY_ERR_INVALID_ARGUMENT if count is over
 * SIZE_MAX / 2." */
static void add_routes_count_rules(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_route one = route("/x", "X");
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_router_add_routes(r, NULL, 0, &err), &err);
    assert_status(SY_OK, sy_router_add_routes(r, &one, 0, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_add_routes(r, NULL, 1, &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_add_routes(NULL, &one, 1, &err), &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_routes(r, &one, SIZE_MAX / 2 + 1, &err),
                  &err);
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_routes(r, &one, SIZE_MAX, &err), &err);
    sy_router_free(r);
}

/* HEADER (sy_route): "The strings and the defaults array are only read during the call
 * that takes the route; nothing is kept." */
static void add_route_keeps_nothing(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    char pattern[] = "/kept/:id";
    char target[] = "Kept";
    char name[] = "kept";
    char key[] = "k", value[] = "v";
    sy_param d;
    sy_route rt = route(pattern, target);
    sy_error err;
    (void)state;
    memset(&d, 0, sizeof d);
    d.name = s(key);
    d.text = s(value);
    rt.name = s(name);
    rt.defaults = &d;
    rt.defaults_count = 1;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    memset(pattern, '#', sizeof pattern - 1);
    memset(target, '#', sizeof target - 1);
    memset(name, '#', sizeof name - 1);
    key[0] = value[0] = '#';
    memset(&d, 0x77, sizeof d);
    sy_test_resolve(m, r, "/kept/1");
    assert_str(sy_match_pattern(m), "/kept/:id");
    assert_str(sy_match_target(m), "Kept");
    assert_str(sy_match_name(m), "kept");
    assert_str(sy_test_param_text(m, "k"), "v");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (SY_ROUTE_NO_APPEND_PARAMS): "No effect on a target." */
static void no_append_params_on_a_target_is_accepted(void **state)
{
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    sy_route rt = route("/t/:x", "Target");
    sy_error err;
    (void)state;
    rt.flags = SY_ROUTE_NO_APPEND_PARAMS;
    assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    sy_test_resolve(m, r, "/t/1?q=2");
    assert_str(sy_match_target(m), "Target");
    assert_str(sy_test_param_text(m, "q"), "2");
    sy_match_free(m);
    sy_router_free(r);
}

/* HEADER (sy_router_add_route): "also for a redirect template that is empty or
 * malformed, names a parameter not captured by every form of the pattern, or puts a
 * placeholder in the scheme or host (position: the byte in the redirect)" */
static void add_route_checks_redirect_templates(void **state)
{
    static const struct { const char *pattern, *redirect; int32_t position; } bad[] = {
        {"/a/:id", "myapp://x/{nope}", 10},
        {"/b/:id", "{id}://x", 0},
        {"/c/:id", "https://{id}.example.com/", 8},
        {"/d/:id", "myapp://x/{id", 10},
        {"/e/:id", "", -1},
        {"/f(/:id)", "/x/{id}", 3},
    };
    sy_router *r = sy_test_router(NULL);
    sy_error err;
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sy_route rt = route(bad[i].pattern, NULL);
        rt.redirect = s(bad[i].redirect);
        print_message("%s -> %s\n", bad[i].pattern, bad[i].redirect);
        assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_add_route(r, &rt, &err), &err);
        assert_int_equal(err.position, bad[i].position);
    }
    sy_router_free(r);
}

/* HEADER (sy_router_add): "SY_ERR_INVALID_PATTERN if the pattern is malformed (position:
 * the byte)": a web-scheme pattern is read as a URL with the same text is read (docs/SECURITY.md,
 * on patterns read as URLs): refused where a browser reads another host or no URL could match, else matching
 * the host and port a browser reads. */
static void patterns_read_as_urls(void **state)
{
    static const struct { const char *pattern; int32_t position; const char *words; } bad[] = {
        {"https:/a", 6, "'//'"},              /* a browser reads host 'a' */
        {"https:///a", 6, "'//'"},
        {"https://[::1", 8, "IPv6"},          /* unclosed: could never match */
        {"https://h:65536/a", 10, "65535"},   /* over 65535: could never match */
        {"https://a\\b/c", 9, "'\\'"},
    };
    sy_error err;
    sy_router *r = sy_test_router(NULL);
    sy_match *m = sy_test_match();
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_status(SY_ERR_INVALID_PATTERN, sy_router_add(r, LIT(bad[i].pattern), LIT("T"), &err), &err);
        assert_int_equal(err.position, bad[i].position);
        assert_true(sy_test_message_has(&err, bad[i].words));
    }
    /* A leading-zero default port is the default port, dropped, as a browser drops it. */
    sy_test_add(r, "https://h:0443/a", "A");
    sy_test_resolve(m, r, "https://h/a");
    assert_str(sy_match_target(m), "A");
    sy_test_resolve(m, r, "https://h:0443/a");
    assert_str(sy_match_target(m), "A");
    sy_match_free(m);
    sy_router_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(route_init_fills_or_refuses),
        cmocka_unit_test(add_route_misuse),
        cmocka_unit_test(add_route_invalid_arguments),
        cmocka_unit_test(add_route_checks_defaults),
        cmocka_unit_test(add_route_uses_every_field),
        cmocka_unit_test(add_routes_is_all_or_nothing),
        cmocka_unit_test(add_routes_count_rules),
        cmocka_unit_test(add_routes_names_the_failing_index),
        cmocka_unit_test(add_route_keeps_nothing),
        cmocka_unit_test(no_append_params_on_a_target_is_accepted),
        cmocka_unit_test(add_route_checks_redirect_templates),
        cmocka_unit_test(patterns_read_as_urls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
