/* The common program: register three routes, resolve a URL, read two parameters, handle
 * errors. docs/API.md compares it with the same program for r3 (c-common-length). */
#include <stdio.h>
#include "switchyard.h"

int main(void)
{
    static const sy_route routes[] = {
        SY_ROUTE_TARGET_INIT("/user/<int:id>", "User"),
        SY_ROUTE_TARGET_INIT("/user/<int:id>/post/<int:post>", "Post"),
        SY_ROUTE_TARGET_INIT("/about", "About"),
    };
    sy_router *router = NULL;
    sy_match *match = NULL;
    sy_error err;
    int64_t id = 0, post = 0;
    int ok = sy_router_new(&router, NULL, &err) == SY_OK &&
             sy_router_add_routes(router, routes, 3, &err) == SY_OK &&
             sy_match_new(&match, &err) == SY_OK &&
             sy_router_resolve(match, router, SY_STR("/user/42/post/7"), &err) == SY_OK &&
             sy_match_param_int(&id, match, "id", SY_NUL, NULL) == SY_OK && sy_match_param_int(&post, match, "post", SY_NUL, NULL) == SY_OK;
    if (ok)
        printf("user %lld, post %lld\n", (long long)id, (long long)post);
    else /* a failed call filled err; a miss or a missing parameter left it cleared */
        fprintf(stderr, "switchyard: %s\n", err.code != SY_OK ? err.message : "no match");
    sy_match_free(match);
    sy_router_free(router);
    return ok ? 0 : 1;
}
