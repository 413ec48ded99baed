/*
 * test_roundtrip.c: "Resolving the URL gives back the route and the values"
 * (sy_router_build_url) over random route tables of every form and hostile values, the
 * cases of Tests/RoundTrip/README.md (roundtrip_generator.h); a type's format function
 * (sy_type_format_fn) writes its canonical text; and a table of hand-picked cases.
 */
#include <errno.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sy_test.h"
#include "roundtrip_generator.h"

/* The parameter type `date` of the generated tables: YYYY-M-D, formatted YYYY-MM-DD. */
static int date_parse(const char *text, size_t len, void *user_data)
{
    char canonical[16];
    (void)user_data;
    return rt_canonical_date(text, len, canonical, sizeof canonical) ? SY_TYPE_ACCEPT : SY_TYPE_DECLINE;
}

static int date_format(const char *text, size_t len, char *buf, size_t cap, size_t *len_out, void *user_data)
{
    char canonical[16];
    (void)user_data;
    if (!rt_canonical_date(text, len, canonical, sizeof canonical)) return SY_TYPE_DECLINE;
    *len_out = strlen(canonical);
    if (*len_out <= cap) memcpy(buf, canonical, *len_out);
    return SY_TYPE_ACCEPT;
}

/* snprintf into a buffer, cut when full (a message, so cutting is fine). */
static void say(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
}

static uint64_t env_number(const char *name, uint64_t otherwise)
{
    const char *text = getenv(name);
    if (!text || !*text) return otherwise;
    return strtoull(text, NULL, strncmp(text, "0x", 2) == 0 ? 16 : 10);
}

/* A router with `date` and `tab` and the routes of `routes` it accepts, listed in `added`. */
static sy_router *table_router(const rt_route *routes, int count, const rt_route **added, int *added_count)
{
    sy_router *router = NULL;
    sy_error err;
    const sy_str tabs[3] = {{SY_STR("reviews")}, {SY_STR("photos")}, {SY_STR("a")}};
    int k;
    assert_status(SY_OK, sy_router_new(&router, NULL, &err), &err);
    assert_status(SY_OK, sy_router_register_type(router, LIT("date"), date_parse, date_format, NULL, NULL, &err), &err);
    assert_status(SY_OK, sy_router_register_words(router, LIT("tab"), tabs, 3, &err), &err);
    *added_count = 0;
    for (k = 0; k < count; k++) {
        sy_route route = SY_ROUTE_INIT;
        route.pattern.ptr = routes[k].pattern;
        route.pattern.len = strlen(routes[k].pattern);
        route.target.ptr = routes[k].name;
        route.target.len = strlen(routes[k].name);
        route.name = route.target;
        if (routes[k].urlpattern) route.flags |= SY_ROUTE_DIALECT_URLPATTERN;
        if (sy_router_add_route(router, &route, NULL) == SY_OK) added[(*added_count)++] = &routes[k];
    }
    return router;
}

/* Swift's Int64(text): an optional sign and decimal digits within int64_t. */
static int strict_int(const char *text, int64_t *out)
{
    char *end;
    const char *digits = text + (text[0] == '+' || text[0] == '-');
    if (!*digits || strspn(digits, "0123456789") != strlen(digits)) return 0;
    errno = 0;
    *out = strtoll(text, &end, 10);
    return errno == 0 && *end == 0;
}

/* Why the value p read back is not v (of type `type`), written to why; 0 when it is. */
static int value_problem(const sy_param *p, const rt_value *v, int type, char *why, size_t cap)
{
    char want[RT_TEXT];
    if (type == RT_INT) {
        int64_t i;
        if (!strict_int(v->text, &i)) { say(why, cap, "'%s' is not an integer", v->text); return 1; }
        if (p->type != SY_VALUE_INT || p->int_value != i) { say(why, cap, "'%s' reads back as '%.*s'", v->name, (int)p->text.len, p->text.ptr); return 1; }
        return 0;
    }
    if (type == RT_FLOAT) {
        char *end;
        double d = strtod(v->text, &end);
        if (*end || !*v->text) { say(why, cap, "'%s' is not a number", v->text); return 1; }
        if (p->type != SY_VALUE_FLOAT || p->float_value != d) { say(why, cap, "'%s' reads back as '%.*s'", v->name, (int)p->text.len, p->text.ptr); return 1; }
        return 0;
    }
    if (type == RT_DATE) {
        if (!rt_canonical_date(v->text, strlen(v->text), want, sizeof want)) { say(why, cap, "'%s' is not a date", v->text); return 1; }
    } else {
        snprintf(want, sizeof want, "%s", v->text);
    }
    if (p->text.len != strlen(want) || memcmp(p->text.ptr, want, p->text.len) != 0) {
        say(why, cap, "'%s' reads back as '%.*s', not '%s'", v->name, (int)p->text.len, p->text.ptr, want);
        return 1;
    }
    return 0;
}

