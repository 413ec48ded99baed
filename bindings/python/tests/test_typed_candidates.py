"""candidates() and dispatch() give the same typed values as resolve(): int, float, UUID, a
query contract's items, and the values the router's own parameter types' parse returned
(docs/PYTHON.md, "router.handle ... router.candidates")."""

from __future__ import annotations

import datetime
from typing import Any, Dict, List
from uuid import UUID

import pytest

from switchyard import DECLINED, Match, Router


class Day:
    def parse(self, text: str) -> datetime.date:
        return datetime.date.fromisoformat(text)

    def format(self, value: datetime.date) -> str:
        return value.isoformat()


URLS = [
    "/log/2024-02-29/7",
    "/n/12/1.5/0b2c1b57-5f5a-4a07-9d0c-6a1c1d2a6b55",
    "/search?q=x&page=3&tag=a&tag=b",
    "/search?q=y",
]


def _router(*, typed: bool = True) -> Router:
    r = Router()
    if typed:
        r.register_type("date", Day())
    r.add("/log/<date:d>/<int:n>" if typed else "/log/:d/<int:n>", "Log", priority=2)
    r.add("/log/:d/:n", "LogText", priority=1)
    r.add("/n/<int:i>/<float:f>/<uuid:u>", "Numbers")
    r.add("/search?q=<string:q>&page=<int:page=1>&tag=<[string]:tags?>", "Search")
    return r


def _seen(m: Match) -> Dict[str, Any]:
    return {"params": dict(m.params), "path_params": dict(m.path_params), "tags": m.values("tags")}


@pytest.mark.parametrize("typed", [True, False])
@pytest.mark.parametrize("url", URLS)
def test_candidates_hold_resolve_values(url: str, typed: bool) -> None:
    r = _router(typed=typed)
    resolved = r.resolve(url)
    first = next(iter(r.candidates(url)))
    assert _seen(first) == _seen(resolved)
    assert [type(v) for v in first.params.values()] == [type(v) for v in resolved.params.values()]


def test_typed_values_are_values() -> None:
    r = _router()
    m = next(iter(r.candidates("/log/2024-02-29/7")))
    assert m.params == {"d": datetime.date(2024, 2, 29), "n": 7}
    m = next(iter(r.candidates(URLS[1])))
    assert m.params == {"i": 12, "f": 1.5, "u": UUID("0b2c1b57-5f5a-4a07-9d0c-6a1c1d2a6b55")}
    m = next(iter(r.candidates(URLS[2])))
    assert m.params["page"] == 3 and m.values("tags") == ("a", "b")


def test_a_later_candidate_holds_its_own_route_values() -> None:
    r = _router()
    ms = list(r.candidates("/log/2024-02-29/7"))
    assert [m.target for m in ms] == ["Log", "LogText"]
    assert ms[0].params == {"d": datetime.date(2024, 2, 29), "n": 7}
    assert ms[1].params == {"d": "2024-02-29", "n": "7"}  # its pattern has no type


@pytest.mark.parametrize("url", URLS)
def test_dispatch_gives_resolve_values(url: str) -> None:
    r = _router()
    offered: List[Dict[str, Any]] = []

    def accept(m: Match, context: object) -> str:
        offered.append(_seen(m))
        return "done"

    for target in ("Log", "LogText", "Numbers", "Search"):
        r.handle(target, accept)
    result = r.dispatch(url)
    assert result.accepted
    assert result.match is not None
    expected = _seen(r.resolve(url))
    assert offered == [expected]
    assert _seen(result.match) == expected


def test_a_declined_candidate_and_the_next_one_hold_their_values() -> None:
    r = _router()
    offered: List[Dict[str, Any]] = []

    def decline(m: Match, context: object) -> object:
        offered.append(dict(m.params))
        r.resolve("/n/1/2.0/0b2c1b57-5f5a-4a07-9d0c-6a1c1d2a6b55")  # a resolve inside a handler
        return DECLINED

    def accept(m: Match, context: object) -> str:
        offered.append(dict(m.params))
        return "text"

    r.handle("Log", decline)
    r.handle("LogText", accept)
    result = r.dispatch("/log/2024-02-29/7")
    assert result.value == "text"
    assert offered == [{"d": datetime.date(2024, 2, 29), "n": 7}, {"d": "2024-02-29", "n": "7"}]
