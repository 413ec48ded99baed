/* readme_example.c: the C example quoted in README.md and docs/C-API.md.
 * The tests build it with -Wall -Wextra -Werror and check its output. */
#include <stdio.h>
#include <string.h>
#include "switchyard.h"

int main(void)
{
    /* Texts go in as a pointer and a byte length (no NUL needed); strlen keeps the
     * length right when the text changes, so an error's byte position stays right. */
    const char *pattern = "myapp://user/<int:id>";
    const char *target = "UserProfile";
    const char *url = "myapp://user/42?tab=likes";
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_param id;
    int found = 0;
    sy_error err;
    int ok = 0;

    if (sy_router_new(&router, NULL, &err) != SY_OK ||
        sy_router_add(router, pattern, strlen(pattern), target, strlen(target), &err) != SY_OK ||
        sy_match_new(&match, &err) != SY_OK ||
        sy_router_resolve(match, router, url, strlen(url), &err) != SY_OK ||
        sy_match_param(&id, &found, match, "id", strlen("id"), &err) != SY_OK)
        goto cleanup;

    if (sy_match_found(match) && found && id.type == SY_VALUE_INT) {
        sy_str winner = sy_match_target(match);
        printf("%.*s id=%lld\n", (int)winner.len, winner.ptr, (long long)id.int_value);
        ok = 1; /* prints: UserProfile id=42 */
    }

cleanup:
    if (!ok)
        fprintf(stderr, "switchyard: %s\n", err.message[0] ? err.message : "no match");
    sy_match_free(match);
    sy_router_free(router);
    return ok ? 0 : 1;
}
