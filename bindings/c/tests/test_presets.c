/* test_presets.c: sy_router_options_preset, and a sample of the conformance cases of
 * Tests/Data/conformance (docs/CONFORMANCE.md) run through C, each router's file under its
 * preset with the case's own router flags set as options. */
#include <stddef.h>
#include <stdint.h>
#include <jansson.h>
#include "sy_test.h"

/* HEADER: "Fill an options struct with a compatibility preset" ... "SY_ERR_INVALID_ARGUMENT
 * for an unknown name (the message lists the known ones)" ... "On failure opts is left
 * untouched." */
static void preset_fills_options_and_refuses_unknown_names(void **state)
{
    sy_router_options o, before;
    sy_error err;
    (void)state;
    assert_int_equal(sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION), SY_OK);
    assert_status(SY_OK, sy_router_options_preset(&o, LIT("jlroutes"), &err), &err);
    assert_int_equal(o.version, SY_ROUTER_OPTIONS_VERSION);
    assert_int_equal(o.pattern_reading, SY_READING_JLROUTES);
    assert_int_equal(o.host_handling, SY_HOST_WHEN_DOTTED);
    assert_int_equal(o.precedence, SY_PRECEDENCE_REGISTRATION_ORDER);
    assert_true(o.flags & SY_OPT_FRAGMENT_AS_PATH);
    assert_true(o.flags & SY_OPT_PLUS_AS_SPACE_IN_PATH);

    assert_status(SY_OK, sy_router_options_preset(&o, LIT("kickstarter"), &err), &err);
    assert_int_equal(o.host_handling, SY_HOST_ALWAYS_HOST);
    assert_true(o.host_prefixes_count > 0);
    assert_false(o.flags & SY_OPT_FRAGMENT_AS_PATH);

    assert_status(SY_OK, sy_router_options_preset(&o, LIT("switchyard"), &err), &err);
    sy_router_options plain;
    sy_router_options_init(&plain, SY_ROUTER_OPTIONS_VERSION);
    assert_memory_equal(&o, &plain, sizeof o);

    before = o;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_options_preset(&o, LIT("express"), &err), &err);
    assert_non_null(strstr(err.message, "jlroutes, urlnavigator, mgjrouter"));
    assert_memory_equal(&o, &before, sizeof o);
    assert_status(SY_ERR_MISUSE, sy_router_options_preset(NULL, LIT("jlroutes"), &err), &err);
    assert_status(SY_ERR_MISUSE, sy_router_options_preset(&o, NULL, 0, &err), &err);
    /* A struct of version 3 has no pattern_reading: a preset cannot be written into it. */
    assert_int_equal(sy_router_options_init(&o, 3), SY_OK);
    assert_status(SY_ERR_MISUSE, sy_router_options_preset(&o, LIT("jlroutes"), &err), &err);
}

/* A preset's router reads its router's patterns: a DeepLinkKit route starting with '/'
 * matches under any host, a fields set after the preset still counts. */
static void preset_router_reads_that_routers_patterns(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_match *m;
    sy_error err;
    (void)state;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    assert_status(SY_OK, sy_router_options_preset(&o, LIT("deeplinkkit"), &err), &err);
    assert_status(SY_OK, sy_router_new(&r, &o, &err), &err);
    assert_status(SY_OK, sy_router_add(r, LIT("/table/:table([a-zA-Z]+)/:id([0-9]+)"), LIT("T"), &err), &err);
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    sy_test_resolve(m, r, "dlc://any.host/table/book/42");
    assert_true(sy_match_found(m));
    assert_str(sy_test_param_text(m, "id"), "42");
    sy_test_resolve(m, r, "dlc://any.host/table/book/x");
    assert_false(sy_match_found(m));
    sy_router_free(r);

    /* JLRoutes with shouldDecodePlusSymbols off: '+' stays a plus in the query. */
    assert_status(SY_OK, sy_router_options_preset(&o, LIT("jlroutes"), &err), &err);
    o.flags &= ~(uint32_t)(SY_OPT_PLUS_AS_SPACE_IN_PATH | SY_OPT_ENCODED_PLUS_AS_SPACE);
    o.flags |= SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY;
    assert_status(SY_OK, sy_router_new(&r, &o, &err), &err);
    assert_status(SY_OK, sy_router_add(r, LIT("/user#/view/:userID"), LIT("U"), &err), &err);
    sy_test_resolve(m, r, "tests://user#/view/joeldev?name=joel+levin");
    assert_true(sy_match_found(m));
    assert_str(sy_test_param_text(m, "userID"), "joeldev");
    assert_str(sy_test_param_text(m, "name"), "joel+levin");
    sy_router_free(r);
    sy_match_free(m);
}

/* One router's file: every case whose routes are a plain list, with no operations before the
 * lookup and not in `skipped`, is run; match, pattern and string parameters are checked. */
