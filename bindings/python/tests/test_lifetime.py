"""Lifetimes (llvmlite's ObjectRef tests): close, with, use after close, both free orders,
and Matches that outlive later resolves and their router."""

from __future__ import annotations

from typing import Any

import copy
import ctypes
import gc
import pickle
import weakref

import pytest

from switchyard import Match, Router, SwitchyardError, _errors, _match


def _router_finalizer(router: Router) -> weakref.finalize[Any, Any]:
    """The weakref.finalize that frees this router's C object."""
    handle = router._h
    registry = weakref.finalize._registry  # type: ignore[attr-defined]  # CPython's own table
    return next(f for f in registry if f.peek() and f.peek()[0] is handle)


def _match_finalizer(m: Match) -> weakref.finalize[Any, Any]:
    handle = m._ref
    registry = weakref.finalize._registry  # type: ignore[attr-defined]  # CPython's own table
    return next(f for f in registry if f.peek() and f.peek()[0] is handle)


def test_use_after_close_raises() -> None:
    r = Router()
    r.add("/a", "A")
    r.close()
    assert r.closed
    for call in (lambda: r.resolve("/a"), lambda: r.add("/b", "B"), lambda: r.remove("/a"),
                 lambda: r.load_rules({"/x": {"class": "X"}})):
        with pytest.raises(SwitchyardError) as info:
            call()
        assert info.value.code == _errors.SY_ERR_MISUSE
        assert "closed" in info.value.message


def test_close_frees_the_c_router_and_double_close_is_fine() -> None:
    r = Router()
    fin = _router_finalizer(r)
    assert fin.alive
    r.close()
    assert not fin.alive
    r.close()
    r.close()
    assert "closed" in repr(r)


def test_with_closes() -> None:
    with Router() as r:
        r.add("/a", "A")
        assert r.resolve("/a")
        fin = _router_finalizer(r)
    assert r.closed and not fin.alive


def test_with_closes_on_exception() -> None:
    with pytest.raises(KeyError):
        with Router() as r:
            raise KeyError("x")
    assert r.closed


def test_closed_router_cannot_be_reentered() -> None:
    r = Router()
    with r:
        pass
    with pytest.raises(SwitchyardError):
        with r:
            pass


def test_dropping_the_router_frees_it() -> None:
    r = Router()
    fin = _router_finalizer(r)
    del r
    gc.collect()
    assert not fin.alive


def test_match_outlives_router_close() -> None:
    # The C contract: a match keeps the table it matched with. Nothing read before.
    r = Router()
    r.add("/user/<int:id>", "U", name="user")
    m = r.resolve("/user/5?x=1#f")
    r.close()
    assert m.to_dict() == {
        "matched": True, "url": "/user/5?x=1#f", "pattern": "/user/<int:id>", "target": "U",
        "name": "user", "params": {"id": 5, "x": "1"}, "path_params": {"id": 5},
        "query": {"x": ["1"]}, "fragment": "f", "remainder": None, "redirects": [],
    }


def test_match_freed_before_router() -> None:
    # The pool keeps at most POOL_LIMIT C matches, and the router the one of its last
    # resolve: the C matches of the other Matches are freed when they are dropped.
    r = Router()
    r.add("/a", "A")
    kept = [r.resolve("/a") for _ in range(2 * _match.POOL_LIMIT + 10)]
    finalizers = [_match_finalizer(m) for m in kept]
    assert all(f.alive for f in finalizers)
    last, last_finalizer = kept.pop(), finalizers.pop()
    del kept
    gc.collect()
    assert last_finalizer.alive
    assert sum(f.alive for f in finalizers) <= _match.POOL_LIMIT  # the pool's
    assert last.target == "A"
    r.close()


def test_router_freed_before_match() -> None:
    r = Router()
    r.add("/a/:b", "A")
    m = r.resolve("/a/x")
    rfin = _router_finalizer(r)
    del r
    gc.collect()
    assert not rfin.alive
    assert m.params == {"b": "x"} and m.target == "A"


def test_match_stays_valid_after_later_resolves() -> None:
    r = Router()
    r.add("/a/:x", "A")
    r.add("/b/<int:y>", "B")
    first = r.resolve("/a/one?q=1")
    second = r.resolve("/b/2")
    third = r.resolve(b"/a/three")
    # nothing was read from `first` before the later resolves
    assert first.params == {"x": "one", "q": "1"}
    assert first.url == "/a/one?q=1"
    assert second.params == {"y": 2} and second.target == "B"
    assert third.params == {"x": "three"}
    assert first._ref is not second._ref is not third._ref
    r.close()


