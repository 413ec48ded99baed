"""Merges the partial result files of run.sh into bench-results.json and prints a summary.

Usage: python3 merge_results.py <output.json> <machine.json> <part.json>...

Every row gets the machine and date fields. Python allocation counts (a separate run, see
Python/bench.py) are joined onto the Python timing rows by (suite, router). The summary shows
each Switchyard figure next to its peers, the ratio peer / Switchyard, and the performance targets (docs/PERFORMANCE.md).
"""
import json
import sys


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print(f"merge: skipping {path}: {e}", file=sys.stderr)
        return []


# (language, suite or None for every suite, router, limit in ns): the performance targets.
TARGETS = [
    ("swift", "matchit", "switchyard", 50.0),
    ("c", "matchit", "switchyard", 70.0),
    ("python", None, "switchyard", 500.0),
    ("python", None, "switchyard+params", 1500.0),
]
# Hostile rows (Hostile/hostile.c): adding or loading costs at most 1 ms per KB of input and
# 64 bytes of peak memory per byte of it; one resolve of a 32 KB URL at most 10 ms.
HOSTILE_MS_PER_KB, HOSTILE_PEAK_PER_BYTE, HOSTILE_RESOLVE_MS = 1.0, 64.0, 10.0
# The resident size moves in pages and in the kernel's per-CPU counters: below this much
# input a peak per byte reads that granularity, so it is shown but not judged.
HOSTILE_MEMORY_MIN_INPUT = 16 * 1024
# (language, peer, minimum peer/switchyard ratio)
RATIOS = [("swift", "routingkit", 5.0), ("c", "r3", 2.0), ("python", "werkzeug", 5.0)]


def hostile_rows(r):
    """One hostile row as (input, time, ms per KB, peak bytes per byte, verdict) texts."""
    kb = (r.get("input_bytes") or 0) / 1024
    size = f"{kb:,.1f} KB"
    if r.get("outcome") == "killed-at-cap":
        return size, f"> {r['cap_seconds']:g} s", "-", "-", f"MISS (killed at the {r['cap_seconds']:g} s cap)"
    if r.get("outcome") != "done":
        return size, "-", "-", "-", "MISS (the child crashed)"
    ms = r["seconds"] * 1000
    per_kb = ms / kb if kb else 0.0
    per_byte = r["peak_bytes"] / r["input_bytes"] if r.get("input_bytes") else 0.0
    judged = True
    if r["kind"] == "resolve":
        met = ms <= HOSTILE_RESOLVE_MS
    else:
        judged = r["input_bytes"] >= HOSTILE_MEMORY_MIN_INPUT
        met = per_kb <= HOSTILE_MS_PER_KB and (not judged or per_byte <= HOSTILE_PEAK_PER_BYTE)
    verdict = ("met" if met else "MISS") + ("" if judged else " (peak not judged under 16 KB of input)")
    verdict += f" (refused: {r['refused']})" if r.get("refused") else ""
    return size, f"{ms:,.1f} ms", f"{per_kb:,.3f}", f"{per_byte:,.1f}", verdict


def print_builds(builds):
    """Table builds and document loads (C, build_suite.c), with matchit's figures beside."""
    print(f"\n{'table build':<18}{'router':<22}{'ms':>10}{'routes/s':>12}{'B/route':>10}{'peak MiB':>10}{'miss':>6}  vs matchit")
    peer = {r["suite"]: r for r in builds if r["router"] == "matchit"}
    for r in builds:
        m = peer.get(r["suite"])
        ratio = ""
        if m and r["router"] != "matchit" and r["routes_per_s"] and m["bytes_per_route"]:
            ratio = (f"rate {r['routes_per_s'] / m['routes_per_s']:.2f}x, "
                     f"bytes {r['bytes_per_route'] / m['bytes_per_route']:.2f}x")
        print(f"{r['suite']:<18}{r['router']:<22}{r['ms']:>10.1f}{r['routes_per_s']:>12.0f}"
              f"{r['bytes_per_route']:>10.1f}{r['peak_mib']:>10.1f}{r['mismatches']:>6}  {ratio}")
    print("targets:")
    for r in builds:
        m = peer.get(r["suite"])
        if r["router"] == "switchyard" and m:
            rate_ok = r["routes_per_s"] >= m["routes_per_s"]
            bytes_ok = r["bytes_per_route"] <= m["bytes_per_route"]
            print(f"  {'met ' if rate_ok else 'MISS'} c {r['suite']}: build rate {r['routes_per_s'] / m['routes_per_s']:.2f}x matchit's (target >= 1x)")
            print(f"  {'met ' if bytes_ok else 'MISS'} c {r['suite']}: {r['bytes_per_route'] / m['bytes_per_route']:.2f}x matchit's bytes per route (target <= 1x)")
        if r["suite"] == "document-100000":
            ok = r["ms"] <= 300 and r["peak_mib"] <= 150
            print(f"  {'met ' if ok else 'MISS'} c 100,000-route document load + first resolve: {r['ms']:.0f} ms, "
                  f"peak +{r['peak_mib']:.0f} MiB (target <= 300 ms, <= 150 MiB)")


