/* test_options.c: sy_router_options, sy_router_options_init, sy_router_new with options,
 * and the behaviour each flag, enum and limit turns on. */
#include <stddef.h>
#include <stdint.h>
#include "sy_test.h"

/* HEADER: "Fill an options struct with the defaults of the given version." ...
 * "Zero in a field means the default." */
static void options_init_writes_version_and_zeros(void **state)
{
    sy_router_options o;
    (void)state;
    memset(&o, 0x5A, sizeof o);
    assert_int_equal(sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION), SY_OK);
    assert_int_equal(o.version, SY_ROUTER_OPTIONS_VERSION);
    assert_int_equal(o.flags, 0);
    assert_int_equal(o.host_handling, SY_HOST_WEB_SCHEMES);
    assert_int_equal(o.precedence, SY_PRECEDENCE_SPECIFICITY);
    assert_int_equal(o.max_url_length, 0);
    assert_int_equal(o.max_segments, 0);
    assert_int_equal(o.max_parameters, 0);
    assert_int_equal(o.max_pattern_length, 0);
    assert_int_equal(o.max_document_size, 0);
    assert_int_equal(o.max_redirects, 0);
    assert_null(o.web_schemes);
    assert_int_equal(o.web_schemes_count, 0);
}

/* HEADER: "C only: a designated initializer equal to what sy_router_options_init()
 * writes." */
static void options_init_macro_equals_function(void **state)
{
    sy_router_options a = SY_ROUTER_OPTIONS_INIT;
    sy_router_options b;
    (void)state;
    memset(&b, 0x5A, sizeof b);
    assert_int_equal(sy_router_options_init(&b, SY_ROUTER_OPTIONS_VERSION), SY_OK);
    assert_int_equal(a.version, b.version);
    assert_int_equal(a.flags, b.flags);
    assert_int_equal(a.max_redirects, b.max_redirects);
    assert_ptr_equal(a.web_schemes, b.web_schemes);
}

/* HEADER: "SY_ERR_MISUSE if opts is NULL or version is not one this library knows
 * (opts is then left untouched)." */
static void options_init_rejects_null_and_unknown_versions(void **state)
{
    sy_router_options o, before;
    (void)state;
    assert_int_equal(sy_router_options_init(NULL, SY_ROUTER_OPTIONS_VERSION), SY_ERR_MISUSE);
    memset(&o, 0x5A, sizeof o);
    before = o;
    assert_int_equal(sy_router_options_init(&o, 0), SY_ERR_MISUSE);
    assert_int_equal(sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION + 1), SY_ERR_MISUSE);
    assert_memory_equal(&o, &before, sizeof o);
}

/* HEADER (sy_router_new): "opts ... or NULL for the defaults" and "out Receives the new
 * router; set to NULL on failure." and "SY_ERR_MISUSE if out is NULL, opts->version is
 * unknown, or opts->web_schemes is NULL with a non-zero web_schemes_count" */
static void router_new_checks_out_and_version(void **state)
{
    sy_router_options o;
    sy_router *r = (sy_router *)&o; /* junk: must be overwritten with NULL */
    sy_error err;
    (void)state;
    assert_status(SY_ERR_MISUSE, sy_router_new(NULL, NULL, &err), &err);
    assert_true(sy_test_message_has(&err, "out"));

    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.version = 0; /* "Fill it with sy_router_options_init()": a zeroed struct is misuse */
    assert_status(SY_ERR_MISUSE, sy_router_new(&r, &o, &err), &err);
    assert_null(r);
    assert_true(sy_test_message_has(&err, "sy_router_options_init"));
    o.version = SY_ROUTER_OPTIONS_VERSION + 1;
    r = (sy_router *)&o;
    assert_status(SY_ERR_MISUSE, sy_router_new(&r, &o, &err), &err);
    assert_null(r);
    /* A NULL array with a count is a NULL pointer with a length: misuse. */
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.web_schemes_count = 1;
    r = (sy_router *)&o;
    assert_status(SY_ERR_MISUSE, sy_router_new(&r, &o, &err), &err);
    assert_null(r);

    r = sy_test_router(NULL);
    sy_router_free(r);
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    r = sy_test_router(&o);
    sy_router_free(r);
}

/* HEADER: "Unknown bits are rejected with SY_ERR_INVALID_ARGUMENT, so a newer flag is
 * never silently ignored." and (sy_router_new) "SY_ERR_INVALID_ARGUMENT if opts has
 * unknown flag bits, an unknown host_handling or precedence, a limit out of range, a web
 * scheme that is absent, not lowercase ASCII or longer than 255 bytes, or
 * web_schemes_count over SIZE_MAX / 2." */
