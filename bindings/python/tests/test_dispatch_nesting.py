"""A handler that dispatches: nesting is bounded per thread (a link that opens itself is a
LimitError, never a crash), and each level's result is its own."""
from __future__ import annotations

import threading

import pytest

import switchyard


def nesting_router(levels: list[int]) -> switchyard.Router:
    router = switchyard.Router()
    router.add("/go/<int:n>", "Go")

    def go(match: switchyard.Match, context: object) -> object:
        n = match.params["n"]
        assert isinstance(n, int)
        levels.append(n)
        if n == 0:
            return "done"
        return router.dispatch(f"/go/{n - 1}").value

    router.handle("Go", go)
    return router


def test_thirty_two_levels_dispatch() -> None:
    levels: list[int] = []
    result = nesting_router(levels).dispatch("/go/31")
    assert result.value == "done"
    assert levels == list(range(31, -1, -1))


def test_deeper_is_a_limit_error_and_the_count_comes_back() -> None:
    levels: list[int] = []
    router = nesting_router(levels)
    with pytest.raises(switchyard.LimitError, match="dispatch depth limit"):
        router.dispatch("/go/5000")
    assert len(levels) == 32
    assert router.dispatch("/go/3").value == "done"


def test_a_link_that_opens_itself_on_a_512_kib_thread_stack() -> None:
    # Each level carries a long "continue to" link; the limit ends the chain at 32 levels,
    # well inside a small thread's stack.
    levels: list[int] = []
    router = switchyard.Router()
    router.add("/go/<int:n>", "Go")

    def go(match: switchyard.Match, context: object) -> object:
        n = match.params["n"]
        assert isinstance(n, int)
        levels.append(n)
        return router.dispatch(f"/go/{n - 1}?next=" + "x" * 1000).value

    router.handle("Go", go)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            router.dispatch("/go/5000")
        except switchyard.SwitchyardError as e:
            errors.append(e)

    previous = threading.stack_size(512 * 1024)
    try:
        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
    finally:
        threading.stack_size(previous)
    assert [type(e) for e in errors] == [switchyard.LimitError]
    assert len(levels) == 32


def test_each_level_keeps_its_own_match() -> None:
    router = switchyard.Router()
    router.add("/outer/:id", "Outer")
    router.add("/inner/:id", "Inner")
    router.handle("Inner", lambda match, context: match.params["id"])

    def outer(match: switchyard.Match, context: object) -> object:
        inner = router.dispatch("/inner/2")
        return (match.params["id"], inner.match.params["id"] if inner.match else None)

    router.handle("Outer", outer)
    result = router.dispatch("/outer/1")
    assert result.value == ("1", "2")
    assert result.match is not None and result.match.params["id"] == "1"


def test_a_handler_that_resolves_and_lists_leaves_the_result_its_own() -> None:
    # Each call inside the handler works on a match of its own: the result, and the Match
    # the handler was given, describe the dispatch's URL.
    router = switchyard.Router()
    router.add("/a/:id", "A")
    router.add("/other/:x", "Other")
    router.add("/*rest", "Any")
    seen: list[object] = []

    def a(match: switchyard.Match, context: object) -> object:
        seen.append(router.resolve("/other/1").params["x"])
        seen.append([m.target for m in router.candidates("/other/2")])
        seen.append(router.explain("/other/3").winner is not None)
        seen.append(router.dispatch("/other/4").accepted)
        return match.params["id"]

    router.handle("A", a)
    result = router.dispatch("/a/7")
    assert seen == ["1", ["Other", "Any"], True, False]
    assert result.value == "7"
    assert result.match is not None
    assert (result.match.target, result.match.url, result.match.params) == ("A", "/a/7", {"id": "7"})