/* Why list item `name` of the match is not the values of that name in c (each entry of the
 * name, in order), written to why; 0 when it is. */
static int list_problem(sy_match *match, const rt_case *c, const char *name, char *why, size_t cap)
{
    sy_error err;
    sy_param p;
    size_t k, n = sy_match_param_count(match);
    int j = 0, read = 0, given = 0, type = rt_type_of(c->route, name);
    for (k = 0; k < (size_t)c->count; k++) given += strcmp(c->values[k].name, name) == 0;
    for (k = 0; k < n; k++) {
        assert_status(SY_OK, sy_match_param_at(&p, match, k, &err), &err);
        if (p.name.len != strlen(name) || memcmp(p.name.ptr, name, p.name.len) != 0) continue;
        read++;
        while (j < c->count && strcmp(c->values[j].name, name) != 0) j++;
        if (j == c->count) continue;  /* more read than given: counted below */
        if (value_problem(&p, &c->values[j++], type, why, cap)) return 1;
    }
    if (read != given) { say(why, cap, "list '%s' reads back %d values, not %d", name, read, given); return 1; }
    return 0;
}

/* Why `url` does not give back case c's route and values, written to why; 0 when it does. */
static int read_back_problem(sy_router *router, sy_match *match, const char *url, const rt_case *c,
                             char *why, size_t cap)
{
    sy_error err;
    sy_param p;
    size_t k, n;
    int j, given = 0, found;
    why[0] = 0;
    if (sy_router_resolve(match, router, LIT(url), &err) != SY_OK) { say(why, cap, "resolving it fails: %s", err.message); return 1; }
    if (!sy_match_found(match)) { say(why, cap, "no route matches it"); return 1; }
    {
        sy_str name = sy_match_name(match), pattern = sy_match_pattern(match);
        if (name.len != strlen(c->route->name) || memcmp(name.ptr, c->route->name, name.len) != 0) {
            say(why, cap, "it resolves to '%.*s'", (int)pattern.len, pattern.ptr);
            return 1;
        }
    }
    /* Exactly the path parameters given. */
    for (j = 0; j < c->count; j++) {
        int type = rt_type_of(c->route, c->values[j].name), query = 0, q;
        for (q = 0; q < c->route->query_count; q++) query |= strcmp(c->route->query[q].name, c->values[j].name) == 0;
        if (type != RT_NONE && !query) given++;
    }
    n = sy_match_path_param_count(match);
    for (k = 0; k < n; k++) {
        char name[16];
        assert_status(SY_OK, sy_match_path_param_at(&p, match, k, &err), &err);
        snprintf(name, sizeof name, "%.*s", (int)p.name.len, p.name.ptr);
        if (!rt_given(c, name)) { say(why, cap, "it has the path parameter '%s', not given", name); return 1; }
    }
    if ((int)n != given) { say(why, cap, "it has %zu path parameters, not %d", n, given); return 1; }
    for (j = 0; j < c->count; j++) {
        const rt_value *v = &c->values[j];
        if (rt_is_list(c->route, v->name)) continue;
        assert_status(SY_OK, sy_match_param(&p, &found, match, LIT(v->name), &err), &err);
        if (!found) { say(why, cap, "'%s' is not read back", v->name); return 1; }
        if (value_problem(&p, v, rt_type_of(c->route, v->name), why, cap)) return 1;
    }
    for (j = 0; j < c->route->query_count; j++)
        if (c->route->query[j].list && list_problem(match, c, c->route->query[j].name, why, cap)) return 1;
    return 0;
}

/* What is wrong with the library's answer for case c (written to why; 0 when nothing is);
 * *built says whether it built a URL. */