static void router_new_rejects_bad_fields(void **state)
{
    sy_router_options o;
    sy_router *r = NULL;
    sy_error err;
    sy_str upper = {"HTTPS", 5};
    sy_str absent = {NULL, 0};
    uint32_t bit;
    (void)state;
    for (bit = 0; bit < 32; bit++) {
        sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
        o.flags = 1u << bit;
        if (o.flags & SY_OPT_KNOWN_FLAGS) {
            r = sy_test_router(&o);
            sy_router_free(r);
            r = NULL;
        } else {
            assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
            assert_null(r);
            assert_true(sy_test_message_has(&err, "flags"));
        }
    }
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.host_handling = SY_HOST_ALWAYS_HOST + 1;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    o.host_handling = -1;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_true(sy_test_message_has(&err, "host_handling"));

    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.precedence = SY_PRECEDENCE_CODE_POINT + 1;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_true(sy_test_message_has(&err, "precedence"));

    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.pattern_reading = SY_READING_ROUTINGKIT + 1;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_true(sy_test_message_has(&err, "pattern_reading"));
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.host_prefixes_count = 1;
    assert_status(SY_ERR_MISUSE, sy_router_new(&r, &o, &err), &err);

    /* HEADER: "at most 1048576" / "at most 1000" */
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_url_length = 1048577u;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_true(sy_test_message_has(&err, "max_url_length"));
    o.max_url_length = 1048576u;
    r = sy_test_router(&o);
    sy_router_free(r);
    r = NULL;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_redirects = 1001;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_true(sy_test_message_has(&err, "max_redirects"));
    o.max_redirects = 1000;
    r = sy_test_router(&o);
    sy_router_free(r);
    r = NULL;

    /* A web scheme not lowercase ASCII, and one that is absent (ptr == NULL). */
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.web_schemes = &upper;
    o.web_schemes_count = 1;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_null(r);
    o.web_schemes = &absent;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_null(r);
    /* web_schemes_count over SIZE_MAX / 2: rejected before the array is read (it holds
     * one entry), at the first count over the bound and at SIZE_MAX. */
    o.web_schemes = &upper;
    o.web_schemes_count = SIZE_MAX / 2 + 1;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_null(r);
    o.web_schemes_count = SIZE_MAX;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_null(r);
}

/* Resolves url on a router made with `flags` holding one route; returns whether it
 * matched and leaves the match in m. */
static int matches(sy_match *m, uint32_t flags, const char *pattern, const char *url)
{
    sy_router_options o;
    sy_router *r;
    int found;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.flags = flags;
    r = sy_test_router(&o);
    sy_test_add(r, pattern, "T");
    sy_test_resolve(m, r, url);
    found = sy_match_found(m);
    sy_router_free(r); /* HEADER: "Matches that resolved against it stay valid" */
    return found;
}

