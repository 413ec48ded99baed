#!/usr/bin/env python3
"""Every function declared in include/switchyard*.h carries the documentation shape of
Every declaration has a /** ... */ block right before it with @return (unless it returns void)
and the four labelled lines Ownership:, Lifetime:, Thread safety: and Since:.
Also every out-parameter named *out* has its inline /* OUT: ... */ comment.
Usage: check_header_docs.py HEADER..."""
import re
import sys

LABELS = ("Ownership:", "Lifetime:", "Thread safety:", "Since:")
DECL = re.compile(r"/\*\*((?:(?!\*/).)*)\*/\s*(SY_API\s+([^;]*?)\b(sy_\w+)\s*\(([^;]*)\);)", re.S)

failures = []
count = 0
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    declared = set(re.findall(r"SY_API\s+[^;(]*?\b(sy_\w+)\s*\(", text))
    documented = set()
    for doc, _decl, ret, name, params in DECL.findall(text):
        documented.add(name)
        count += 1
        need = list(LABELS) + ([] if ret.strip() == "void" else ["@return"])
        for label in need:
            if label not in doc:
                failures.append(f"{path}: {name}: no '{label}' in its comment")
        # An out-parameter ("out" or "x_out") is followed by its comment: "x_out, /* OUT: */".
        for m in re.finditer(r"\*\s*(\w*out)\b", params):
            after = params[m.end():].lstrip(" ,\t")
            if not after.startswith("/* OUT:"):
                failures.append(f"{path}: {name}: out-parameter {m.group(1)} without its /* OUT: ... */ comment")
    for name in sorted(declared - documented):
        failures.append(f"{path}: {name}: no /** ... */ comment directly before it")

for f in failures:
    print("FAIL:", f)
if not failures:
    print(f"ok: {count} declarations documented in the 5.13 shape")
sys.exit(1 if failures else 0)