static int case_problem(sy_router *router, sy_match *match, const rt_case *c, int *built, char *why, size_t cap)
{
    sy_param params[12];
    char url[4 * RT_TEXT], plain[4 * RT_TEXT], inner[512], route_quoted[16];
    sy_error err;
    size_t len = 0;
    int k;
    sy_status st;
    memset(params, 0, sizeof params);
    for (k = 0; k < c->count; k++) {
        params[k].name.ptr = c->values[k].name;
        params[k].name.len = strlen(c->values[k].name);
        params[k].text.ptr = c->values[k].text;
        params[k].text.len = strlen(c->values[k].text);
        params[k].type = SY_VALUE_STRING;
    }
    st = sy_router_build_url(url, sizeof url, &len, router, LIT(c->route->name), params, (size_t)c->count, &err);
    *built = st == SY_OK;
    if (st != SY_OK) {
        if (st != SY_ERR_INVALID_ARGUMENT) { say(why, cap, "refused with status %d: %s", (int)st, err.message); return 1; }
        snprintf(route_quoted, sizeof route_quoted, "'%s'", c->route->name);
        if (!strstr(err.message, route_quoted)) { say(why, cap, "the refusal does not name the route: %s", err.message); return 1; }
        plain[0] = 0;
        rt_plain_url(c, plain, sizeof plain);
        if (!read_back_problem(router, match, plain, c, inner, sizeof inner)) {
            say(why, cap, "refused (%s), but '%s' resolves back", err.message, plain);
            return 1;
        }
        return 0;
    }
    if (read_back_problem(router, match, url, c, inner, sizeof inner)) {
        say(why, cap, "built '%s': %s", url, inner);
        return 1;
    }
    return 0;
}

static void describe(const rt_case *c, char *out, size_t cap)
{
    int k;
    snprintf(out, cap, "route %s '%s'%s, values", c->route->name, c->route->pattern, c->route->urlpattern ? " (urlpattern)" : "");
    for (k = 0; k < c->count; k++) rt_cat(out, cap, "%s %s=\"%s\"", k ? "," : "", c->values[k].name, c->values[k].text);
}

static void random_pairs_round_trip(void **state)
{
    uint64_t seed = env_number("SWITCHYARD_ROUNDTRIP_SEED", RT_DEFAULT_SEED);
    uint64_t count = env_number("SWITCHYARD_ROUNDTRIP_COUNT", 100000);
    const char *only_text = getenv("SWITCHYARD_ROUNDTRIP_INDEX");
    uint64_t first = only_text ? env_number("SWITCHYARD_ROUNDTRIP_INDEX", 0) : 0;
    uint64_t end = only_text ? first + 1 : count, i;
    rt_route routes[RT_MAX_ROUTES];
    const rt_route *added[RT_MAX_ROUTES];
    int added_count = 0, table = -1, failed = 0, built_count = 0, cases = 0;
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    (void)state;
    assert_status(SY_OK, sy_match_new(&match, &err), &err);
    for (i = first; i < end; i++) {
        int t = (int)(i / RT_PAIRS_PER_TABLE), built;
        rt_case c;
        char why[2048];
        if (t != table) {
            int n;
            table = t;
            sy_router_free(router);
            n = rt_table(seed, t, routes);
            router = table_router(routes, n, added, &added_count);
        }
        if (added_count == 0) continue;
        rt_values(seed, t, (int)(i % RT_PAIRS_PER_TABLE), added, added_count, &c);
        cases++;
        if (case_problem(router, match, &c, &built, why, sizeof why)) {
            char what[1024];
            describe(&c, what, sizeof what);
            if (failed < 20) print_error("seed 0x%llx index %llu: %s: %s\n", (unsigned long long)seed, (unsigned long long)i, what, why);
            failed++;
        }
        built_count += built;
    }
    sy_router_free(router);
    sy_match_free(match);
    if (failed) print_error("%d case(s) fail; replay one with SWITCHYARD_ROUNDTRIP_SEED and SWITCHYARD_ROUNDTRIP_INDEX\n", failed);
    assert_int_equal(failed, 0);
    assert_int_equal(cases, (int)(end - first));
    /* Not a vacuous run: most values are written. */
    if (!only_text) assert_true(built_count * 2 > cases);
}

