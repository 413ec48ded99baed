#!/usr/bin/env bash
# Switchyard's benchmarks (`make bench` runs this from the repo root; docs/PERFORMANCE.md).
#   1. Swift: Switchyard vs Vapor RoutingKit TrieRouter (+ a 100,000-route table)
#   2. C:     Switchyard's C API vs r3 and matchit (resolve, and resolve + every parameter);
#             Go: httprouter on the same sets, in a process of its own
#   3. Python: the ctypes binding vs werkzeug, falcon and starlette
#   4. Hostile inputs: the worst pattern, document, AASA file and 32 KB resolve at default limits
# Each writes a partial JSON file; merge_results.py joins them into $RESULTS and prints a
# summary with the ratios and the targets. Numbers are only printed, never asserted.
#
# Environment (the Makefile sets the first three):
#   SWITCHYARD_BUILD    CMake build dir holding libswitchyard.so   (default: build)
#   SWITCHYARD_LIBRARY  the library the C and Python runs load     (default: $SWITCHYARD_BUILD/libswitchyard.so)
#   RESULTS             output file                                (default: bench-results.json)
#   BENCH_SECONDS       sampling time per measurement, after a quarter of it of warm-up (default: 0.5,
#                       which keeps `make bench` from a clean clone within ~5 minutes on 2 cores)
#   ROUTER_BENCH        the route sets                             (default: Tests/Data/router-bench)
#   MATCHIT_SRC         a copy of the matchit crate's source, for cargo without the crate registry
#   HTTPROUTER_SRC      a copy of httprouter's source (v1.3.0), for go without the module proxy
#   HOSTILE_CAP_SECONDS time after which a hostile row is killed and reported as "> cap" (default: 15)
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
SWITCHYARD_BUILD=${SWITCHYARD_BUILD:-$root/build}
SWITCHYARD_LIBRARY=${SWITCHYARD_LIBRARY:-$SWITCHYARD_BUILD/libswitchyard.so}
RESULTS=${RESULTS:-$root/bench-results.json}
BENCH_SECONDS=${BENCH_SECONDS:-0.5}
ROUTER_BENCH=${ROUTER_BENCH:-$root/Tests/Data/router-bench}
PYTHON=${PYTHON:-python3}
work=$root/Benchmarks/.build/results
mkdir -p "$work"
rm -f "$work"/*.json
failed=()

[ -d "$ROUTER_BENCH/matchit" ] || { echo "bench: route sets not found in $ROUTER_BENCH (set ROUTER_BENCH)"; exit 1; }
[ -f "$SWITCHYARD_LIBRARY" ] || { echo "bench: $SWITCHYARD_LIBRARY not found (run make build)"; exit 1; }

# The machine, once, for every row and for docs/PERFORMANCE.md.
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
"$PYTHON" - "$work/machine.json" "$(nproc)" "$cpu" "$(uname -r)" "$(cut -d' ' -f1-3 /proc/loadavg)" \
  "$(swift --version 2>/dev/null | head -1)" "$("$PYTHON" --version 2>&1)" <<'PY'
import json, sys, datetime
out, nproc, cpu, kernel, load, swift, python = sys.argv[1:]
json.dump({"machine": {"nproc": int(nproc), "cpu": cpu, "kernel": kernel, "loadavg_at_start": load,
                       "swift": swift, "python": python},
           "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")},
          open(out, "w"))
PY
echo "bench: $(nproc) CPUs, $cpu; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

step() { printf '\n== %s\n' "$1"; }

# ---- 1. Swift (its own SwiftPM package; release build)
step "Swift: Switchyard vs RoutingKit (swift build -c release --package-path Benchmarks)"
if swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]|^(Building|Compiling|Write|Planning)' ; \
   [ "${PIPESTATUS[0]}" -eq 0 ]; then
  Benchmarks/.build/release/SwiftBench "$ROUTER_BENCH" "$work/swift.json" "$BENCH_SECONDS" || failed+=(swift)
else
  failed+=(swift-build)
fi

# ---- 2. C (cc -O2 against the CMake-built library)
step "C: Switchyard C API vs r3 and matchit"
# matchit (Rust) runs in the C process through Benchmarks/matchit-harness. cargo takes the
# crate from the registry, or from a copy of its source in MATCHIT_SRC (offline).
matchit=()
if ! command -v cargo >/dev/null; then
  echo "bench: matchit rows skipped: no cargo on PATH"
else
  cargo_args=(build --release --quiet --manifest-path Benchmarks/matchit-harness/Cargo.toml
              --target-dir Benchmarks/.build/matchit)
  [ -n "${MATCHIT_SRC:-}" ] && cargo_args+=(--offline --config "patch.crates-io.matchit.path=\"$MATCHIT_SRC\"")
  if timeout 300 cargo "${cargo_args[@]}"; then
    matchit=(-DSWITCHYARD_BENCH_MATCHIT Benchmarks/.build/matchit/release/libswitchyard_matchit_harness.a -lpthread -ldl -lm)
  else
    echo "bench: matchit rows skipped: cargo could not build Benchmarks/matchit-harness (set MATCHIT_SRC=DIR to a copy of matchit's source where the crate registry is out of reach)"
  fi
fi
cbench=Benchmarks/.build/c-bench
if cc -O2 -std=c11 -Wall -Wextra -Werror -IBenchmarks/C -IBenchmarks/Sources/CAllocCounter/include -Iinclude \
      $(pkg-config --cflags r3 2>/dev/null || echo -I/usr/include/r3) \
      Benchmarks/C/*.c Benchmarks/Sources/CAllocCounter/alloc_counter.c "${matchit[@]}" \
      -L"$(dirname "$SWITCHYARD_LIBRARY")" -lswitchyard -Wl,-rpath,"$(dirname "$SWITCHYARD_LIBRARY")" \
      $(pkg-config --libs r3 2>/dev/null || echo -lr3) -o "$cbench"; then
  "$cbench" "$ROUTER_BENCH" "$work/c.json" "$BENCH_SECONDS" || failed+=(c)
else
  failed+=(c-build)
fi
# The callgrind harness of docs/PERFORMANCE.md (Reproduce): built here so it keeps compiling.
cc -O2 -std=c11 -Wall -Wextra -Werror -Iinclude Benchmarks/Profile/profile_c.c \
  -L"$(dirname "$SWITCHYARD_LIBRARY")" -lswitchyard -Wl,-rpath,"$(dirname "$SWITCHYARD_LIBRARY")" \
  -o Benchmarks/.build/profile_c || failed+=(profile-build)
cc -O2 -std=c11 -Wall -Wextra -Werror -Iinclude Benchmarks/Profile/profile_redirect.c \
  -L"$(dirname "$SWITCHYARD_LIBRARY")" -lswitchyard -Wl,-rpath,"$(dirname "$SWITCHYARD_LIBRARY")" \
  -o Benchmarks/.build/profile_redirect || failed+=(profile-build)
cc -O2 -std=c11 -Wall -Wextra -Werror -Iinclude -IBenchmarks/C Benchmarks/Profile/profile_build.c \
  Benchmarks/C/random_routes.c \
  -L"$(dirname "$SWITCHYARD_LIBRARY")" -lswitchyard -Wl,-rpath,"$(dirname "$SWITCHYARD_LIBRARY")" \
  -o Benchmarks/.build/profile_build || failed+=(profile-build)

# ---- 2b. Go: httprouter on the same sets (Benchmarks/httprouter-harness). go takes the module
# from the module proxy, or from a copy of its source in HTTPROUTER_SRC (offline). The
# harness's go.mod is copied into the build folder, so go writes go.sum there, not in the tree.
step "Go: httprouter on the same sets"
if ! command -v go >/dev/null; then
  echo "bench: httprouter rows skipped: no go on PATH (Debian: apt-get install golang-go)"
else
  gomod=$root/Benchmarks/.build/httprouter/go.mod
  mkdir -p "$(dirname "$gomod")"
  cp Benchmarks/httprouter-harness/go.mod "$gomod"
  rm -f "${gomod%.mod}.sum"
  goenv=(GOFLAGS=-mod=mod)
  if [ -n "${HTTPROUTER_SRC:-}" ]; then
    echo "replace github.com/julienschmidt/httprouter => $HTTPROUTER_SRC" >> "$gomod"
    goenv+=(GOPROXY=off)
  fi
  if (cd Benchmarks/httprouter-harness && env "${goenv[@]}" timeout 300 go build -modfile="$gomod" \
        -o "$root/Benchmarks/.build/httprouter/httprouter-bench" .); then
    Benchmarks/.build/httprouter/httprouter-bench "$ROUTER_BENCH" "$work/go.json" "$BENCH_SECONDS" || failed+=(go)
  else
    echo "bench: httprouter rows skipped: go could not build Benchmarks/httprouter-harness (set HTTPROUTER_SRC=DIR to a copy of httprouter v1.3.0's source where the module proxy is out of reach)"
  fi
fi

# ---- 3. Python: timings, then allocation counts in a second process (PYTHONMALLOC=malloc and
# the counter preloaded; see Python/bench.py), so the counting does not slow the timed run.
step "Python: binding vs werkzeug, falcon and starlette"
export PYTHONPATH="$root/bindings/python${PYTHONPATH:+:$PYTHONPATH}" SWITCHYARD_LIBRARY
"$PYTHON" Benchmarks/Python/bench.py "$ROUTER_BENCH" "$work/python.json" "$BENCH_SECONDS" || failed+=(python)
counter=Benchmarks/.build/libbench_alloc_counter.so
if cc -O2 -shared -fPIC -IBenchmarks/Sources/CAllocCounter/include Benchmarks/Sources/CAllocCounter/alloc_counter.c -o "$counter"; then
  PYTHONMALLOC=malloc LD_PRELOAD="$root/$counter" \
    "$PYTHON" Benchmarks/Python/bench.py "$ROUTER_BENCH" "$work/python-allocs.json" "$BENCH_SECONDS" --allocs 2>/dev/null \
    || failed+=(python-allocs)
else
  failed+=(python-allocs-build)
fi

# ---- 4. Hostile inputs: the worst input within the default limits, per row in a child
# process killed at HOSTILE_CAP_SECONDS (Hostile/hostile.c; docs/PERFORMANCE.md).
step "Hostile inputs: the worst pattern, document, AASA file and resolve at default limits"
hostile=Benchmarks/.build/hostile
if cc -O2 -std=c11 -Wall -Wextra -Werror -Iinclude Benchmarks/Hostile/hostile.c \
      -L"$(dirname "$SWITCHYARD_LIBRARY")" -lswitchyard -Wl,-rpath,"$(dirname "$SWITCHYARD_LIBRARY")" -o "$hostile"; then
  "$hostile" "$work/hostile.json" || failed+=(hostile)
else
  failed+=(hostile-build)
fi

# ---- results
step "Results: $RESULTS"
"$PYTHON" Benchmarks/merge_results.py "$RESULTS" "$work/machine.json" "$work"/swift.json "$work"/c.json \
  "$work"/go.json "$work"/python.json "$work"/python-allocs.json "$work"/hostile.json || failed+=(merge)

if [ ${#failed[@]} -gt 0 ]; then
  echo "bench: failed steps: ${failed[*]}"
  exit 1
fi
