/* profile_redirect <mode> <passes>: resolves one URL `passes` times through the C API, on a
 * router holding the rule document of the redirect benchmark, for instruction counts under
 * callgrind (docs/PERFORMANCE.md, Reproduce). Modes: `hop` resolves
 * https://example.com/skill/swift, which redirects to myapp://app/skill/swift; `app` resolves
 * that URL directly; `web` a whole https URL of a route without a redirect; `path` a
 * path-only URL. One resolve runs before the passes, so a run with 0 passes counts the
 * set-up alone: subtract it and divide by `passes`. No timing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "switchyard.h"

static const char document[] =
    "{\"version\": 1, \"routes\": ["
    "{\"pattern\": \"https://example.com/skill/:language\", \"redirect\": \"myapp://app/skill/{language}\"},"
    "{\"pattern\": \"myapp://app/skill/:language\", \"target\": \"Skill\"},"
    "{\"pattern\": \"https://example.com/direct/:language\", \"target\": \"Direct\"},"
    "{\"pattern\": \"/path/skill/:language\", \"target\": \"Path\"},"
    "{\"pattern\": \"myapp://app/other/:x\", \"target\": \"Other\"}]}";

int main(int argc, char **argv) {
    static const char *const modes[][3] = {
        {"hop", "https://example.com/skill/swift", "Skill"},
        {"app", "myapp://app/skill/swift", "Skill"},
        {"web", "https://example.com/direct/swift", "Direct"},
        {"path", "/path/skill/swift", "Path"},
    };
    const char *url = NULL, *target = NULL;
    for (size_t k = 0; argc == 3 && k < sizeof modes / sizeof modes[0]; k++) {
        if (!strcmp(argv[1], modes[k][0])) { url = modes[k][1]; target = modes[k][2]; }
    }
    if (!url) {
        fprintf(stderr, "usage: %s hop|app|web|path <passes>\n", argv[0]);
        return 2;
    }
    long passes = atol(argv[2]);
    sy_router *r = NULL;
    sy_match *m = NULL;
    sy_error e;
    if (sy_router_new(&r, NULL, &e) != SY_OK || sy_router_load_rules(r, document, sizeof document - 1, &e) != SY_OK
        || sy_match_new(&m, &e) != SY_OK) {
        fprintf(stderr, "set-up failed: %s\n", e.message);
        return 1;
    }
    size_t len = strlen(url);
    long hits = 0;
    for (long i = -1; i < passes; i++) {
        if (sy_router_resolve(m, r, url, len, &e) == SY_OK && sy_match_found(m)) hits++;
    }
    sy_str t = sy_match_target(m);
    int ok = hits == passes + 1 && t.len == strlen(target) && !memcmp(t.ptr, target, t.len);
    if (!ok) fprintf(stderr, "%s did not reach %s\n", url, target);
    sy_match_free(m);
    sy_router_free(r);
    return ok ? 0 : 1;
}
