"""parallel_build: a batch or a document of 5,000 routes or more compiles, and is checked
for conflicts, on two threads (unless parallel_build=False), with the same routes, answers
and errors either way."""
from __future__ import annotations

import json
import os
import signal

import pytest

import switchyard

COUNT = 60000


def _routes(count: int) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for i in range(count):
        if i % 3 == 0:
            out.append({"pattern": f"/p{i}/:id", "target": f"P{i}"})
        elif i % 3 == 1:
            out.append({"pattern": f"/g{i}(/opt/:x)", "target": f"G{i}"})
        else:
            out.append({"pattern": f"/r{i}/:a", "redirect": f"/g{i - 1}/opt/{{a}}"})
    return out


def _urls(count: int) -> list[str]:
    return [f"/p{i}/7" if i % 3 == 0 else f"/g{i}/opt/z" if i % 3 == 1 else f"/r{i}/w" for i in range(count)]


def _answers(router: switchyard.Router, urls: list[str]) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for url in urls:
        m = router.resolve(url)
        out.append((m.target, dict(m.params), m.url))
    return out


def test_same_routes_and_answers() -> None:
    one = switchyard.Router(parallel_build=False)
    two = switchyard.Router()
    one.add_routes(_routes(COUNT))
    two.add_routes(_routes(COUNT))
    assert [r.pattern for r in two.routes] == [r.pattern for r in one.routes]
    urls = _urls(COUNT)
    assert _answers(two, urls) == _answers(one, urls)
    assert two.resolve(f"/r{COUNT - 1 - (COUNT - 3) % 3}/w").target is not None


def _break(routes: list[dict[str, object]], i: int, kind: str) -> None:
    """Route i made a bad pattern, or the shape of the parameter route before it."""
    if kind == "pattern":
        routes[i] = {"pattern": "/bad/<nope:x>", "target": "B"}
    else:
        routes[i] = {"pattern": f"/p{i - i % 3 - 3}/:other", "target": f"X{i}"}


@pytest.mark.parametrize("kind", ["pattern", "conflict"])
@pytest.mark.parametrize("bad", [[45000], [10, 59000], [29999, 30001]])
def test_same_first_error(bad: list[int], kind: str) -> None:
    routes = _routes(COUNT)
    for i in bad:
        _break(routes, i, kind)
    seen = []
    for parallel in (False, True):
        r = switchyard.Router(parallel_build=parallel)
        r.add("/kept", "K")
        with pytest.raises(switchyard.PatternError if kind == "pattern" else switchyard.ConflictError) as e:
            r.add_routes(routes)
        assert e.value.route_index == bad[0]
        assert [x.pattern for x in r.routes] == ["/kept"]
        r.add_routes(_routes(COUNT))  # nothing of the failed batch stayed behind
        assert len(r.routes) == COUNT + 1
        seen.append((str(e.value), e.value.position))
    assert seen[0] == seen[1]
    if kind == "conflict":
        k = bad[0] - bad[0] % 3 - 3
        assert f"'/p{k}/:other' conflicts with existing route '/p{k}/:id'" in seen[0][0]


@pytest.mark.parametrize("bad", [{"pattern": "/bad/<nope:x>", "target": "B"},
                                 {"pattern": "/bad/:x", "redirect": "/{y}"}])
def test_same_document_error(bad: dict[str, str]) -> None:
    routes = [{"pattern": f"/d{i}/:id", "target": f"D{i}"} for i in range(COUNT)]
    routes[COUNT - 3] = bad
    text = json.dumps({"version": 1, "routes": routes})
    seen = []
    for parallel in (False, True):
        r = switchyard.Router(parallel_build=parallel)
        with pytest.raises(switchyard.RuleError) as e:
            r.load_rules(text)
        assert f"$.routes[{COUNT - 3}]" in str(e.value)
        assert r.routes == []
        seen.append((str(e.value), e.value.position))
    assert seen[0] == seen[1]


def test_option_is_checked() -> None:
    with pytest.raises(ValueError, match="parallel_build must be True or False"):
        switchyard.Router(parallel_build="no")  # type: ignore[arg-type]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork()")
def test_a_forked_child_loads_on_two_threads() -> None:
    # A worker forked after the library was used (multiprocessing's "fork", a preforking
    # server) loads a document that splits, and gets its answers; an alarm ends a child
    # that hangs.
    before = switchyard.Router()
    before.add("/before/:x", target="Before")
    assert before.resolve("/before/fork").target == "Before"
    document = json.dumps({"version": 1, "routes": _routes(COUNT)})
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            signal.alarm(60)
            child = switchyard.Router()
            child.load_rules(document)
            code = 0 if child.resolve("/p0/7").target == "P0" else 1
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status), "the child was ended by a signal (it hung)"
    assert os.WEXITSTATUS(status) == 0