/* Hand-picked cases held out of the generator (RoundTripNastyCaseTests.swift and
 * test_roundtrip_random.py hold the same table): the route, up to two parameters, the URL
 * built, or NULL and the words of the refusal. */
static const char *const nasty_routes[][2] = {
    {"/user/settings", "settings"},
    {"/user/:name", "user"},
    {"/files/*path", "files"},
    {"/d/<date:d>", "day"},
    {"/t/<one(a,b):k>", "tab"},
    {"myapp://:host/open", "open"},
    {"/s?q=<string:q>&page=<int:page=1>", "search"},
    {"/doc/:id.:format", "doc"},
};

static const struct { const char *route, *n1, *v1, *n2, *v2, *url, *words; } nasty_cases[] = {
    {"user", "name", "settings", NULL, NULL, NULL, "which resolves to route 'settings' ('/user/settings') instead"},
    {"user", "name", "..", NULL, NULL, NULL, "parameter 'name' of route 'user' may not be '..'"},
    {"user", "name", ".", NULL, NULL, NULL, "parameter 'name' of route 'user' may not be '.'"},
    {"user", "name", "", NULL, NULL, NULL, "parameter 'name' of route 'user' is empty"},
    {"user", "name", "%2F", NULL, NULL, "/user/%252F", NULL},
    {"user", "name", "a/b", NULL, NULL, "/user/a%2Fb", NULL},
    {"user", "name", "a+b c", NULL, NULL, "/user/a%2Bb%20c", NULL},
    {"user", "name", "\xF0\x9F\x98\x80", NULL, NULL, "/user/%F0%9F%98%80", NULL},
    {"user", "name", "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D", NULL, NULL, "/user/%D7%A9%D7%9C%D7%95%D7%9D", NULL},
    {"user", "name", "\xF0\x9D\x84\x9E?#&", NULL, NULL, "/user/%F0%9D%84%9E%3F%23%26", NULL},
    {"files", "path", "a/../b", NULL, NULL, NULL, "parameter 'path' of route 'files' may not hold a '..' segment"},
    {"files", "path", "a//b", NULL, NULL, NULL, "parameter 'path' of route 'files' may not hold an empty segment"},
    {"files", "path", "a/b/", NULL, NULL, NULL, "parameter 'path' of route 'files' may not hold an empty segment"},
    {"files", "path", "x y/%2F", NULL, NULL, "/files/x%20y/%252F", NULL},
    {"open", "host", "u:pw@evil.example", NULL, NULL, "myapp://u%3Apw%40evil.example/open", NULL},
    {"open", "host", "a/b", NULL, NULL, "myapp://a%2Fb/open", NULL},
    {"day", "d", "2026-1-5", NULL, NULL, "/d/2026-01-05", NULL},
    {"day", "d", "2026-13-1", NULL, NULL, NULL, "parameter 'd' of route 'day' is not a value of type 'date': '2026-13-1'"},
    {"tab", "k", "c", NULL, NULL, NULL, "parameter 'k' of route 'tab' is not a value of type 'one(a,b)': 'c'"},
    {"search", "q", "a&b=c#d+e", "page", "1", "/s?q=a%26b%3Dc%23d%2Be", NULL},
    {"search", "q", "", "page", "2", "/s?q=&page=2", NULL},
    {"search", "q", "x", "page", "two", NULL, "query item 'page' of route 'search' must be an int, not 'two'"},
    {"doc", "id", "a.b", "format", "json", NULL, "parameter 'id' of route 'doc' would not read back as given"},
    {"doc", "id", "a", "format", "tar.gz", "/doc/a.tar.gz", NULL},
};

static void expect_reads_back(sy_match *match, const char *name, const char *value)
{
    sy_param p;
    sy_error err;
    int found = 0;
    char canonical[16];
    assert_status(SY_OK, sy_match_param(&p, &found, match, LIT(name), &err), &err);
    assert_true(found);
    if (strcmp(name, "page") == 0) {
        assert_int_equal(p.type, SY_VALUE_INT);
        assert_int_equal(p.int_value, atoi(value));
    } else if (strcmp(name, "d") == 0) {
        assert_true(rt_canonical_date(value, strlen(value), canonical, sizeof canonical));
        assert_str(p.text, canonical);
    } else {
        assert_str(p.text, value);
    }
}