/* HEADER: the SY_OPT_* comments, one flag at a time against the default. */
static void each_flag_turns_its_default_around(void **state)
{
    sy_match *m = sy_test_match();
    (void)state;
    /* SY_OPT_STRICT_TRAILING_SLASH: ""/a/" differs from "/a"" */
    assert_true(matches(m, 0, "/a", "/a/"));
    assert_false(matches(m, SY_OPT_STRICT_TRAILING_SLASH, "/a", "/a/"));
    /* SY_OPT_KEEP_EMPTY_SEGMENTS: ""//" keeps an empty segment" */
    assert_true(matches(m, 0, "/a/b", "/a//b"));
    assert_false(matches(m, SY_OPT_KEEP_EMPTY_SEGMENTS, "/a/b", "/a//b"));
    /* SY_OPT_CASE_INSENSITIVE_LITERALS: "literals ignore ASCII case; values keep it" */
    assert_false(matches(m, 0, "/About/:x", "/about/MiXed"));
    assert_true(matches(m, SY_OPT_CASE_INSENSITIVE_LITERALS, "/About/:x", "/about/MiXed"));
    assert_str(sy_test_param_text(m, "x"), "MiXed");
    /* SY_OPT_PLUS_AS_SPACE_IN_PATH: "'+' in a path segment reads as a space" */
    assert_true(matches(m, 0, "/s/:q", "/s/a+b"));
    assert_str(sy_test_param_text(m, "q"), "a+b");
    assert_true(matches(m, SY_OPT_PLUS_AS_SPACE_IN_PATH, "/s/:q", "/s/a+b"));
    assert_str(sy_test_param_text(m, "q"), "a b");
    /* SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY: "'+' in the query stays a plus" */
    assert_true(matches(m, 0, "/s", "/s?q=a+b"));
    assert_str(sy_test_param_text(m, "q"), "a b");
    assert_true(matches(m, SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY, "/s", "/s?q=a+b"));
    assert_str(sy_test_param_text(m, "q"), "a+b");
    /* SY_OPT_NO_DECODE_PATH: "do not percent-decode path segments" */
    assert_true(matches(m, 0, "/s/:q", "/s/a%20b"));
    assert_str(sy_test_param_text(m, "q"), "a b");
    assert_true(matches(m, SY_OPT_NO_DECODE_PATH, "/s/:q", "/s/a%20b"));
    assert_str(sy_test_param_text(m, "q"), "a%20b");
    /* SY_OPT_TRAILING_WILDCARD_NEEDS_SEGMENT: "trailing '*' needs >= 1 segment" */
    assert_true(matches(m, 0, "/f/*", "/f"));
    assert_false(matches(m, SY_OPT_TRAILING_WILDCARD_NEEDS_SEGMENT, "/f/*", "/f"));
    assert_true(matches(m, SY_OPT_TRAILING_WILDCARD_NEEDS_SEGMENT, "/f/*", "/f/x"));
    /* SY_OPT_QUERY_OVER_PATH: "in params, a query item beats a path parameter" */
    assert_true(matches(m, 0, "/u/:id", "/u/1?id=9"));
    assert_str(sy_test_param_text(m, "id"), "1");
    assert_true(matches(m, SY_OPT_QUERY_OVER_PATH, "/u/:id", "/u/1?id=9"));
    assert_str(sy_test_param_text(m, "id"), "9");
    sy_match_free(m);
}

/* HEADER: "SY_HOST_ALWAYS_SEGMENT = 1, the authority is always the first path segment"
 * and "SY_HOST_WEB_SCHEMES = 0, web schemes have a host; others: first segment" */
static void host_handling_changes_how_the_authority_is_read(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_match *m = sy_test_match();
    (void)state;
    r = sy_test_router(NULL);
    sy_test_add(r, "/example.com/a", "T");
    sy_test_resolve(m, r, "https://example.com/a");
    assert_false(sy_match_found(m));
    sy_test_resolve(m, r, "myapp://example.com/a");
    assert_true(sy_match_found(m));
    sy_router_free(r);

    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.host_handling = SY_HOST_ALWAYS_SEGMENT;
    r = sy_test_router(&o);
    sy_test_add(r, "/example.com/a", "T");
    sy_test_resolve(m, r, "https://example.com/a");
    assert_true(sy_match_found(m));
    sy_router_free(r);

    /* SY_HOST_WHEN_DOTTED: "a host when it contains '.' or is "localhost"" */
    o.host_handling = SY_HOST_WHEN_DOTTED;
    r = sy_test_router(&o);
    sy_test_add(r, "/a", "T");
    sy_test_resolve(m, r, "myapp://example.com/a");
    assert_true(sy_match_found(m));
    sy_test_resolve(m, r, "myapp://example/a");
    assert_false(sy_match_found(m));
    sy_router_free(r);
    sy_match_free(m);
}

/* HEADER: "Schemes that have a real host under SY_HOST_WEB_SCHEMES ... NULL means the
 * default set ... A non-NULL array with web_schemes_count == 0 means no scheme has a
 * host." */
static void web_schemes_replace_the_default_set(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_match *m = sy_test_match();
    sy_str schemes[1] = {{"myweb", 5}};
    (void)state;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.web_schemes = schemes;
    o.web_schemes_count = 1;
    r = sy_test_router(&o);
    sy_test_add(r, "/a", "T");
    sy_test_resolve(m, r, "myweb://host.example/a");
    assert_true(sy_match_found(m)); /* the host is a host, the path is /a */
    sy_test_resolve(m, r, "https://host.example/a");
    assert_false(sy_match_found(m)); /* https is no longer a web scheme */
    sy_router_free(r);

    /* HEADER: "Copied by sy_router_new()": changing the array afterwards changes nothing */
    {
        char scheme[] = "myweb";
        sy_str copied[1];
        copied[0].ptr = scheme;
        copied[0].len = 5;
        o.web_schemes = copied;
        r = sy_test_router(&o);
        memcpy(scheme, "https", 5);
        sy_test_add(r, "/a", "T");
        sy_test_resolve(m, r, "myweb://host.example/a");
        assert_true(sy_match_found(m));
        sy_router_free(r);
        o.web_schemes = schemes;
    }

    o.web_schemes_count = 0;
    r = sy_test_router(&o);
    sy_test_add(r, "/host.example/a", "T");
    sy_test_resolve(m, r, "https://host.example/a");
    assert_true(sy_match_found(m));
    sy_router_free(r);
    sy_match_free(m);
}

