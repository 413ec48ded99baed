/*
 * sample_rules_jansson.c: a host that already uses jansson hands Switchyard its json_t.
 *
 * Builds a rule document with json_pack, loads it with sy_router_load_rules_json (the
 * document is borrowed: the host keeps and later releases its reference), resolves a
 * few URLs, gets each match as a new json_t (sy_match_to_json_t), reads fields from it
 * with jansson and prints it with json_dumps, then frees everything.
 * The library and this program share the system libjansson (linked dynamically).
 *
 * Build: cc -Wall -Wextra -Werror -Iinclude sample_rules_jansson.c -lswitchyard -ljansson
 */
#include <stdio.h>
#include <stdlib.h>

#include "switchyard_jansson.h"


int main(void)
{
    static const char *const urls[] = {
        "https://blog.example.com/alice/article/details/42",
        "https://example.com/skill/cloud_native?ref=home",
        "myapp://user/7#posts",
        "https://example.com/nowhere",
    };
    sy_router *router = NULL;
    sy_match *match = NULL;
    json_t *doc = NULL, *out = NULL;
    char *text = NULL;
    sy_error err;
    sy_status rc = SY_OK;
    int status = 1;
    size_t i;

    /* The versioned shape, built the way a jansson host builds any value. */
    doc = json_pack("{s:i, s:[s], s:[{s:s, s:s, s:s}, {s:s, s:s}, {s:s, s:s}, {s:s, s:s, s:{s:s}}]}",
                    "version", 1,
                    "redirect_allowlist", "myapp",
                    "routes",
                    "pattern", "https://blog.example.com/:user/article/details/:id",
                    "target", "BlogDetailPage", "name", "blog.article",
                    "pattern", "https://example.com/skill/:language",
                    "redirect", "myapp://app/tiny?id=__C92EAF9",
                    "pattern", "myapp://app/tiny", "target", "MiniAppContainer",
                    "pattern", "myapp://<word>/<int:id>",
                    "target", "AppPage", "defaults", "tab", "posts");
    if (doc == NULL) {
        fprintf(stderr, "sample_rules_jansson: json_pack failed\n");
        goto done;
    }
    if ((rc = sy_router_new(&router, NULL, &err)) != SY_OK)
        goto fail;
    if ((rc = sy_router_load_rules_json(router, doc, &err)) != SY_OK)
        goto fail;
    /* Borrowed: the document is still ours, unchanged, and released by us. */
    json_decref(doc);
    doc = NULL;
    if ((rc = sy_match_new(&match, &err)) != SY_OK)
        goto fail;

    for (i = 0; i < sizeof urls / sizeof urls[0]; i++) {
        json_t *target;
        if ((rc = sy_router_resolve(match, router, urls[i], SY_NUL, &err)) != SY_OK)
            goto fail;
        if ((rc = sy_match_to_json_t(&out, match, &err)) != SY_OK)
            goto fail;
        target = json_object_get(out, "target");
        printf("%s\n  target: %s\n", urls[i], json_is_string(target) ? json_string_value(target) : "(none)");
        text = json_dumps(out, JSON_COMPACT);
        if (text == NULL) {
            fprintf(stderr, "sample_rules_jansson: json_dumps failed\n");
            goto done;
        }
        printf("  %s\n", text);
        free(text);
        text = NULL;
        json_decref(out); /* a new reference: ours to release */
        out = NULL;
    }
    status = 0;
    goto done;

fail:
    fprintf(stderr, "sample_rules_jansson: %s (%s)\n", err.message, sy_status_str(rc));
done:
    free(text);
    json_decref(out);
    json_decref(doc);
    sy_match_free(match);
    sy_router_free(router);
    return status;
}
