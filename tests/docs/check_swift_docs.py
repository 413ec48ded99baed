#!/usr/bin/env python3
"""Fails when a public symbol of the Swift module Switchyard has no `///` documentation.

Usage: python3 tests/docs/check_swift_docs.py BUILT_MODULES_DIR [REPO]

Extracts the module's symbol graph from the built module (swift-symbolgraph-extract, from
the Swift toolchain on PATH) and lists every public symbol declared in Sources/ without a
doc comment. Symbols without a source location (synthesized conformances such as `hash(into:)`,
and protocol defaults such as `Sequence.filter`) are the standard library's to document.
"""
import json
import os
import subprocess
import sys
import tempfile


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    modules = sys.argv[1]
    repo = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else ".")
    with tempfile.TemporaryDirectory() as out:
        cmd = ["swift-symbolgraph-extract", "-module-name", "Switchyard", "-I", modules,
               "-output-dir", out, "-minimum-access-level", "public",
               "-Xcc", "-fmodule-map-file=" + os.path.join(repo, "Sources/CJansson/module.modulemap"),
               "-Xcc", "-fmodule-map-file=" + os.path.join(repo, "Sources/CSwitchyardAtomic/module.modulemap")]
        target = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True)
        if target.returncode == 0:
            cmd += ["-target", json.loads(target.stdout)["target"]["triple"]]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            print("swift-symbolgraph-extract failed:\n" + done.stderr)
            return 1
        with open(os.path.join(out, "Switchyard.symbols.json")) as f:
            graph = json.load(f)
    missing = []
    for s in graph["symbols"]:
        location = s.get("location")
        if s.get("accessLevel") != "public" or "docComment" in s or not location:
            continue
        path = location["uri"].replace("file://", "")
        path = os.path.relpath(path, repo) if path.startswith(repo) else path
        missing.append(f"{path}:{location['position']['line'] + 1}: "
                       f"public {s['kind']['displayName'].lower()} {'.'.join(s['pathComponents'])} has no /// documentation")
    for line in sorted(missing):
        print(line)
    if missing:
        return 1
    print(f"ok: every public symbol of Switchyard declared in Sources/ is documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
