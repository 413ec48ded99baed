/*
 * header_test.c: switchyard.h compiled alone (libgit2's tests/headertest).
 *
 * Built twice by bindings/c/CMakeLists.txt: as C99 with -std=c99 -Wall -Wextra
 * -pedantic -Werror, and as C++11 (header_test_cxx.cpp includes this file) with the
 * same warnings. It includes nothing but the header, so a header that needs another
 * include, uses a non-C99 construct or breaks in C++ fails the build. It also pins the
 * ABI that bindings mirror (ctypes in bindings/python): sizes and offsets of the plain
 * structs and the values of the status codes, checked at compile time.
 */
#include "switchyard.h"

/* C99 has no _Static_assert: a negative array size fails the compile instead. */
#define SY_HT_CHECK(name, cond) typedef char sy_ht_##name[(cond) ? 1 : -1]

/* The status values are the ABI: never renumbered. */
SY_HT_CHECK(ok, SY_OK == 0);
SY_HT_CHECK(misuse, SY_ERR_MISUSE == -1);
SY_HT_CHECK(internal, SY_ERR_INTERNAL == -2);
SY_HT_CHECK(nomem, SY_ERR_NOMEM == -3);
SY_HT_CHECK(invalid_argument, SY_ERR_INVALID_ARGUMENT == -4);
SY_HT_CHECK(invalid_pattern, SY_ERR_INVALID_PATTERN == -5);
SY_HT_CHECK(conflict, SY_ERR_CONFLICT == -6);
SY_HT_CHECK(invalid_url, SY_ERR_INVALID_URL == -7);
SY_HT_CHECK(limit, SY_ERR_LIMIT == -8);
SY_HT_CHECK(rule, SY_ERR_RULE == -9);
SY_HT_CHECK(redirect_limit, SY_ERR_REDIRECT_LIMIT == -10);
SY_HT_CHECK(redirect_loop, SY_ERR_REDIRECT_LOOP == -11);
SY_HT_CHECK(io, SY_ERR_IO == -12);
SY_HT_CHECK(buffer_too_small, SY_ERR_BUFFER_TOO_SMALL == -13);
SY_HT_CHECK(redirect_unsafe, SY_ERR_REDIRECT_UNSAFE == -14);
SY_HT_CHECK(handler, SY_ERR_HANDLER == -15);
SY_HT_CHECK(not_found, SY_ERR_NOT_FOUND == -16);
SY_HT_CHECK(type, SY_ERR_TYPE == -17);

/* "SY_VERSION_NUMBER (MAJOR*10000 + MINOR*100 + PATCH)" */
SY_HT_CHECK(version_number, SY_VERSION_NUMBER ==
            SY_VERSION_MAJOR * 10000 + SY_VERSION_MINOR * 100 + SY_VERSION_PATCH);
SY_HT_CHECK(version_0_1_0, SY_VERSION_NUMBER == 100);

/* Fixed layouts (x86_64 / aarch64 LP64): what ctypes and other FFIs mirror. */
SY_HT_CHECK(status_is_int, sizeof(sy_status) == 4);
SY_HT_CHECK(error_size, sizeof(sy_error) == 4 + 4 + 8 + SY_ERROR_MESSAGE_SIZE);
SY_HT_CHECK(error_route_index, offsetof(sy_error, route_index) == 8);
SY_HT_CHECK(error_message, offsetof(sy_error, message) == 16);
SY_HT_CHECK(error_message_size, SY_ERROR_MESSAGE_SIZE == 256);
SY_HT_CHECK(str_size, sizeof(sy_str) == 2 * sizeof(void *));
SY_HT_CHECK(param_size, sizeof(sy_param) == 2 * sizeof(sy_str) + 4 + 4 + 8 + 8);
/* Version 2 appended max_candidates (padded to the struct's alignment). */
/* Version 4 appended pattern_reading (padded to 8) and two (array, count) pairs. */
SY_HT_CHECK(options_size, sizeof(sy_router_options) == 40 + sizeof(void *) + sizeof(size_t) + sizeof(size_t)
                              + 8 + 2 * (sizeof(void *) + sizeof(size_t)));
SY_HT_CHECK(options_v3_end, offsetof(sy_router_options, pattern_reading) ==
            40 + sizeof(void *) + sizeof(size_t) + sizeof(size_t));
SY_HT_CHECK(options_v1_end, offsetof(sy_router_options, max_candidates) == 40 + sizeof(void *) + sizeof(size_t));
/* Version 3's max_alternatives sits in what was version 2's tail padding: the size holds. */
SY_HT_CHECK(options_v2_end, offsetof(sy_router_options, max_alternatives) ==
            offsetof(sy_router_options, max_candidates) + 4);
/* Version 2 appended search and hash after the padded version 1 struct: a version 1
 * struct ends where search starts. */
SY_HT_CHECK(route_size, sizeof(sy_route) ==
            8 + 7 * sizeof(sy_str) + sizeof(void *) + sizeof(size_t) + 8);
