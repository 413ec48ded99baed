"""The common program: three routes, a resolve, two parameters, errors (C: examples/common/common.c)."""
import sys

import switchyard


def main() -> int:
    try:
        with switchyard.Router() as router:
            router.add_routes([
                ("/user/<int:id>", "User"),
                ("/user/<int:id>/post/<int:post>", "Post"),
                ("/about", "About"),
            ])
            m = router.resolve("/user/42/post/7")
    except switchyard.SwitchyardError as e:  # the message names the route or the byte
        print(f"switchyard: {e}", file=sys.stderr)
        return 1
    if not m:
        print("switchyard: no match", file=sys.stderr)
        return 1
    print(f"user {m.params['id']}, post {m.params['post']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
