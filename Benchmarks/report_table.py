"""Prints bench-results.json as the Markdown tables of docs/PERFORMANCE.md.

Usage: python3 Benchmarks/report_table.py [bench-results.json]
"""
import json
import sys

from merge_results import hostile_rows

LANG_TITLE = {"swift": "Swift API", "c": "C API", "python": "Python binding"}


def fmt(v, digits=1):
    return "-" if v is None else f"{v:,.{digits}f}"


def main(argv):
    rows = json.load(open(argv[1] if len(argv) > 1 else "bench-results.json", encoding="utf-8"))
    hostile = [r for r in rows if r.get("section") == "hostile"]
    builds = [r for r in rows if r.get("section") == "build"]
    rows = [r for r in rows if r.get("section") not in ("hostile", "build")]
    if rows:
        m, date = rows[0].get("machine") or {}, rows[0].get("date")
        print(f"Run {date}: {m.get('nproc')} CPUs, {m.get('cpu')}, load average at start {m.get('loadavg_at_start')}; "
              f"{m.get('swift')}; {m.get('python')}.\n")
    by = {(r.get("language"), r["suite"], r["router"]): r for r in rows}
    for lang in ("swift", "c", "python"):
        lrows = [r for r in rows if r.get("language") == lang and not r["suite"].startswith(("rules", "redirect"))]
        if not lrows:
            continue
        print(f"**{LANG_TITLE[lang]}** (ns per lookup)\n")
        print("| set | router | median | p99 | allocs/lookup | wrong | router / switchyard |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for r in lrows:
            # +params rows compare with Switchyard's +params row, the rest with its plain row.
            base = by.get((lang, r["suite"], "switchyard+params" if r["router"].endswith("+params") else "switchyard"))
            ratio = "" if r["router"].startswith("switchyard") or not base else f"{r['ns_per_lookup'] / base['ns_per_lookup']:.2f}x"
            print(f"| {r['suite']} | {r['router']} | {fmt(r['ns_per_lookup'])} | {fmt(r.get('p99_ns'))} | "
                  f"{fmt(r.get('allocs_per_lookup'), 2)} | {r.get('mismatches', 0)}/{r.get('requests')} | {ratio} |")
        print()
    rules = [r for r in rows if r["suite"].startswith(("rules", "redirect"))]
    if rules:
        print("**Rule documents and redirects** (Swift API)\n")
        print("| measurement | median | p99 / slowest | allocs/lookup |")
        print("|---|---:|---:|---:|")
        for r in rules:
            unit = 1e6 if r["suite"].startswith("rules") else 1
            name = "ms" if unit == 1e6 else "ns"
            print(f"| {r['suite']} | {fmt(r['ns_per_lookup'] / unit, 2)} {name} | {fmt((r.get('p99_ns') or 0) / unit, 2)} {name} | "
                  f"{fmt(r.get('allocs_per_lookup'), 2)} |")
        print()
    if builds:
        matchit = {r["suite"]: r for r in builds if r["router"] == "matchit"}
        print("**Table builds** (C API beside matchit; one child process per row)\n")
        print("| build | router | time | routes/s | bytes per route | peak growth | wrong | rate / matchit's | bytes / matchit's |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in builds:
            m = matchit.get(r["suite"]) if r["router"] != "matchit" else None
            rate = f"{r['routes_per_s'] / m['routes_per_s']:.2f}x" if m else ""
            size = f"{r['bytes_per_route'] / m['bytes_per_route']:.2f}x" if m else ""
            print(f"| {r['suite']} | {r['router']} | {fmt(r['ms'])} ms | {fmt(r['routes_per_s'], 0)} | "
                  f"{fmt(r['bytes_per_route'])} | {fmt(r['peak_mib'])} MiB | {r['mismatches']}/100 | {rate} | {size} |")
        print()
    if hostile:
        print("**Hostile inputs** (C API, default limits; one child process per row)\n")
        print("| row | input | time | ms per KB | peak bytes per input byte | target |")
        print("|---|---:|---:|---:|---:|---|")
        for r in hostile:
            print("| " + r["suite"] + " | " + " | ".join(hostile_rows(r)) + " |")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
