"""Load a rule document (examples/rules.json) and route deep links with it, from Python.

The document is what a backend pushes to running apps through a remote configuration
service: web URLs opening native pages, web pages redirected into the app, a skill page
redirected to a mini-app with the captured language appended. Each match is printed with
its redirect chain; a chain that ends on a URL no route matches is a miss that still
reports the final URL (open it in a browser).

Run from the repo root after `make build`:
    PYTHONPATH=bindings/python python3 bindings/python/examples/rules_demo.py
"""
import os
import sys

import switchyard

HERE = os.path.dirname(os.path.abspath(__file__))
RULES = os.path.join(HERE, "..", "..", "..", "examples", "rules.json")

URLS = [
    "https://blog.example.com/alice/article/details/42?from=share",
    "https://live.example.com/room/7?from=feed#comments",
    "https://example.com/go/live/99",
    "https://example.com/skill/cloud_native",
    "myapp://user/42",
    "https://www.example.com/u/42?tab=likes",
    "myapp://app/settings/privacy",
    "https://help.example.com/guides/payments/refunds",
    "https://m.example.com/s/SPRING24",
    "https://unknown.example.org/x",
]


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.normpath(RULES)
    with switchyard.Router() as router:
        router.load_rules_file(path)  # a file; load_rules takes a dict or JSON text
        print(f"loaded {path}")
        for url in URLS:
            m = router.resolve(url)
            print(f"\n{url}")
            if m.redirects:
                print("  redirects  " + "\n    ->       ".join(m.redirects))
            if not m:
                print(f"  no match   {m.url}")
                continue
            print(f"  target     {m.target}")
            print(f"  pattern    {m.pattern}")
            print(f"  params     {dict(m.params)}")
            if m.fragment is not None:
                print(f"  fragment   {m.fragment}")
        # A bad document is refused as a whole, with the JSON path in the message.
        try:
            router.load_rules({"version": 1, "routes": [{"pattern": "/user/<int:id", "target": "U"}]})
        except switchyard.RuleError as e:
            print(f"\nrefused: {e.message}")
        print("still routed:", router.resolve("myapp://user/7").target)


if __name__ == "__main__":
    main()
