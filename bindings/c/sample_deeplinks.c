/*
 * sample_deeplinks.c: route the deep links an app receives, from C.
 *
 * Registers routes of the kind mobile apps use (a blog article on the web opening a
 * native page, a user profile with a typed id, a live room and its web page redirected
 * into the app, a file browser), resolves
 * a handful of URLs and prints every field of each match. Every status is checked;
 * on failure the message from sy_error is printed and everything is freed (one
 * cleanup label, as in libgit2's error-handling guide).
 *
 * Build: cc -Wall -Wextra -Werror -Iinclude sample_deeplinks.c -lswitchyard
 * Run:   ./sample_deeplinks          (exit status 0 on success)
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "switchyard.h"

/* Prints an sy_str: "null" when absent, else the text in quotes. */
static void print_str(const char *label, sy_str s)
{
    if (s.ptr == NULL) {
        printf("  %-12s null\n", label);
    } else if (s.len > INT_MAX) {
        printf("  %-12s (%zu bytes)\n", label, s.len);
    } else {
        printf("  %-12s \"%.*s\"\n", label, (int)s.len, s.ptr);
    }
}

/* Prints one parameter with its type: ints and floats as numbers, text in quotes. */
static void print_param(const sy_param *p)
{
    printf("    %.*s = ", (int)p->name.len, p->name.ptr);
    switch (p->type) {
    case SY_VALUE_INT:
        printf("%lld (int)\n", (long long)p->int_value);
        break;
    case SY_VALUE_FLOAT:
        printf("%g (float)\n", p->float_value);
        break;
    default:
        printf("\"%.*s\"\n", (int)p->text.len, p->text.ptr);
        break;
    }
}

/* Prints every field of a match. Returns SY_OK or the first failing status. */
static sy_status print_match(const sy_match *match, sy_error *err)
{
    sy_status rc = SY_OK;
    size_t i;

    /* A redirect chain lists every URL followed, the input first (also on a miss). */
    for (i = 0; i < sy_match_redirect_count(match); i++)
        print_str(i == 0 ? "redirects" : "", sy_match_redirect_at(match, i));
    if (!sy_match_found(match)) {
        printf("  no route matched\n");
        print_str("url", sy_match_url(match));
        return SY_OK;
    }
    print_str("pattern", sy_match_pattern(match));
    print_str("target", sy_match_target(match));
    print_str("name", sy_match_name(match));
    print_str("url", sy_match_url(match));
    print_str("fragment", sy_match_fragment(match));
    print_str("remainder", sy_match_remainder(match));

    printf("  path_params (%zu)\n", sy_match_path_param_count(match));
    for (i = 0; i < sy_match_path_param_count(match); i++) {
        sy_param p;
        if ((rc = sy_match_path_param_at(&p, match, i, err)) != SY_OK)
            return rc;
        print_param(&p);
    }

    printf("  query (%zu)\n", sy_match_query_count(match));
    for (i = 0; i < sy_match_query_count(match); i++) {
        sy_str name, value;
        if ((rc = sy_match_query_at(&name, &value, match, i, err)) != SY_OK)
            return rc;
        printf("    %.*s = \"%.*s\"\n", (int)name.len, name.ptr, (int)value.len, value.ptr);
    }

    printf("  params (%zu)\n", sy_match_param_count(match));
    for (i = 0; i < sy_match_param_count(match); i++) {
        sy_param p;
        if ((rc = sy_match_param_at(&p, match, i, err)) != SY_OK)
            return rc;
        print_param(&p);
    }

    /* One parameter by name, typed, in one call that cannot fail. */
    {
        int64_t id;
        if (sy_match_param_int(&id, match, "id", SY_NUL, NULL) == SY_OK)
            printf("  id as int    %lld\n", (long long)id);
    }
    return SY_OK;
}

/* Prints the canonical JSON of a match, asking for the size first. */
static sy_status print_json(const sy_match *match, sy_error *err)
{
    size_t len = 0;
    char *buf = NULL;
    sy_status rc;

    rc = sy_match_to_json(NULL, 0, &len, match, err);
    if (rc != SY_OK && rc != SY_ERR_BUFFER_TOO_SMALL)
        return rc;
    buf = malloc(len + 1);
    if (buf == NULL) {
        fprintf(stderr, "out of memory\n");
        return SY_ERR_NOMEM;
    }
    rc = sy_match_to_json(buf, len + 1, &len, match, err);
    if (rc == SY_OK)
        printf("  json         %s\n", buf);
    free(buf);
    return rc;
}