def test_a_dropped_matchs_c_match_is_reused(router: Router) -> None:
    router.add("/a/:x", "A")
    m = router.resolve("/a/1")
    c_match = m._ref
    del m  # gone: its C match goes back to the pool
    for i in range(50):
        m = router.resolve(f"/a/{i}")
        assert m._ref is c_match and m.params == {"x": str(i)}
        del m


def test_kept_matches_each_own_their_c_match(router: Router) -> None:
    router.add("/a/:x", "A")
    kept = [router.resolve(f"/a/{i}") for i in range(20)]
    assert len({id(m._ref) for m in kept}) == 20
    assert [m.params["x"] for m in kept] == [str(i) for i in range(20)]


def test_cached_values_are_plain_python(router: Router) -> None:
    router.add("/a/:x", "A")
    m = router.resolve("/a/1?t=1&t=2")
    d = m.to_dict()
    d["params"]["x"] = "changed"
    d["query"]["t"].append("3")
    assert m.params == {"x": "1", "t": "2"}
    assert m.query == {"t": ("1", "2")}


def test_match_cannot_be_constructed_or_weakly_referenced(router: Router) -> None:
    with pytest.raises(TypeError):
        Match()
    router.add("/a", "A")
    with pytest.raises(TypeError):
        weakref.ref(router.resolve("/a"))


def test_failed_resolve_does_not_disturb_the_previous_match(router: Router) -> None:
    router.add("/a/:x", "A")
    m = router.resolve("/a/1")
    with pytest.raises(SwitchyardError):
        router.resolve("/a/\x00")
    assert m.params == {"x": "1"}
    assert router.resolve("/a/2").params == {"x": "2"}


def test_a_copied_match_keeps_its_answer(router: Router) -> None:
    # A Match is an immutable view of its C match: copy and deepcopy give the Match itself,
    # so a copy holds it (and its C match) like any other reference would.
    router.add("/a/:x", "A")
    m = router.resolve("/a/1")
    shallow, deep = copy.copy(m), copy.deepcopy(m)
    assert shallow is m and deep is m
    only_copy = copy.copy(router.resolve("/a/2"))  # the original is not kept by name
    for i in range(3, 10):
        router.resolve(f"/a/{i}")  # each dropped at once, so the thread may reuse its Match
    assert only_copy.params == {"x": "2"} and only_copy.url == "/a/2"
    assert m.params == {"x": "1"}


def test_a_match_cannot_be_pickled_and_says_what_to_do(router: Router) -> None:
    router.add("/a/:x", "A")
    m = router.resolve("/a/1")
    with pytest.raises(TypeError, match="to_dict"):
        pickle.dumps(m)


def test_a_router_refuses_copy_and_pickle() -> None:
    # A Router is a handle on one C router: a copy would share its routes, so none is made.
    r = Router()
    r.add("/a", "A")
    for attempt in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="Router cannot be"):
            attempt(r)
    assert r.resolve("/a").target == "A"
    r.close()


def test_a_resolve_reuses_only_a_c_match_no_match_holds() -> None:
    # The router's last C match is resolved into again once its Match is gone, never
    # while a Match holds it, whether that Match is kept or brought back by the caller.
    r = Router()
    r.add("/a/:x", "A")
    first = r.resolve("/a/1")
    address = ctypes.addressof(first._ref)
    del first
    again = r.resolve("/a/2")
    assert ctypes.addressof(again._ref) == address
    kept = [r.resolve(f"/a/{i}") for i in range(3, 8)]
    addresses = {ctypes.addressof(m._ref) for m in kept + [again]}
    assert len(addresses) == 6
    assert [m.params["x"] for m in [again] + kept] == [str(i) for i in range(2, 8)]
    r.close()


def test_close_lets_go_of_the_routers_c_match() -> None:
    r = Router()
    r.add("/a", "A")
    m = r.resolve("/a")
    del m
    r.close()
    assert r._last is None
    with pytest.raises(SwitchyardError):
        r.resolve("/a")
    assert r._last is None


def test_free_counts_are_measured_without_a_tracer() -> None:
    # A debugger's trace function that reads a frame's locals holds one more reference to
    # each: counts measured under it would take a C match a Match holds for a free one.
    import os
    import subprocess
    import sys

    code = ("import sys\n"
            "def trace(frame, event, arg):\n"
            "    frame.f_locals\n"
            "    return trace\n"
            "sys.settrace(trace)\n"
            "from switchyard import _match\n"
            "sys.settrace(None)\n"
            "print(_match.FREE, _match.FREE_LAST)\n")
    path = os.pathsep.join(p for p in sys.path if p)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": path})
    assert done.stdout.split() == [str(_match.FREE), str(_match.FREE_LAST)]