def main(argv):
    out, machine_file, parts = argv[1], argv[2], argv[3:]
    machine = load(machine_file) or {}
    rows, allocs, hostile, builds = [], {}, [], []
    for p in parts:
        for r in load(p):
            if r.get("section") == "hostile":
                hostile.append(r)
            elif r.get("section") == "build":
                builds.append(r)
            elif r.get("ns_per_lookup") is None and "allocs_per_lookup" in r:
                allocs[(r["language"], r["suite"], r["router"])] = r["allocs_per_lookup"]
            else:
                rows.append(r)
    for r in rows:
        r.setdefault("allocs_per_lookup", allocs.get((r.get("language"), r["suite"], r["router"])))
    for r in rows + hostile + builds:
        r["machine"] = machine.get("machine")
        r["date"] = machine.get("date")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(rows + hostile + builds, f, indent=1)
        f.write("\n")

    by = {(r.get("language"), r["suite"], r["router"]): r for r in rows}
    print(f"\n{'lang':<7}{'suite':<32}{'router':<22}{'median ns':>11}{'p99 ns':>11}{'allocs':>8}{'miss':>6}  vs switchyard")
    for r in rows:
        lang, suite = r.get("language"), r["suite"]
        # Go's peer runs in a process of its own: its ratio is against the C rows.
        base = by.get(("c" if lang == "go" else lang, suite,
                       "switchyard+params" if r["router"].endswith("+params") else "switchyard"))
        ratio = ""
        if base and not r["router"].startswith("switchyard") and base.get("ns_per_lookup"):
            ratio = f"{r['ns_per_lookup'] / base['ns_per_lookup']:.2f}x"
        a = r.get("allocs_per_lookup")
        print(f"{lang:<7}{suite:<32}{r['router']:<22}{r['ns_per_lookup']:>11.1f}{r.get('p99_ns') or 0:>11.1f}"
              f"{'-' if a is None else f'{a:.2f}':>8}{r.get('mismatches', 0):>6}  {ratio}")

    print("\ntargets:")
    for lang, suite, router, limit in TARGETS:
        for (l, s, name), r in by.items():
            if l == lang and name == router and (suite is None or s == suite) and not s.startswith("random"):
                ok = r["ns_per_lookup"] <= limit
                print(f"  {'met ' if ok else 'MISS'} {lang} {s} {router}: {r['ns_per_lookup']:.1f} ns (target <= {limit:g})")
    for lang, peer, minimum in RATIOS:
        for (l, s, name), r in by.items():
            base = by.get((l, s, "switchyard"))
            if l == lang and name == peer and base and not s.startswith("random"):
                ratio = r["ns_per_lookup"] / base["ns_per_lookup"]
                print(f"  {'met ' if ratio >= minimum else 'MISS'} {lang} {s}: {peer} / switchyard = {ratio:.2f}x (target >= {minimum:g}x)")
    for (l, s, name), r in by.items():
        peer = by.get((l, s, "matchit+params"))
        if l == "c" and name == "switchyard+params" and peer:
            ratio = r["ns_per_lookup"] / peer["ns_per_lookup"]
            print(f"  {'met ' if ratio <= 1.2 else 'MISS'} c {s}: resolve + params / matchit's = {ratio:.2f}x (target <= 1.2x)")
        peer = by.get(("go", s, "httprouter+params"))
        if l == "c" and name == "switchyard+params" and peer:
            ratio = peer["ns_per_lookup"] / r["ns_per_lookup"]
            print(f"  {'met ' if ratio > 1 else 'MISS'} c {s}: httprouter / switchyard, resolve + params = {ratio:.2f}x (target > 1x)")
        peer = by.get((l, s, "falcon+params"))
        if l == "python" and name == "switchyard+params" and peer:
            ratio = peer["ns_per_lookup"] / r["ns_per_lookup"]
            print(f"  {'met ' if ratio > 1 else 'MISS'} python {s}: falcon / switchyard, resolve + params = {ratio:.2f}x (target > 1x)")
    for (l, s, name), r in by.items():
        plain = by.get((l, s, "switchyard-dispatch"))
        if l == "c" and name == "switchyard-dispatch+requires" and plain:
            ratio = r["ns_per_lookup"] / plain["ns_per_lookup"]
            print(f"  {'met ' if ratio <= 1.2 else 'MISS'} c {s}: dispatch with two requirements / without = {ratio:.2f}x (target <= 1.2x)")
        without = by.get((l, s, "switchyard+query"))
        if l == "c" and name == "switchyard+query-contract" and without:
            ratio = r["ns_per_lookup"] / without["ns_per_lookup"]
            print(f"  {'met ' if ratio <= 1.3 else 'MISS'} c {s}: resolve with a query contract / without = {ratio:.2f}x (target <= 1.3x)")
        default = by.get((l, s, "switchyard-preset-switchyard-hosted" if name == "switchyard-preset-kickstarter"
                             else "switchyard-preset-switchyard"))
        if (l == "c" and name.startswith("switchyard-preset-") and default
                and name not in ("switchyard-preset-switchyard", "switchyard-preset-switchyard-hosted")):
            ratio = r["ns_per_lookup"] / default["ns_per_lookup"]
            preset = name[len("switchyard-preset-"):]
            print(f"  {'met ' if ratio <= 1.5 else 'MISS'} c {s}: preset {preset} / the default options = {ratio:.2f}x (target <= 1.5x)")
    small = by.get(("swift", "matchit", "switchyard"))
    for suite, what in (("random-100000", "10,000 distinct requests"), ("random-100000-hot130", "130 distinct requests")):
        big = by.get(("swift", suite, "switchyard"))
        if small and big:
            ratio = big["ns_per_lookup"] / small["ns_per_lookup"]
            print(f"  {'met ' if ratio <= 2 else 'MISS'} swift 100,000 random routes ({what}) / matchit = {ratio:.2f}x (target <= 2x)")
    direct, hop = by.get(("swift", "redirect-direct", "switchyard")), by.get(("swift", "redirect-1-hop", "switchyard"))
    if direct and hop:
        ratio = hop["ns_per_lookup"] / direct["ns_per_lookup"]
        print(f"  {'met ' if ratio <= 3 else 'MISS'} swift one redirect / direct = {ratio:.2f}x (target <= 3x)")
    loaded = by.get(("swift", "rules-load-10000", "switchyard"))
    if loaded:
        ms = loaded["ns_per_lookup"] / 1e6
        print(f"  {'met ' if ms <= 100 else 'MISS'} swift 10,000-route document load = {ms:.1f} ms (target <= 100 ms)")
    for (l, s, name), r in by.items():
        if name.startswith("switchyard") and r.get("mismatches"):
            print(f"  WRONG {l} {s} {name}: {r['mismatches']} requests did not hit their route")
    if hostile:
        print(f"\nhostile inputs (targets: <= {HOSTILE_MS_PER_KB:g} ms per KB and <= {HOSTILE_PEAK_PER_BYTE:g} B of peak "
              f"memory per input byte to add or load; <= {HOSTILE_RESOLVE_MS:g} ms per 32 KB resolve):")
        for r in hostile:
            size, time, per_kb, per_byte, verdict = hostile_rows(r)
            print(f"  {r['suite']:<24}{size:>12}{time:>14}{per_kb:>12} ms/KB{per_byte:>10} B/B  {verdict}")
    if builds:
        print_builds(builds)
    extra = machine.get("notes") or []
    for n in extra:
        print(f"  note: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