int main(void)
{
    static const char *const urls[] = {
        "https://blog.example.com/alice/article/details/42?ref=home#comments",
        "myapp://user/42?tab=likes",
        "myapp://user/7",
        "myapp://user/not-a-number",
        "myapp://live/room/1024?from=push&from=banner",
        "https://live.example.com/room/99?from=share",
        "myapp://files/docs/2024/report.pdf",
        "https://example.com/nowhere",
    };
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    sy_status rc;
    sy_route route;
    sy_param defaults[1];
    size_t i;
    int exit_code = EXIT_FAILURE;

    memset(&err, 0, sizeof err); /* for the message print when a non-sy_error step fails */
    printf("Switchyard %s (built against %s)\n", sy_version_string(), SY_VERSION_STRING);

    if ((rc = sy_router_new(&router, NULL, &err)) != SY_OK)
        goto cleanup;

    /* The short form: a pattern and a target. */
    if ((rc = sy_router_add(router, SY_STR("https://blog.example.com/:user/article/details/:id"),
                            SY_STR("BlogDetailPage"), &err)) != SY_OK)
        goto cleanup;
    if ((rc = sy_router_add(router, SY_STR("myapp://live/room/:id"), SY_STR("LiveRoom"), &err)) != SY_OK)
        goto cleanup;
    if ((rc = sy_router_add(router, SY_STR("myapp://files/*path"), SY_STR("FileBrowser"), &err)) != SY_OK)
        goto cleanup;

    /* The full form: a typed parameter, a route name and a default for "tab". */
    if ((rc = sy_route_init(&route, SY_ROUTE_VERSION)) != SY_OK)
        goto cleanup;
    memset(defaults, 0, sizeof defaults);
    defaults[0].name = (sy_str){SY_STR("tab")};
    defaults[0].type = SY_VALUE_STRING;
    defaults[0].text = (sy_str){SY_STR("posts")};
    route.pattern = (sy_str){SY_STR("myapp://user/<int:id>")};
    route.target = (sy_str){SY_STR("UserProfile")};
    route.name = (sy_str){SY_STR("user")};
    route.defaults = defaults;
    route.defaults_count = 1;
    if ((rc = sy_router_add_route(router, &route, &err)) != SY_OK)
        goto cleanup;

    /* A redirect: the live room's web page opens the app's live room, carrying the id. */
    if ((rc = sy_route_init(&route, SY_ROUTE_VERSION)) != SY_OK)
        goto cleanup;
    route.pattern = (sy_str){SY_STR("https://live.example.com/room/:id")};
    route.redirect = (sy_str){SY_STR("myapp://live/room/{id}")};
    if ((rc = sy_router_add_route(router, &route, &err)) != SY_OK)
        goto cleanup;

    /* The routes, read back in the order they were added. */
    printf("routes (%zu)\n", sy_router_route_count(router));
    for (i = 0; i < sy_router_route_count(router); i++) {
        sy_route_info info;
        if ((rc = sy_router_route_at(&info, router, i, &err)) != SY_OK)
            goto cleanup;
        printf("  %.*s -> %.*s%s\n", (int)info.pattern.len, info.pattern.ptr,
               (int)(info.target.ptr ? info.target.len : info.redirect.len),
               info.target.ptr ? info.target.ptr : info.redirect.ptr,
               info.target.ptr ? "" : " (redirect)");
    }

    /* One match object, reused for every resolve. */
    if ((rc = sy_match_new(&match, &err)) != SY_OK)
        goto cleanup;

    for (i = 0; i < sizeof urls / sizeof urls[0]; i++) {
        printf("\n%s\n", urls[i]);
        if ((rc = sy_router_resolve(match, router, urls[i], SY_NUL, &err)) != SY_OK)
            goto cleanup;
        if ((rc = print_match(match, &err)) != SY_OK)
            goto cleanup;
        if ((rc = print_json(match, &err)) != SY_OK)
            goto cleanup;
    }
    exit_code = EXIT_SUCCESS;

cleanup:
    if (exit_code != EXIT_SUCCESS)
        fprintf(stderr, "error %d (%s): %s (at byte %d)\n", (int)rc, sy_status_str(rc),
                err.message[0] ? err.message : "-", (int)err.position);
    sy_match_free(match);
    sy_router_free(router);
    return exit_code;
}
