"""py-bench: Switchyard's Python binding vs werkzeug, falcon and starlette on the router-bench sets.

Usage: python3 bench.py <router-bench dir> <output.json> [seconds per measurement] [--allocs]

A sample is one pass over a set's requests (time.perf_counter_ns around the pass); ns per
lookup = pass time / requests; we report the median and p99 of the samples after a warm-up.
The loop itself (a Python for over a list and one call) is included for every router. The
routers of a set take turns (the first to go changing every round), so that a change in the
machine's speed during the run falls on all of them alike: at each turn a router makes an
untimed pass, which takes the caches back from the router before it, then a timed one.

With --allocs the script instead counts heap allocations per lookup. It must then run with
PYTHONMALLOC=malloc (so that every Python object is a malloc) and with LD_PRELOAD set to the
benchmark's allocation counter (alloc_counter.c built as a shared library), which exports
bench_alloc_count(). run.sh does this in a second process, so timings are not affected.
"""
import ctypes
import json
import os
import sys
import time

from routers import FalconAdapter, StarletteAdapter, SwitchyardAdapter, WerkzeugAdapter

SETS = [("matchit", "matchit"), ("path-tree", "path-tree"),
        ("static", "go-http-routing-benchmark/static")]


def read_paths(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            out.append(line.split(" ", 1)[-1])
    return out


def measure(fns, requests, budget_s):
    """Median, p99 and sample count of the ns per lookup of each of fns: they take turns,
    each an untimed and a timed pass over requests, for budget_s seconds per function
    after a quarter of that as a warm-up, and at least 30 samples each."""
    clock = time.perf_counter_ns
    n, k = len(requests), len(fns)

    def turn(first, samples):
        for j in range(k):
            i = (first + j) % k
            fn = fns[i]
            for r in requests:  # the pass before gave the caches to another router
                fn(r)
            t0 = clock()
            for r in requests:
                fn(r)
            t1 = clock()
            if samples is not None:
                samples[i].append((t1 - t0) / n)

    end = clock() + int(budget_s * k * 1e9 / 4)
    while clock() < end:
        turn(0, None)
    samples = [[] for _ in fns]
    end = clock() + int(budget_s * k * 1e9)
    rounds = 0
    while clock() < end or rounds < 30:
        turn(rounds % k, samples)
        rounds += 1
    out = []
    for s in samples:
        s.sort()
        out.append((s[len(s) // 2], s[min(len(s) - 1, len(s) * 99 // 100)], len(s)))
    return out


def count_allocs(fn, requests, counter):
    for r in requests:  # warm-up
        fn(r)
    passes = max(10, 20000 // len(requests))
    a0 = counter()
    for _ in range(passes):
        for r in requests:
            fn(r)
    return (counter() - a0) / (passes * len(requests))


def check(adapter, set_name, requests, expected):
    bad = 0
    for i, r in enumerate(requests):
        got = adapter.route_index(r)
        if got != expected[i]:
            bad += 1
            if bad <= 5:
                print(f"{adapter.name} {set_name}: {r} -> route {got}, expected {expected[i]}", file=sys.stderr)
    return bad


def build(cls, routes, set_name):
    try:
        return cls(routes)
    except Exception as e:  # a missing package or a router that refuses the set
        print(f"{cls.name} {set_name}: not measured: {type(e).__name__}: {e}", file=sys.stderr)
        return None


def main(argv):
    allocs_mode = "--allocs" in argv
    args = [a for a in argv[1:] if a != "--allocs"]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    bench_dir, output = args[0], args[1]
    budget = float(args[2]) if len(args) > 2 else 1.0
    counter = None
    if allocs_mode:
        counter = ctypes.CDLL(None).bench_alloc_count
        counter.restype = ctypes.c_uint64

    rows = []
    for name, sub in SETS:
        routes = read_paths(os.path.join(bench_dir, sub, "routes.txt"))
        requests = read_paths(os.path.join(bench_dir, sub, "requests.txt"))
        expected = list(range(len(routes)))
        print(f"python: {name} ({len(routes)} routes)", file=sys.stderr)
        timed = []
        for cls in (SwitchyardAdapter, WerkzeugAdapter, FalconAdapter, StarletteAdapter):
            adapter = build(cls, routes, name)
            if adapter is None:
                continue
            mismatches = check(adapter, name, requests, expected)
            ops = [("", adapter.resolve, "resolve(path)"),
                   ("+params", adapter.resolve_params, "resolve(path) and reading its parameters as a dict")]
            for suffix, fn, note in ops:
                row = {"suite": name, "router": adapter.name + suffix, "language": "python",
                       "routes": len(routes), "requests": len(requests), "mismatches": mismatches,
                       "note": note}
                if allocs_mode:
                    row["allocs_per_lookup"] = round(count_allocs(fn, requests, counter), 2)
                else:
                    timed.append((row, fn))
                rows.append(row)
        if timed:
            for (row, _), (med, p99, n) in zip(timed, measure([fn for _, fn in timed], requests, budget)):
                row.update(ns_per_lookup=round(med, 1), p99_ns=round(p99, 1), samples=n)
                print(f"  {row['router']:<20} median {med:8.1f} ns  p99 {p99:8.1f} ns  mismatches {row['mismatches']}",
                      file=sys.stderr)
    with open(output, "w", encoding="utf-8") as f:
        json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
