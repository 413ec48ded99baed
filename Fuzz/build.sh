#!/usr/bin/env bash
# Builds one libFuzzer program per Fuzz/<name>.swift with swiftc directly (no SwiftPM, no
# CMake): the Switchyard sources become a static module instrumented for coverage and
# ASan, then each target links against it. Output: Fuzz/.build/fuzz-<name>.
# (CMake builds the same targets with -DSWITCHYARD_FUZZ=ON; `make fuzz` uses that.)
# Usage: Fuzz/build.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/Fuzz/.build"
mkdir -p "$out"
flags=(-swift-version 6 -package-name switchyard -O -g -sanitize=fuzzer,address -parse-as-library
       -Xcc "-fmodule-map-file=$root/Sources/CJansson/module.modulemap")

echo "fuzz: building the Switchyard module (instrumented)"
swiftc "${flags[@]}" -wmo -module-name Switchyard -emit-module -emit-module-path "$out/Switchyard.swiftmodule" \
    -emit-library -static -o "$out/libSwitchyard.a" "$root"/Sources/Switchyard/*.swift

for src in "$root"/Fuzz/*.swift; do
    name=$(basename "$src" .swift)
    echo "fuzz: building fuzz-$name"
    swiftc "${flags[@]}" -module-name "Fuzz_$name" -I "$out" "$src" "$out/libSwitchyard.a" \
        -ljansson -use-ld=lld -o "$out/fuzz-$name"
done
