"""Cache misses per resolve by source line: the difference of two callgrind runs that
differ only in their number of passes (docs/PERFORMANCE.md, Reproduce).

    python3 Benchmarks/Profile/miss_lines.py <fewer passes.out> <more passes.out> <resolves between them> [rows]

Both files must come from `valgrind --tool=callgrind --cache-sim=yes --dump-line=yes
--compress-pos=no --compress-strings=no`. Building the table costs the same in both runs,
so the difference is the resolves' own cost. Prints the last-level and L1d read misses
per resolve of each source line, largest first."""
import collections
import sys


def read_misses(path):
    """{(file, line): [D1mr, DLmr]}, self cost only (a call's inclusive cost is skipped)."""
    out = collections.defaultdict(lambda: [0, 0])
    source, after_calls, d1, dl = None, False, None, None
    with open(path) as f:
        for line in f:
            if line.startswith("events:"):
                events = line.split()[1:]
                d1, dl = events.index("D1mr"), events.index("DLmr")
            elif line.startswith(("fl=", "fi=", "fe=")):
                source = line[3:].strip()
            elif line.startswith("calls="):
                after_calls = True
            elif line[:1].isdigit():
                if after_calls:  # the cost of that call, counted in the callee
                    after_calls = False
                    continue
                fields = line.split()
                costs = fields[1:]
                key = (source, fields[0])
                if len(costs) > d1:
                    out[key][0] += int(costs[d1])
                if len(costs) > dl:
                    out[key][1] += int(costs[dl])
    return out


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    fewer, more, resolves = read_misses(argv[1]), read_misses(argv[2]), float(argv[3])
    rows = int(argv[4]) if len(argv) > 4 else 25
    diffs = []
    for key in set(fewer) | set(more):
        a, b = fewer.get(key, [0, 0]), more.get(key, [0, 0])
        diffs.append(((b[1] - a[1]) / resolves, (b[0] - a[0]) / resolves, key))
    diffs.sort(reverse=True)
    print(f"{'LL rd':>7} {'L1d rd':>7}  source line")
    for ll, l1, (source, line) in diffs[:rows]:
        print(f"{ll:7.2f} {l1:7.2f}  {source.rsplit('/', 1)[-1]}:{line}")
    print(f"{sum(d[0] for d in diffs):7.2f} {sum(d[1] for d in diffs):7.2f}  total")


if __name__ == "__main__":
    main(sys.argv)