/* HEADER: "SY_PRECEDENCE_REGISTRATION_ORDER = 1, the route added first wins" and
 * (SY_PRECEDENCE_MOST_LITERALS = 2) "most literal segments, then first added" */
static void precedence_changes_the_winner(void **state)
{
    static const int32_t modes[] = {SY_PRECEDENCE_SPECIFICITY, SY_PRECEDENCE_REGISTRATION_ORDER,
                                    SY_PRECEDENCE_MOST_LITERALS};
    static const char *const winners[] = {"/a/:x/c", "/:y/b/c", "/:y/b/c"};
    sy_match *m = sy_test_match();
    size_t i;
    (void)state;
    for (i = 0; i < 3; i++) {
        sy_router_options o;
        sy_router *r;
        sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
        o.precedence = modes[i];
        r = sy_test_router(&o);
        sy_test_add(r, "/:y/b/c", "first");
        sy_test_add(r, "/a/:x/c", "second");
        sy_test_resolve(m, r, "/a/b/c");
        assert_str(sy_match_pattern(m), winners[i]);
        sy_router_free(r);
    }
    sy_match_free(m);
}

/* HEADER: "Limits; 0 means the default. Past a limit a call fails with SY_ERR_LIMIT." */
static void limits_fail_with_sy_err_limit(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_url_length = 10;
    o.max_pattern_length = 8;
    o.max_segments = 3;
    o.max_parameters = 1;
    r = sy_test_router(&o);
    assert_status(SY_ERR_LIMIT, sy_router_add(r, LIT("/a/b/c/d"), LIT("T"), &err), &err);
    assert_status(SY_ERR_LIMIT, sy_router_add(r, LIT("/abcdefgh"), LIT("T"), &err), &err);
    assert_status(SY_ERR_LIMIT, sy_router_add(r, LIT("/:a/:b"), LIT("T"), &err), &err);
    sy_test_add(r, "/:a/b", "T");
    sy_test_resolve(m, r, "/1/b");
    assert_true(sy_match_found(m));
    assert_status(SY_ERR_LIMIT, sy_router_resolve(m, r, LIT("/123456789/b"), &err), &err);
    assert_status(SY_ERR_LIMIT, sy_router_resolve(m, r, LIT("/1/2/3/4"), &err), &err);
    sy_router_free(r);

    /* 0 is the default (32 KiB): a 20-byte URL is fine. */
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    r = sy_test_router(&o);
    sy_test_resolve(m, r, "/0123456789/abcdefgh");
    sy_router_free(r);
    sy_match_free(m);
}

/* HEADER: "Version 3. The most alternatives one pattern's optional groups may expand to
 * ("/a(/b)(/c)" has 4); 0 means the default, 256; at most 256." */
static void max_alternatives_bounds_a_pattern(void **state)
{
    sy_router_options o;
    sy_router *r = NULL;
    sy_error err;
    (void)state;
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_alternatives = 4;
    r = sy_test_router(&o);
    sy_test_add(r, "/a(/b)(/c)", "Four");
    assert_status(SY_ERR_LIMIT, sy_router_add(r, LIT("/a(/b)(/c)(/d)"), LIT("Eight"), &err), &err);
    assert_int_equal(err.position, 10); /* the '(' of the group past the limit */
    assert_true(sy_test_message_has(&err, "alternatives"));
    sy_router_free(r);

    /* 0 is the default, 256: eight alternatives are fine. */
    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    r = sy_test_router(&o);
    sy_test_add(r, "/a(/b)(/c)(/d)", "Eight");
    sy_router_free(r);

    /* Over the ceiling: refused, naming the field. */
    o.max_alternatives = 257;
    r = (sy_router *)&o;
    assert_status(SY_ERR_INVALID_ARGUMENT, sy_router_new(&r, &o, &err), &err);
    assert_null(r);
    assert_true(sy_test_message_has(&err, "max_alternatives"));
    assert_true(sy_test_message_has(&err, "256"));
}

/* HEADER: "earlier version (filled with sy_router_options_init(&opts, 1), 2 or 3) is still
 * read, up to its last field; the library never reads or writes past it." */
