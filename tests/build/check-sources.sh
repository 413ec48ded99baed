#!/usr/bin/env bash
# Every .swift file under Sources/ must be compiled by both builds: CMake (the list
# CMake wrote from its targets' SOURCES) and SwiftPM (`swift package describe`).
# Usage: check-sources.sh REPO_ROOT CMAKE_SOURCE_LIST SCRATCH_DIR
set -euo pipefail
root=$1 cmake_list=$2 scratch=$3
cd "$root"

on_disk=$(find Sources -name '*.swift' -type f | sort -u)
in_cmake=$(sed -n "s|^$root/||p" "$cmake_list" | sort -u)
# A separate scratch path: describe must not wait on the lock of a running swift build.
in_spm=$(swift package --scratch-path "$scratch" describe --type json | python3 -c '
import json, sys, os
for t in json.load(sys.stdin)["targets"]:
    for s in t.get("sources", []):
        if s.endswith(".swift"):
            print(os.path.join(t["path"], s))' | sort -u)

status=0
report() { # $1 = what is missing, $2 = files
  if [ -n "$2" ]; then echo "FAIL: $1:"; echo "$2" | sed 's/^/  /'; status=1; fi
}
report "under Sources/ but not compiled by CMake (a target CMakeLists.txt does not build, or a stale build dir: re-run cmake --build)" \
       "$(comm -23 <(echo "$on_disk") <(echo "$in_cmake"))"
report "under Sources/ but not compiled by SwiftPM (Package.swift excludes it or has no target for it)" \
       "$(comm -23 <(echo "$on_disk") <(echo "$in_spm"))"
report "in CMake's source list but not on disk (stale build dir: re-run cmake --build)" \
       "$(comm -13 <(echo "$on_disk") <(echo "$in_cmake"))"
[ $status -eq 0 ] && echo "ok: all $(echo "$on_disk" | wc -l) Swift files under Sources/ are in both builds"
exit $status
