"""Switchyard from Python: deep-link routes, a few URLs, each match printed (`make demo`).

(rules_demo.py does the same from the rule document examples/rules.json.)

Run from the repo root after `make build`:  PYTHONPATH=bindings/python python3 bindings/python/examples/demo.py
"""

import json
import sys

import switchyard

URLS = [
    "https://blog.example.com/ann/article/details/42?from=feed",
    "myapp://user/007?tab=likes",
    "myapp://live/room/r9#chat",
    "https://example.com/skill/cloud_native",
    "myapp://nowhere",
]


def show(router: switchyard.Router, url: str) -> None:
    try:
        m = router.resolve(url)
    except switchyard.SwitchyardError as exc:
        print(f"{url}\n  error {exc.code}: {exc}")
        return
    if not m:
        print(f"{url}\n  no match (final URL {m.url})")
        if m.redirects:
            print(f"     redirects {' -> '.join(m.redirects)}")
        return
    print(f"{url}\n  -> {m.target}  via {m.pattern}")
    print(f"     params {dict(m.params)}")
    if m.redirects:
        print(f"     redirects {' -> '.join(m.redirects)}")


def main() -> int:
    print(f"libswitchyard {switchyard.library_version()}")
    with switchyard.Router() as router:
        router.add("https://blog.example.com/:user/article/details/:id", "BlogDetailPage")
        router.add("myapp://user/<int:id>", "UserProfile", name="user", defaults={"tab": "posts"})
        router.add("myapp://live/room/:id", "LiveRoom")
        router.add("https://example.com/skill/:language", redirect="myapp://app/tiny?id=__C92EAF9")
        router.add("myapp://app/tiny", "MiniApp")
        for url in URLS:
            show(router, url)
        print("\nas canonical JSON:")
        print(json.dumps(router.resolve(URLS[1]).to_dict(), indent=2))
        try:
            router.add("myapp://user/<int:other>", "Clash")
        except switchyard.ConflictError as exc:
            print(f"\nconflict, as expected: {exc}")

    return 0


if __name__ == "__main__":
    sys.exit(main())
