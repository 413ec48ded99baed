"""router.routes lists read-only Route descriptions; router.add_routes adds a batch, all
or nothing, and names the route at fault (route_index)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from switchyard import ConflictError, InvalidArgumentError, PatternError, Route, Router, RouteSpec, SwitchyardError

from conftest import needs_rules


def test_routes_describe_what_was_added(router: Router) -> None:
    router.add("/user/<int:id>", "User", name="user", priority=2)
    router.add("/old", redirect="/user/1", append_params=False)
    assert router.routes == [
        Route("/user/<int:id>", "User", None, "user", 2, True, False),
        Route("/old", None, "/user/1", None, 0, False, False),
    ]
    with pytest.raises(dataclasses.FrozenInstanceError):
        router.routes[0].target = "Other"  # type: ignore[misc]


def test_routes_of_an_empty_router(router: Router) -> None:
    assert router.routes == []


@needs_rules
def test_routes_from_a_document_say_so(router: Router) -> None:
    router.add("/added", "Added")
    router.load_rules(json.dumps({"/doc": {"class": "Doc"}}))
    assert {(r.pattern, r.from_document) for r in router.routes} == {("/added", False), ("/doc", True)}


def test_add_routes_adds_a_batch(router: Router) -> None:
    router.add_routes([
        ("/a", "A"),
        {"pattern": "/b/:x", "target": "B", "name": "b", "defaults": {"n": 1}},
        {"pattern": "/c", "redirect": "/a"},
    ])
    assert [r.pattern for r in router.routes] == ["/a", "/b/:x", "/c"]
    assert router.resolve("/b/q").params == {"x": "q", "n": 1}
    assert router.resolve("/c").target == "A"


@pytest.mark.parametrize("batch, index, kind", [
    ([("/a", "A"), ("/b/<date:d>", "B"), ("/c", "C")], 1, PatternError),
    ([("/a", "A"), ("/b", "B"), ("/a", "A2")], 2, ConflictError),
    ([("/a", "A"), {"pattern": "/b"}], 1, InvalidArgumentError),
    ([{"pattern": "/a", "target": "A", "priority": 2**40}], 0, ValueError),
])
def test_add_routes_is_all_or_nothing_and_names_the_route(router: Router, batch: list[RouteSpec], index: int,
                                                           kind: type[Exception]) -> None:
    router.add("/kept", "Kept")
    with pytest.raises(kind) as info:
        router.add_routes(batch)
    assert isinstance(info.value, SwitchyardError) and info.value.route_index == index
    assert [r.pattern for r in router.routes] == ["/kept"]


def test_add_routes_refuses_what_is_not_a_route(router: Router) -> None:
    with pytest.raises(TypeError, match=r"routes\[0\]"):
        router.add_routes(["/a"])  # type: ignore[list-item]
    assert router.routes == []


def test_an_empty_batch_adds_nothing(router: Router) -> None:
    router.add_routes([])
    assert router.routes == []
