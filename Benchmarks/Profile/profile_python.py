"""The Python benchmark's lookups in a loop, for callgrind's instruction counts.

Usage: python3 profile_python.py <router-bench dir> <set> <op> <passes>

<set> is matchit, path-tree or static; <op> one of
  params     switchyard: the benchmark's lambda, resolve(path).params
  resolve    switchyard: router.resolve(path), inline
  falcon     falcon: the benchmark's lambda, CompiledRouter.find(path) and its params dict
  floor      what any ctypes binding of the library pays at least for the same answer: the
             foreign call resolve makes, then the parameters' text decoded into a dict,
             with no Match (checked against resolve(path).params first)
  call       that foreign call alone
  empty      the loop alone
Each run does one pass as a warm-up, then <passes> passes over the set's requests.
Subtract a 10-pass run from a 110-pass run and divide by 100 x the request count.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Python"))

from bench import SETS, read_paths  # noqa: E402
from routers import FalconAdapter, SwitchyardAdapter  # noqa: E402


def floor_lookups(adapter, requests):
    """The floor and call ops over a Switchyard adapter's router: the one foreign call of
    Router.resolve (sy_resolver_params_cstr, through the resolver the router's last
    resolve filled) and the decoding of its text as resolve(path).params decodes the
    common case (string parameters of ASCII text)."""
    from switchyard import _router

    router = adapter.router
    router.resolve(requests[0])  # builds the table and fills the resolver
    resolver, call, encode = router._last.resolver_arg, _router._resolve, str.encode

    def call_only(path):
        return call(resolver, encode(path))

    def floor(path):
        text = call(resolver, encode(path))
        if not text:
            return {}
        parts = text.decode("latin-1").split("\xff")
        if len(parts) == 3:
            return {parts[1]: parts[2]}
        if len(parts) == 5:
            return {parts[1]: parts[2], parts[3]: parts[4]}
        it = iter(parts)
        next(it)
        return dict(zip(it, it))

    for path in requests:
        if floor(path) != dict(adapter.resolve_params(path)):
            raise SystemExit(f"floor: {path} gives {floor(path)}, resolve(path).params "
                             f"{dict(adapter.resolve_params(path))}")
    return floor, call_only


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    bench_dir, name, op, passes = argv[1], argv[2], argv[3], int(argv[4])
    if op not in ("params", "resolve", "falcon", "floor", "call", "empty"):
        print(__doc__, file=sys.stderr)
        return 2
    sub = dict(SETS)[name]
    routes = read_paths(os.path.join(bench_dir, sub, "routes.txt"))
    requests = read_paths(os.path.join(bench_dir, sub, "requests.txt"))
    adapter = (FalconAdapter if op == "falcon" else SwitchyardAdapter)(routes)
    fn = {"params": adapter.resolve_params, "falcon": adapter.resolve_params,
          "resolve": adapter.resolve, "empty": None}.get(op)
    if op in ("floor", "call"):
        fn = floor_lookups(adapter, requests)[op == "call"]
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