static void earlier_options_versions_are_still_read(void **state)
{
    /* Each earlier version and where its struct ends. */
    const struct { uint32_t version; size_t end; } versions[] = {
        {1, offsetof(sy_router_options, max_candidates)},
        {2, offsetof(sy_router_options, max_alternatives)},
    };
    size_t v, i;
    (void)state;
    for (v = 0; v < sizeof versions / sizeof versions[0]; v++) {
        sy_router_options o;
        sy_router *r = NULL;
        sy_error err;
        unsigned char *bytes = (unsigned char *)&o;
        memset(&o, 0x5A, sizeof o);
        assert_int_equal(sy_router_options_init(&o, versions[v].version), SY_OK);
        assert_int_equal(o.version, versions[v].version);
        assert_int_equal(o.max_redirects, 0);
        for (i = versions[v].end; i < sizeof o; i++) assert_int_equal(bytes[i], 0x5A);
        /* The later fields hold 0x5A5A5A5A, far over their ceilings: a struct of this
         * version has no such fields, so they are not read, and their defaults hold
         * (the default 256 alternatives take eight). */
        assert_status(SY_OK, sy_router_new(&r, &o, &err), &err);
        sy_test_add(r, "/a(/b)(/c)(/d)", "Eight");
        sy_router_free(r);
    }
}

/* Adds /r<i> -> /r<i+1> for i < hops, and /r<hops> -> a target. */
static sy_router *chain_router(const sy_router_options *o, int hops)
{
    sy_router *r = sy_test_router(o);
    char from[16], to[16];
    sy_route rt;
    sy_error err;
    int i;
    for (i = 0; i < hops; i++) {
        snprintf(from, sizeof from, "/r%d", i);
        snprintf(to, sizeof to, "/r%d", i + 1);
        sy_route_init(&rt, SY_ROUTE_VERSION);
        rt.pattern.ptr = from;
        rt.pattern.len = strlen(from);
        rt.redirect.ptr = to;
        rt.redirect.len = strlen(to);
        assert_status(SY_OK, sy_router_add_route(r, &rt, &err), &err);
    }
    snprintf(from, sizeof from, "/r%d", hops);
    sy_test_add(r, from, "End");
    return r;
}

/* HEADER: "max_redirects; redirects per resolve; default 8" and (sy_router_resolve)
 * "SY_ERR_REDIRECT_LIMIT ... for redirect chains (the message shows the chain)" */
static void max_redirects_bounds_a_chain(void **state)
{
    sy_router_options o;
    sy_router *r;
    sy_match *m = sy_test_match();
    sy_error err;
    (void)state;
    r = chain_router(NULL, 8); /* 8 redirects: fine by default */
    sy_test_resolve(m, r, "/r0");
    assert_str(sy_match_target(m), "End");
    assert_int_equal(sy_match_redirect_count(m), 9);
    sy_router_free(r);
    r = chain_router(NULL, 9); /* the 9th is an error */
    assert_status(SY_ERR_REDIRECT_LIMIT, sy_router_resolve(m, r, LIT("/r0"), &err), &err);
    assert_true(sy_test_message_has(&err, "/r1"));
    sy_router_free(r);

    sy_router_options_init(&o, SY_ROUTER_OPTIONS_VERSION);
    o.max_redirects = 2;
    r = chain_router(&o, 2);
    sy_test_resolve(m, r, "/r0");
    assert_str(sy_match_target(m), "End");
    sy_router_free(r);
    r = chain_router(&o, 3);
    assert_status(SY_ERR_REDIRECT_LIMIT, sy_router_resolve(m, r, LIT("/r0"), &err), &err);
    sy_router_free(r);
    sy_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(options_init_writes_version_and_zeros),
        cmocka_unit_test(options_init_macro_equals_function),
        cmocka_unit_test(options_init_rejects_null_and_unknown_versions),
        cmocka_unit_test(router_new_checks_out_and_version),
        cmocka_unit_test(router_new_rejects_bad_fields),
        cmocka_unit_test(each_flag_turns_its_default_around),
        cmocka_unit_test(host_handling_changes_how_the_authority_is_read),
        cmocka_unit_test(web_schemes_replace_the_default_set),
        cmocka_unit_test(precedence_changes_the_winner),
        cmocka_unit_test(limits_fail_with_sy_err_limit),
        cmocka_unit_test(max_redirects_bounds_a_chain),
        cmocka_unit_test(max_alternatives_bounds_a_pattern),
        cmocka_unit_test(earlier_options_versions_are_still_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