static void nasty_cases_round_trip(void **state)
{
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    sy_route up = SY_ROUTE_INIT;
    char url[256];
    size_t k;
    (void)state;
    assert_status(SY_OK, sy_router_new(&router, NULL, &err), &err);
    assert_status(SY_OK, sy_router_register_type(router, LIT("date"), date_parse, date_format, NULL, NULL, &err), &err);
    for (k = 0; k < sizeof nasty_routes / sizeof nasty_routes[0]; k++) {
        sy_route route = SY_ROUTE_INIT;
        route.pattern = (sy_str){nasty_routes[k][0], strlen(nasty_routes[k][0])};
        route.target = (sy_str){nasty_routes[k][1], strlen(nasty_routes[k][1])};
        route.name = route.target;
        assert_status(SY_OK, sy_router_add_route(router, &route, &err), &err);
    }
    up.flags = SY_ROUTE_DIALECT_URLPATTERN;
    up.pattern = (sy_str){SY_STR("/u/:p")};
    up.target = (sy_str){SY_STR("up")};
    up.name = up.target;
    assert_status(SY_OK, sy_router_add_route(router, &up, &err), &err);
    assert_status(SY_OK, sy_match_new(&match, &err), &err);
    for (k = 0; k < sizeof nasty_cases / sizeof nasty_cases[0]; k++) {
        sy_param p[2];
        size_t count = nasty_cases[k].n2 ? 2 : 1;
        sy_status st;
        memset(p, 0, sizeof p);
        p[0].name = (sy_str){nasty_cases[k].n1, strlen(nasty_cases[k].n1)};
        p[0].text = (sy_str){nasty_cases[k].v1, strlen(nasty_cases[k].v1)};
        if (nasty_cases[k].n2) {
            p[1].name = (sy_str){nasty_cases[k].n2, strlen(nasty_cases[k].n2)};
            p[1].text = (sy_str){nasty_cases[k].v2, strlen(nasty_cases[k].v2)};
        }
        st = sy_router_build_url(url, sizeof url, NULL, router, LIT(nasty_cases[k].route), p, count, &err);
        if (!nasty_cases[k].url) {
            assert_status(SY_ERR_INVALID_ARGUMENT, st, &err);
            if (!strstr(err.message, nasty_cases[k].words)) fail_msg("case %zu: %s", k, err.message);
            continue;
        }
        assert_status(SY_OK, st, &err);
        assert_string_equal(url, nasty_cases[k].url);
        assert_status(SY_OK, sy_router_resolve(match, router, LIT(url), &err), &err);
        assert_str(sy_match_name(match), nasty_cases[k].route);
        expect_reads_back(match, nasty_cases[k].n1, nasty_cases[k].v1);
        if (nasty_cases[k].n2) expect_reads_back(match, nasty_cases[k].n2, nasty_cases[k].v2);
    }
    {   /* A urlpattern value that needs encoding would read back as written. */
        sy_param p[1] = {{{SY_STR("p")}, {SY_STR("a b")}, SY_VALUE_STRING, 0, 0, 0}};
        assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_build_url(url, sizeof url, NULL, router, LIT("up"), p, 1, &err), &err);
        assert_non_null(strstr(err.message, "route 'up' would build '/u/a%20b', whose parameter 'p' reads back as 'a%20b', not 'a b'"));
        p[0].text = (sy_str){SY_STR("ok~1")};
        assert_status(SY_OK, sy_router_build_url(url, sizeof url, NULL, router, LIT("up"), p, 1, &err), &err);
        assert_string_equal(url, "/u/ok~1");
    }
    sy_match_free(match);
    sy_router_free(router);
}

/* The same cases as RoundTripGenerator.swift and roundtrip_generator.py. */
static void same_cases_everywhere(void **state)
{
    rt_rng rng = {0};
    (void)state;
    assert_true(rt_next(&rng) == 0xE220A8397B1DCDAFull);
    assert_true(rt_fingerprint(RT_DEFAULT_SEED) == 0x03306DB167967708ull);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_cases_everywhere),
        cmocka_unit_test(nasty_cases_round_trip),
        cmocka_unit_test(random_pairs_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