SY_HT_CHECK(route_v2_end, offsetof(sy_route, parent) ==
            8 + 6 * sizeof(sy_str) + sizeof(void *) + sizeof(size_t) + 8);
SY_HT_CHECK(route_v1_end, offsetof(sy_route, search) ==
            8 + 4 * sizeof(sy_str) + sizeof(void *) + sizeof(size_t) + 8);
SY_HT_CHECK(route_hash, offsetof(sy_route, hash) == offsetof(sy_route, search) + sizeof(sy_str));
SY_HT_CHECK(route_info_size, sizeof(sy_route_info) == 5 * sizeof(sy_str) + 16);
SY_HT_CHECK(route_info_parent, offsetof(sy_route_info, parent) == 4 * sizeof(sy_str) + 16);
SY_HT_CHECK(route_info_priority, offsetof(sy_route_info, priority) == 4 * sizeof(sy_str));

/* SY_NUL is (size_t)-1, a length no buffer has; SY_STR gives a literal's byte count. */
SY_HT_CHECK(nul, SY_NUL == (size_t)-1 && SY_NUL > SIZE_MAX / 2);

/* Flags are distinct single bits, and the known masks cover exactly them. */
SY_HT_CHECK(opt_mask, (SY_OPT_STRICT_TRAILING_SLASH | SY_OPT_KEEP_EMPTY_SEGMENTS |
                       SY_OPT_CASE_INSENSITIVE_LITERALS | SY_OPT_PLUS_AS_SPACE_IN_PATH |
                       SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY | SY_OPT_NO_DECODE_PATH |
                       SY_OPT_TRAILING_WILDCARD_NEEDS_SEGMENT | SY_OPT_QUERY_OVER_PATH |
                       SY_OPT_URLPATTERN_DIALECT | SY_OPT_FRAGMENT_AS_PATH | SY_OPT_ENCODED_PLUS_AS_SPACE |
                       SY_OPT_CASE_SENSITIVE_SCHEME | SY_OPT_SCHEME_TABLES | SY_OPT_NO_PARALLEL_BUILD) ==
                      SY_OPT_KNOWN_FLAGS);
SY_HT_CHECK(route_mask, (SY_ROUTE_NO_APPEND_PARAMS | SY_ROUTE_DIALECT_URLPATTERN |
                         SY_ROUTE_DIALECT_SWITCHYARD | SY_ROUTE_IGNORE_CASE) == SY_ROUTE_KNOWN_FLAGS);
SY_HT_CHECK(enums, SY_VALUE_STRING == 0 && SY_VALUE_INT == 1 && SY_VALUE_FLOAT == 2 &&
                   SY_HOST_WEB_SCHEMES == 0 && SY_PRECEDENCE_SPECIFICITY == 0);

/* A deprecated flag name is its replacement's value (its use warns, silenced here). */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
SY_HT_CHECK(raw_path_alias, SY_OPT_RAW_PATH == SY_OPT_NO_DECODE_PATH);
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* SY_DEPRECATED and SY_API expand to something both compilers accept on a prototype. */
SY_DEPRECATED("use sy_ht_new_shape") void sy_ht_old_shape(void);
SY_API void sy_ht_exported_shape(void);

/* Every function, taken by address with its exact type: a prototype that changes
 * shape breaks this file (and its C++ twin) before it breaks a caller. */
typedef struct {
    uint32_t (*version_number)(void);
    const char *(*version_string)(void);
    const char *(*status_str)(sy_status);
    sy_status (*options_init)(sy_router_options *, uint32_t);
    sy_status (*route_init)(sy_route *, uint32_t);
    sy_status (*router_new)(sy_router **, const sy_router_options *, sy_error *);
    void (*router_free)(sy_router *);
    sy_status (*router_add)(sy_router *, const char *, size_t, const char *, size_t, sy_error *);
    sy_status (*router_add_route)(sy_router *, const sy_route *, sy_error *);
    sy_status (*router_add_routes)(sy_router *, const sy_route *, size_t, sy_error *);
    sy_status (*router_remove)(int *, sy_router *, const char *, size_t, sy_error *);
    sy_status (*match_new)(sy_match **, sy_error *);
    void (*match_free)(sy_match *);
    sy_status (*resolve)(sy_match *, const sy_router *, const char *, size_t, sy_error *);
    int (*found)(const sy_match *);
    sy_str (*url)(const sy_match *);
    sy_str (*pattern)(const sy_match *);
    sy_str (*target)(const sy_match *);
    sy_str (*name)(const sy_match *);
    sy_str (*fragment)(const sy_match *);
    sy_str (*remainder)(const sy_match *);
    size_t (*path_param_count)(const sy_match *);
    sy_status (*path_param_at)(sy_param *, const sy_match *, size_t, sy_error *);
    size_t (*query_count)(const sy_match *);
    sy_status (*query_at)(sy_str *, sy_str *, const sy_match *, size_t, sy_error *);
    size_t (*param_count)(const sy_match *);
    sy_status (*param_at)(sy_param *, const sy_match *, size_t, sy_error *);
    sy_status (*param)(sy_param *, int *, const sy_match *, const char *, size_t, sy_error *);
    sy_status (*param_int)(int64_t *, const sy_match *, const char *, size_t, sy_error *);
    sy_status (*param_float)(double *, const sy_match *, const char *, size_t, sy_error *);
    sy_status (*param_bool)(int *, const sy_match *, const char *, size_t, sy_error *);
    sy_status (*param_text)(sy_str *, const sy_match *, const char *, size_t, sy_error *);
    int (*match_int)(const sy_match *, const char *, size_t, int64_t *);
    int (*match_float)(const sy_match *, const char *, size_t, double *);
    int (*match_text)(const sy_match *, const char *, size_t, sy_str *);
    size_t (*route_count)(const sy_router *);
    sy_status (*route_at)(sy_route_info *, const sy_router *, size_t, sy_error *);
    size_t (*redirect_count)(const sy_match *);
    sy_str (*redirect_at)(const sy_match *, size_t);
    sy_status (*to_json)(char *, size_t, size_t *, const sy_match *, sy_error *);
} sy_ht_api;