static void run_file(const char *system, const char *const *skipped, int *ran)
{
    char path[4096], file[64];
    json_error_t jerr;
    json_t *cases, *c;
    size_t i;
    sy_match *m;
    sy_error err;

    snprintf(file, sizeof file, "conformance/%s.json", system);
    assert_non_null(sy_test_data_path(path, sizeof path, file));
    cases = json_load_file(path, 0, &jerr);
    if (cases == NULL) fail_msg("cannot read %s: %s", path, jerr.text);
    assert_status(SY_OK, sy_match_new(&m, &err), &err);
    json_array_foreach(cases, i, c) {
        const char *id = json_string_value(json_object_get(c, "id"));
        const char *url = json_string_value(json_object_get(c, "url"));
        json_t *routes = json_object_get(c, "routes"), *expect = json_object_get(c, "expect");
        json_t *config = json_object_get(c, "config"), *route, *match, *params, *value;
        const char *const *s;
        const char *key, *want;
        sy_router_options o;
        sy_router *r;
        size_t k;
        int skip = 0, ok = 1;

        for (s = skipped; *s; s++) skip |= strcmp(*s, id) == 0;
        match = json_object_get(expect, "match");
        if (skip || json_object_get(c, "kind") || !json_is_array(routes) || json_object_get(c, "ops_before")
            || url == NULL || !json_is_boolean(match))
            continue;
        sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
        assert_status(SY_OK, sy_router_options_preset(&o, system, strlen(system), &err), &err);
        /* The case's own router flags, as docs/CONFORMANCE.md maps them. */
        if (json_is_false(json_object_get(config, "shouldDecodePlusSymbols"))) {
            o.flags &= ~(uint32_t)(SY_OPT_PLUS_AS_SPACE_IN_PATH | SY_OPT_ENCODED_PLUS_AS_SPACE);
            o.flags |= SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY;
        }
        if (json_is_true(json_object_get(config, "alwaysTreatsHostAsPathComponent")))
            o.host_handling = SY_HOST_ALWAYS_SEGMENT;
        if (json_is_true(json_object_get(config, "caseInsensitive")))
            o.flags |= SY_OPT_CASE_INSENSITIVE_LITERALS;
        if (json_object_get(config, "valueConverters") || json_object_get(config, "scheme_options"))
            continue; /* run by the Swift suite */
        assert_status(SY_OK, sy_router_new(&r, &o, &err), &err);
        json_array_foreach(routes, k, route) {
            const char *pattern = json_string_value(json_object_get(route, "pattern"));
            const char *scheme = json_string_value(json_object_get(route, "scheme"));
            char ours[512];
            if (pattern == NULL || strcmp(pattern, "/:") == 0) continue;
            /* A JLRoutes scheme namespace is the pattern's scheme. */
            if (scheme && strcmp(scheme, "JLRoutesGlobalRoutesScheme") != 0)
                snprintf(ours, sizeof ours, "%s://%s", scheme, pattern[0] == '/' ? pattern + 1 : pattern);
            else
                snprintf(ours, sizeof ours, "%s", pattern);
            if (sy_router_add(r, ours, strlen(ours), pattern, strlen(pattern), &err) != SY_OK) {
                print_error("%s: cannot add %s: %s\n", id, ours, err.message);
                ok = 0;
            }
        }
        assert_status(SY_OK, sy_router_resolve(m, r, url, strlen(url), &err), &err);
        if (sy_match_found(m) != json_is_true(match)) {
            print_error("%s: %s %s\n", id, url, json_is_true(match) ? "should match" : "should not match");
            ok = 0;
        }
        want = json_string_value(json_object_get(expect, "pattern"));
        if (ok && json_is_true(match) && want) {
            sy_str target = sy_match_target(m);
            /* JLRoutes names the alternative of an optional group; the route is the whole pattern. */
            if (memchr(target.ptr, '(', target.len) == NULL
                && (target.len != strlen(want) || memcmp(target.ptr, want, target.len) != 0)) {
                print_error("%s: matched %.*s, expected %s\n", id, (int)target.len, target.ptr, want);
                ok = 0;
            }
        }
        params = json_object_get(expect, "params");
        if (ok && json_is_true(match) && strcmp(system, "mgjrouter") != 0 && strcmp(id, "jlroutes-024") != 0) {
            json_object_foreach(params, key, value) {
                sy_str got;
                if (!json_is_string(value) || strcmp(key, "JLRouteWildcardComponents") == 0) continue;
                got = sy_test_param_text(m, key);
                if (got.ptr == NULL || got.len != strlen(json_string_value(value))
                    || memcmp(got.ptr, json_string_value(value), got.len) != 0) {
                    print_error("%s: parameter %s is %.*s, expected %s\n", id, key, (int)got.len,
                                got.ptr ? got.ptr : "", json_string_value(value));
                    ok = 0;
                }
            }
        }
        assert_true(ok);
        sy_router_free(r);
        (*ran)++;
    }
    sy_match_free(m);
    json_decref(cases);
}

/* The cases the presets do not reproduce (Tests/SwitchyardTests/ConformanceSkips.swift says why). */
static const char *const skipped[] = {
    "jlroutes-048", "jlroutes-062", "urlnavigator-058", "mgjrouter-011", "mgjrouter-013",
    "mgjrouter-016", "routingkit-051", "routingkit-065", "routingkit-067", "routingkit-068", NULL,
};

static void conformance_sample_under_presets(void **state)
{
    static const char *const systems[] = {"jlroutes", "urlnavigator", "mgjrouter", "deeplinkkit",
                                          "waapprouting", "routingkit"};
    size_t k;
    int ran = 0;
    (void)state;
    for (k = 0; k < sizeof systems / sizeof systems[0]; k++) run_file(systems[k], skipped, &ran);
    assert_true(ran > 150);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(preset_fills_options_and_refuses_unknown_names),
        cmocka_unit_test(preset_router_reads_that_routers_patterns),
        cmocka_unit_test(conformance_sample_under_presets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
