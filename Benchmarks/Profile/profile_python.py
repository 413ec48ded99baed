"""The Python benchmark's lookups in a loop, for callgrind's instruction counts.

Usage: python3 profile_python.py <router-bench dir> <set> <op> <passes>

<set> is matchit, path-tree or static; <op> one of
  params     switchyard: the benchmark's lambda, resolve(path).params
  resolve    switchyard: router.resolve(path), inline
  falcon     falcon: the benchmark's lambda, CompiledRouter.find(path) and its params dict
  empty      the loop alone
Each run does one pass as a warm-up, then <passes> passes over the set's requests.
Subtract a 10-pass run from a 110-pass run and divide by 100 x the request count.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Python"))

from bench import SETS, read_paths  # noqa: E402
from routers import FalconAdapter, SwitchyardAdapter  # noqa: E402


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    bench_dir, name, op, passes = argv[1], argv[2], argv[3], int(argv[4])
    sub = dict(SETS)[name]
    routes = read_paths(os.path.join(bench_dir, sub, "routes.txt"))
    requests = read_paths(os.path.join(bench_dir, sub, "requests.txt"))
    adapter = (FalconAdapter if op == "falcon" else SwitchyardAdapter)(routes)
    fn = {"params": adapter.resolve_params, "falcon": adapter.resolve_params,
          "resolve": adapter.resolve, "empty": None}[op]
    if fn is None:
        for _ in range(passes):
            for _path in requests:
                pass
        return 0
    for path in requests:
        fn(path)
    for _ in range(passes):
        for path in requests:
            fn(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
