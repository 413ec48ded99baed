"""What a rule document costs (docs/SECURITY.md "Limits", SEMANTICS.md §7): hostile
documents at the default limits, each loaded in a child process whose peak memory (its
maximum resident set, before and after the load) is compared with the document's size.
The bounds are bytes per byte of document, never times.

Run as a script, this writes the same documents at full size (16 MiB, the default
max_document_size) for measuring by hand:

    export PYTHONPATH=bindings/python SWITCHYARD_LIBRARY=build/libswitchyard.so
    python3 bindings/python/tests/test_rules_cost.py /tmp/docs
    /usr/bin/time -v python3 -c 'import switchyard, sys; switchyard.Router().load_rules_file(sys.argv[1])' \\
        /tmp/docs/budget-filling.json
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from switchyard import LimitError, RuleError, Router

from conftest import needs_rules  # noqa: E402  (pytest puts tests/ on sys.path)

GROUPS = "(/a)(/b)(/c)(/d)(/e)(/f)(/g)(/i)"


def _budget(pattern_bytes: int) -> int:
    """The bytes of alternatives a router's patterns may expand to (SEMANTICS.md §7)."""
    return pattern_bytes * 3 // 2 + (1 << 20)


def budget_filling_document(plain_routes: int, extra: int = 0, first: str = '"target": "t"') -> str:
    """Long plain routes, whose length buys room for alternatives, then short routes of
    eight optional groups until the room is full, then `extra` more (each over it)."""
    routes = []
    pattern_bytes = expanded = 0
    for i in range(plain_routes):
        p = f"/p{i}/" + "x" * 4000
        body = first if i == 0 else '"target": "t"'
        routes.append(f'{{"pattern": "{p}", {body}}}')
        pattern_bytes += len(p)
        expanded += len(p) + 1
    j = 0
    while True:
        prefix = f"/h{j}"
        size = 256 * (len(prefix) + 1) + 128 * 16
        if expanded + size > _budget(pattern_bytes + len(prefix) + len(GROUPS)):
            if extra == 0:
                break
            extra -= 1
        routes.append(f'{{"pattern": "{prefix}{GROUPS}", "target": "t"}}')
        pattern_bytes += len(prefix) + len(GROUPS)
        expanded += size
        j += 1
    return '{"version": 1, "routes": [' + ", ".join(routes) + "]}"


def shortest_routes_document(size: int) -> str:
    """As many routes as fit: keyed, one segment each, an empty target (17 bytes a route)."""
    items, total, i = [], 2, 0
    while total < size:
        item = f'"/{i:x}":{{"class":""}}'
        items.append(item)
        total += len(item) + 1
        i += 1
    return "{" + ",".join(items) + "}"


def empty_objects_document(size: int) -> str:
    """Valid JSON, a bad document: the most JSON values per byte a document can hold."""
    return '{"version": 1, "routes": [' + ",".join(["{}"] * (size // 3)) + "]}"


_LOAD = """
import resource, sys, switchyard
text = open(sys.argv[1], "rb").read()
r = switchyard.Router()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    r.load_rules(text)
    outcome = "loaded"
except switchyard.RuleError as e:
    outcome = "refused: " + e.message[:200]
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print((after - before) * 1024)
print(outcome)
"""


def _peak_growth(tmp_path: Path, doc: str) -> tuple[int, str]:
    """Loads `doc` in a child process: how much its peak memory grew (bytes), and whether it loaded."""
    path = tmp_path / "doc.json"
    path.write_text(doc)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in [str(Path(__file__).parents[1]), env.get("PYTHONPATH", "")] if p)
    out = subprocess.run([sys.executable, "-c", _LOAD, str(path)], env=env, capture_output=True, text=True,
                         check=True, timeout=600).stdout.splitlines()
    return int(out[0]), out[1]


@needs_rules
def test_a_document_past_the_budget_is_refused_before_any_route_is_compiled(router: Router) -> None:
    router.add("/keep", "keep")
    bad_redirect = '"redirect": "https://{h}.example.com/"'
    with pytest.raises(RuleError) as info:
        router.load_rules(budget_filling_document(300, extra=1, first=bad_redirect))
    assert "optional groups expand to" in info.value.message
    assert info.value.message.startswith("$.routes[") and not info.value.message.startswith("$.routes[0]")
    assert info.value.position is None
    assert [r.pattern for r in router.routes] == ["/keep"]
    # Within the budget, the first route's redirect is what is refused.
    with pytest.raises(RuleError) as info:
        router.load_rules(budget_filling_document(300, first=bad_redirect))
    assert info.value.message.startswith("$.routes[0].redirect")
    assert [r.pattern for r in router.routes] == ["/keep"]


@needs_rules
def test_a_refused_document_costs_little_more_than_its_reading(tmp_path: Path) -> None:
    doc = budget_filling_document(800, extra=1)
    grew, outcome = _peak_growth(tmp_path, doc)
    assert outcome.startswith("refused") and "optional groups" in outcome
    assert grew <= 16 * len(doc), f"{grew} bytes for {len(doc)}"
    doc = empty_objects_document(4 << 20)
    grew, outcome = _peak_growth(tmp_path, doc)
    assert outcome.startswith('refused: $.routes[0]: missing "pattern"')
    assert grew <= 16 * len(doc), f"{grew} bytes for {len(doc)}"


@needs_rules
def test_a_loaded_document_costs_a_bounded_number_of_bytes_per_byte(tmp_path: Path) -> None:
    # The 1 MiB of room every router has for alternatives is about 100 MB of table.
    doc = budget_filling_document(1000)
    grew, outcome = _peak_growth(tmp_path, doc)
    assert outcome == "loaded"
    assert grew <= 64 * len(doc) + (128 << 20), f"{grew} bytes for {len(doc)}"
    doc = shortest_routes_document(2 << 20)
    grew, outcome = _peak_growth(tmp_path, doc)
    assert outcome == "loaded"
    assert grew <= 64 * len(doc) + (16 << 20), f"{grew} bytes for {len(doc)}"


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    limit = 16 << 20
    (out / "budget-filling.json").write_text(budget_filling_document(3975))
    (out / "budget-filling-over.json").write_text(budget_filling_document(3975, extra=1))
    (out / "shortest-routes.json").write_text(shortest_routes_document(limit - 64))
    (out / "empty-objects.json").write_text(empty_objects_document(limit - 64))
    for f in sorted(out.glob("*.json")):
        print(f, f.stat().st_size)


def test_the_patterns_of_one_router_total_at_most_128_mib() -> None:
    # Patterns of 1 MiB without groups each cost 1 MiB (length plus one byte): beside
    # /keep, the 128th of a batch is past the ceiling, and the batch is refused whole.
    router = Router(max_pattern_length=1 << 20)
    router.add("/keep", "keep")
    long = b"/" + b"a" * ((1 << 20) - 2)
    with pytest.raises(LimitError) as info:
        router.add_routes([(long, "t")] * 128)
    assert info.value.route_index == 127
    assert "the 128 MiB the patterns of one router may total" in info.value.message
    assert [r.pattern for r in router.routes] == ["/keep"]
    assert router.resolve("/keep").target == "keep"
    router.add("/" + "b" * 999, "b")  # where room is left, a small pattern still fits
    assert len(router.routes) == 2