/* Every assignment must type-check, and linking against libswitchyard.so must find
 * every declared function. main() calls it so nothing is optimised away. */
void sy_ht_fill(sy_ht_api *api);
void sy_ht_fill(sy_ht_api *api)
{
    api->version_number = sy_version_number;
    api->version_string = sy_version_string;
    api->status_str = sy_status_str;
    api->options_init = sy_router_options_init;
    api->route_init = sy_route_init;
    api->router_new = sy_router_new;
    api->router_free = sy_router_free;
    api->router_add = sy_router_add;
    api->router_add_route = sy_router_add_route;
    api->router_add_routes = sy_router_add_routes;
    api->router_remove = sy_router_remove;
    api->match_new = sy_match_new;
    api->match_free = sy_match_free;
    api->resolve = sy_router_resolve;
    api->found = sy_match_found;
    api->url = sy_match_url;
    api->pattern = sy_match_pattern;
    api->target = sy_match_target;
    api->name = sy_match_name;
    api->fragment = sy_match_fragment;
    api->remainder = sy_match_remainder;
    api->path_param_count = sy_match_path_param_count;
    api->path_param_at = sy_match_path_param_at;
    api->query_count = sy_match_query_count;
    api->query_at = sy_match_query_at;
    api->param_count = sy_match_param_count;
    api->param_at = sy_match_param_at;
    api->param = sy_match_param;
    api->param_int = sy_match_param_int;
    api->param_float = sy_match_param_float;
    api->param_bool = sy_match_param_bool;
    api->param_text = sy_match_param_text;
    /* The deprecated getters keep their signatures until the next major version. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
    api->match_int = sy_match_int;
    api->match_float = sy_match_float;
    api->match_text = sy_match_text;
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif
    api->route_count = sy_router_route_count;
    api->route_at = sy_router_route_at;
    api->redirect_count = sy_match_redirect_count;
    api->redirect_at = sy_match_redirect_at;
    api->to_json = sy_match_to_json;
}

#ifndef __cplusplus
/* C only: the designated-initializer macros compile cleanly under -Wextra. */
static const sy_router_options sy_ht_default_options = SY_ROUTER_OPTIONS_INIT;
static const sy_route sy_ht_default_route = SY_ROUTE_INIT;
static const sy_route sy_ht_routes[] = {SY_ROUTE_TARGET_INIT("/a", "A"),
                                        SY_ROUTE_REDIRECT_INIT("/b", "/a")};
#endif

int main(void)
{
    sy_ht_api api;
    /* SY_STR as two arguments' worth of an sy_str, in both languages; a NUL inside the
     * literal is counted. */
    sy_str text = {SY_STR("a\0b")};
    sy_ht_fill(&api);
    if (api.version_number() != SY_VERSION_NUMBER)
        return 1;
    if (text.len != 3 || text.ptr[2] != 'b')
        return 1;
#ifndef __cplusplus
    /* The macros set the version and leave every other field zero. */
    if (sy_ht_default_options.version != SY_ROUTER_OPTIONS_VERSION ||
        sy_ht_default_options.flags != 0 || sy_ht_default_options.web_schemes != 0)
        return 1;
    if (sy_ht_default_route.version != SY_ROUTE_VERSION || sy_ht_default_route.pattern.ptr != 0 ||
        sy_ht_default_route.search.ptr != 0 || sy_ht_default_route.hash.ptr != 0)
        return 1;
    if (sy_ht_routes[0].version != SY_ROUTE_VERSION || sy_ht_routes[0].pattern.len != 2 ||
        sy_ht_routes[0].target.len != 1 || sy_ht_routes[1].redirect.len != 2 ||
        sy_ht_routes[1].target.ptr != 0 || sy_ht_routes[1].flags != 0)
        return 1;
#endif
    return 0;
}
