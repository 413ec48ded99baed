/*
 * sample_rules.c: load a rule document (examples/rules.json) and route deep links with it.
 *
 * The document is what a backend would push to running apps through a remote
 * configuration service: web URLs that open native pages, web pages redirected into the
 * app, a skill page redirected to a mini-app with the captured language appended. The
 * sample loads it from a file, resolves a handful of URLs and prints each match with its
 * redirect chain. A chain that ends on a URL no route matches is a miss that still
 * reports the final URL, so the host can open it in a browser.
 * Every status is checked; on failure the sy_error message is printed and everything is
 * freed (one cleanup label).
 *
 * Build: cc -Wall -Wextra -Werror -Iinclude sample_rules.c -lswitchyard
 * Run:   ./sample_rules [rules.json]   (from the repo root; default examples/rules.json)
 */
#include <limits.h>
#include <stdio.h>

#include "switchyard.h"


static void print_str(const char *label, sy_str s)
{
    if (s.ptr == NULL)
        printf("  %-10s null\n", label);
    else
        printf("  %-10s %.*s\n", label, s.len > INT_MAX ? INT_MAX : (int)s.len, s.ptr);
}

/* Prints a match: the redirect chain, then the route and the merged parameters. */
static sy_status print_match(const sy_match *match, sy_error *err)
{
    size_t i, n = sy_match_redirect_count(match);
    for (i = 0; i < n; i++) {
        sy_str u = sy_match_redirect_at(match, i);
        printf("  %-10s %.*s\n", i == 0 ? "redirects" : "  ->", (int)u.len, u.ptr);
    }
    if (!sy_match_found(match)) {
        print_str("no match", sy_match_url(match));
        return SY_OK;
    }
    print_str("target", sy_match_target(match));
    print_str("pattern", sy_match_pattern(match));
    print_str("name", sy_match_name(match));
    print_str("fragment", sy_match_fragment(match));
    for (i = 0; i < sy_match_param_count(match); i++) {
        sy_param p;
        sy_status rc = sy_match_param_at(&p, match, i, err);
        if (rc != SY_OK)
            return rc;
        if (p.type == SY_VALUE_INT)
            printf("  %-10s %.*s = %lld\n", i == 0 ? "params" : "", (int)p.name.len, p.name.ptr,
                   (long long)p.int_value);
        else
            printf("  %-10s %.*s = \"%.*s\"\n", i == 0 ? "params" : "", (int)p.name.len, p.name.ptr,
                   (int)p.text.len, p.text.ptr);
    }
    return SY_OK;
}

int main(int argc, char **argv)
{
    static const char *const urls[] = {
        "https://blog.example.com/alice/article/details/42?from=share",
        "https://live.example.com/room/7?from=feed#comments",
        "https://example.com/go/live/99",
        "https://example.com/skill/cloud_native",
        "myapp://user/42",
        "https://www.example.com/u/42?tab=likes",
        "myapp://app/settings",
        "myapp://app/settings/privacy",
        "https://help.example.com/guides/payments/refunds",
        "https://m.example.com/s/SPRING24",
        "https://unknown.example.org/x",
    };
    const char *path = argc > 1 ? argv[1] : "examples/rules.json";
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    sy_status rc;
    size_t i;

    if ((rc = sy_router_new(&router, NULL, &err)) != SY_OK)
        goto fail;
    if ((rc = sy_router_load_rules_file(router, path, SY_NUL, &err)) != SY_OK)
        goto fail;
    if ((rc = sy_match_new(&match, &err)) != SY_OK)
        goto fail;
    printf("loaded %s\n", path);
    for (i = 0; i < sizeof urls / sizeof urls[0]; i++) {
        printf("\n%s\n", urls[i]);
        if ((rc = sy_router_resolve(match, router, urls[i], SY_NUL, &err)) != SY_OK)
            goto fail;
        if ((rc = print_match(match, &err)) != SY_OK)
            goto fail;
    }
    sy_match_free(match);
    sy_router_free(router);
    return 0;

fail:
    fprintf(stderr, "sample_rules: %s (%s)\n", err.message, sy_status_str(rc));
    sy_match_free(match);
    sy_router_free(router);
    return 1;
}
