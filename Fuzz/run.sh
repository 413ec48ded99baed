#!/usr/bin/env bash
# Runs every program Fuzz/build.sh made for SECONDS each (default 20), on a copy of its
# seed corpus (Fuzz/corpus/<name>/, left unchanged) with its dictionary (Fuzz/<name>.dict)
# if there is one. A crash, leak or timeout fails the run; the input that caused it is
# written to Fuzz/.build/artifacts/ (libFuzzer prints the exact path).
# Usage: Fuzz/run.sh [SECONDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-20}
out="$root/Fuzz/.build"
shopt -s nullglob
programs=()
for f in "$out"/fuzz-*; do
    [[ -f $f && -x $f && $f != *.log ]] && programs+=("$f")
done
[ ${#programs[@]} -gt 0 ] || { echo "fuzz: nothing built; run Fuzz/build.sh first"; exit 1; }
mkdir -p "$out/artifacts"
for program in "${programs[@]}"; do
    name=${program##*/fuzz-}
    work="$out/corpus/$name"
    mkdir -p "$work"
    seeds=()
    [ -d "$root/Fuzz/corpus/$name" ] && seeds=("$root/Fuzz/corpus/$name")
    dict=()
    [ -f "$root/Fuzz/$name.dict" ] && dict=("-dict=$root/Fuzz/$name.dict")
    echo "fuzz: fuzz-$name for $seconds s"
    "$program" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        "${dict[@]}" -artifact_prefix="$out/artifacts/" "$work" "${seeds[@]}" 2> "$out/fuzz-$name.log" \
        || { tail -n 40 "$out/fuzz-$name.log"; exit 1; }
    grep -E '^(stat::number_of_executed_units|Done)' "$out/fuzz-$name.log" || true
done
