/* readme_example.c: the C example quoted in README.md and docs/C-API.md.
 * The tests build it with -Wall -Wextra -Werror and check its output. */
#include <stdio.h>
#include "switchyard.h"

int main(void)
{
    /* Text goes in as a pointer and a byte length (no NUL needed): SY_STR("...") gives a
     * literal and its length, SY_NUL stands for strlen. No length is written out by hand,
     * so none goes stale when the text changes. */
    const char *url = "myapp://user/42?tab=likes";
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    int64_t id = 0;
    int ok = 0;

    if (sy_router_new(&router, NULL, &err) == SY_OK &&
        sy_router_add(router, SY_STR("myapp://user/<int:id>"), SY_STR("UserProfile"), &err) == SY_OK &&
        sy_match_new(&match, &err) == SY_OK &&
        sy_router_resolve(match, router, url, SY_NUL, &err) == SY_OK &&
        sy_match_param_int(&id, match, "id", SY_NUL, NULL) == SY_OK) {
        sy_str target = sy_match_target(match);
        printf("%.*s id=%lld\n", (int)target.len, target.ptr, (long long)id);
        ok = 1; /* prints: UserProfile id=42 */
    } else { /* a failed call filled err; a miss or a missing "id" left it cleared */
        fprintf(stderr, "switchyard: %s\n", err.code != SY_OK ? err.message : "no match");
    }
    sy_match_free(match);
    sy_router_free(router);
    return ok ? 0 : 1;
}
