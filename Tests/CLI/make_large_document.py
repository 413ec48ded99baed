#!/usr/bin/env python3
"""Writes a versioned rule document of N routes (default 10,000) to standard output: the
timing of `switchyard check` in docs/CLI.md. Seeded, so every run writes the same text.
Routes look like an app's: web and custom-scheme patterns of two to six segments, mostly
literals with some typed and plain parameters, a few remainders, one in ten a redirect
into the app. Usage: make_large_document.py [N] > large.json"""
import json
import random
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
rng = random.Random(0x5157)
words = ["user", "users", "repo", "repos", "issues", "pulls", "settings", "orgs", "teams", "items",
         "orders", "cart", "search", "news", "live", "room", "video", "help", "docs", "blog"]
seen = set()
routes = []
while len(routes) < n:
    parts = []
    for i in range(rng.randint(2, 6)):
        r = rng.random()
        if r < 0.62:
            parts.append(rng.choice(words) + (str(rng.randint(0, 40)) if rng.random() < 0.7 else ""))
        elif r < 0.80:
            parts.append(":p%d" % i)
        elif r < 0.90:
            parts.append("<int:p%d>" % i)
        elif r < 0.95:
            parts.append("<uuid:p%d>" % i)
        else:
            parts.append("*")
    if parts[-1] == "*":
        parts[-1] = "*rest" if rng.random() < 0.5 else ":last"
    path = "/".join(parts)
    shape = tuple(p if not p.startswith((":", "<", "*")) else p.split(":")[0] for p in parts)
    web = rng.random() < 0.5
    key = (web, shape)
    if key in seen:
        continue
    seen.add(key)
    pattern = ("https://www.example.com/" if web else "myapp://") + path
    i = len(routes)
    if i % 10 == 3:
        routes.append({"pattern": pattern, "redirect": "myapp://open/page%d" % i})
    else:
        routes.append({"pattern": pattern, "target": "Page%d" % i, "name": "r%d" % i})
print('{"version": 1, "routes": [')
print(",\n".join("  " + json.dumps(r) for r in routes))
print("]}")
