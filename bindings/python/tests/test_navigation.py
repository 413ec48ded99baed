"""switchyard.navigation: url_for, handlers and dispatch, callable targets, Match.stack."""

from __future__ import annotations

from typing import Iterator

import gc

import pytest

import switchyard
from switchyard import InvalidArgumentError, Match, ParamValue, SwitchyardError
from switchyard.navigation import DECLINED, StackEntry
from switchyard import Router

RULES = {
    "version": 1,
    "routes": [
        {"pattern": "myapp://hotels", "target": "HotelList", "name": "hotels"},
        {"pattern": "myapp://hotels/<int:hotel>", "target": "Hotel", "name": "hotel", "parent": "hotels"},
        {"pattern": "myapp://hotels/<int:hotel>/rooms/:room", "target": "Room", "name": "room", "parent": "hotel"},
        {"pattern": "myapp://bookings/<int:id>", "target": "Booking"},
        {"pattern": "myapp://*", "target": "Home"},
    ],
}


def loaded(rules: dict[str, object]) -> Iterator[Router]:
    """A router holding the rule document ``rules``, closed afterwards."""
    r = switchyard.Router()
    r.load_rules(rules)
    yield r
    r.close()


@pytest.fixture
def router() -> Iterator[Router]:
    yield from loaded(RULES)


@pytest.mark.parametrize(
    "name, params, url",
    [
        ("hotels", {}, "myapp://hotels"),
        ("hotel", {"hotel": 12}, "myapp://hotels/12"),
        ("hotel", {"hotel": "12", "tab": "photos"}, "myapp://hotels/12?tab=photos"),
        ("room", {"hotel": 12, "room": "a 4"}, "myapp://hotels/12/rooms/a%204"),
    ],
)
def test_url_for(router: Router, name: str, params: dict[str, str | int], url: str) -> None:
    assert router.url_for(name, **params) == url
    assert router.resolve(url).name == name


@pytest.mark.parametrize(
    "name, params, words",
    [
        ("nowhere", {}, "nowhere"),
        ("room", {"hotel": 12}, "'room'"),
        ("hotel", {"hotel": "twelve"}, "integer"),
    ],
)
def test_url_for_errors(router: Router, name: str, params: dict[str, str | int], words: str) -> None:
    with pytest.raises(SwitchyardError) as info:
        router.url_for(name, **params)
    assert words in str(info.value)


def test_url_for_refuses_other_types(router: Router) -> None:
    with pytest.raises(TypeError, match=r"url_for parameter 'hotel' must be str, int, float, uuid.UUID, bool, or a list of them"):
        router.url_for("hotel", hotel={1})
    with pytest.raises(TypeError, match=r"url_for parameter 'hotel' must be"):
        router.url_for("hotel", hotel=[None])
    # A list of one is the one value.
    assert router.url_for("hotel", hotel=[12]) == router.url_for("hotel", hotel=12)
    # A bool is written true / false, which an <int:> parameter refuses.
    with pytest.raises(InvalidArgumentError, match="must be an integer, not 'true'"):
        router.url_for("hotel", hotel=True)


def test_dispatch_declines_and_passes_on(router: Router) -> None:
    calls: list[object] = []

    def booking(match: Match, context: object) -> object:
        calls.append(("booking", match.params["id"], context))
        return "booking" if context == "signed in" else DECLINED

    router.handle("Booking", booking)
    router.handle("Home", lambda match, context: calls.append("home") or "home")  # type: ignore[func-returns-value]

    result = router.dispatch("myapp://bookings/9")
    assert result and result.value == "home"
    assert result.match is not None and result.match.target == "Home"
    assert calls == [("booking", 9, None), "home"]

    calls.clear()
    result = router.dispatch("myapp://bookings/9", context="signed in")
    assert result.value == "booking"
    assert result.match is not None
    assert result.match.target == "Booking" and result.match.params["id"] == 9
    assert calls == [("booking", 9, "signed in")]


def test_dispatch_without_handler(router: Router) -> None:
    result = router.dispatch("myapp://hotels/1")
    assert not result and result.match is None and result.value is None
    assert not router.dispatch("https://example.com/")


def test_handler_exception_propagates_unchanged(router: Router) -> None:
    class Boom(Exception):
        pass

    boom = Boom("no screen")
    later: list[Match] = []

    def fail(match: Match, context: object) -> None:
        raise boom

    router.handle("Booking", fail)
    router.handle("Home", lambda m, c: later.append(m))
    with pytest.raises(Boom) as info:
        router.dispatch("myapp://bookings/9")
    assert info.value is boom
    assert later == []


def test_handler_reenters_the_router(router: Router) -> None:
    seen: list[object] = []

    def outer(match: Match, context: object) -> str:
        router.add("myapp://added", "Added")
        seen.append(router.dispatch("myapp://added").value)
        return "outer"

    router.handle("Hotel", outer)
    router.handle("Added", lambda m, c: "added")
    assert router.dispatch("myapp://hotels/1").value == "outer"
    assert seen == ["added"]


def test_callable_target_is_the_handler() -> None:
    router = switchyard.Router()

    def show_user(match: Match, context: object) -> tuple[str, ParamValue]:
        return ("user", match.params["id"])

    router.add("/user/<int:id>", show_user)
    result = router.dispatch("/user/5")
    assert result.value == ("user", 5)
    assert result.match is not None and result.match.target == "/user/<int:id>"
    router.add("/plain", "Plain")
    assert router.resolve("/plain").target == "Plain"


def test_handle_none_removes_and_handlers_are_released(router: Router) -> None:
    def handler(m: Match, c: object) -> str:
        return "x"

    router.handle("Home", handler)
    assert router.dispatch("myapp://x").value == "x"
    router.handle("Home", None)
    assert not router.dispatch("myapp://x")
    with pytest.raises(TypeError):
        router.handle("Home", "not callable")  # type: ignore[arg-type]
    from switchyard import navigation

    router.handle("Home", lambda m, c: "y")
    before = len(navigation._handlers)
    router.close()
    gc.collect()
    assert len(navigation._handlers) < before


def test_match_kept_from_a_handler_stays_readable(router: Router) -> None:
    kept = []
    router.handle("Room", lambda m, c: kept.append(m))
    router.dispatch("myapp://hotels/3/rooms/b")
    for _ in range(5):
        router.resolve("myapp://bookings/1")
    assert kept[0].target == "Room" and kept[0].params == {"hotel": 3, "room": "b"}
    assert [e.url for e in kept[0].stack] == ["myapp://hotels", "myapp://hotels/3", "myapp://hotels/3/rooms/b"]


def test_stack(router: Router) -> None:
    m = router.resolve("myapp://hotels/12/rooms/a4")
    assert m.stack == (
        StackEntry("hotels", "myapp://hotels", "myapp://hotels"),
        StackEntry("hotel", "myapp://hotels/<int:hotel>", "myapp://hotels/12"),
        StackEntry("room", "myapp://hotels/<int:hotel>/rooms/:room", "myapp://hotels/12/rooms/a4"),
    )
    assert m.stack[0].name == "hotels"
    assert router.resolve("myapp://bookings/5").stack == (StackEntry(None, "myapp://bookings/<int:id>", "myapp://bookings/5"),)
    assert router.resolve("https://example.com/").stack == ()


ROUND_TRIP_RULES = {
    "version": 1,
    "routes": [
        {"pattern": "myapp://:screen/home", "target": "Home", "name": "home"},
        {"pattern": "myapp://:screen/home/detail/<int:id>", "target": "Detail", "name": "detail", "parent": "home"},
        {"pattern": "myapp://settings/home", "target": "Settings", "name": "settings"},
        {"pattern": "/user/:uname", "target": "User", "name": "user"},
        {"pattern": "/user/settings", "target": "UserSettings", "name": "user_settings"},
        {"pattern": "/t/:a/:b", "target": "Tail", "name": "tail", "dialect": "urlpattern"},
    ],
}


@pytest.fixture
def round_trip() -> Iterator[Router]:
    yield from loaded(ROUND_TRIP_RULES)


def test_url_for_encodes_a_custom_schemes_authority(round_trip: Router) -> None:
    url = round_trip.url_for("home", screen="x@settings")
    assert url == "myapp://x%40settings/home"
    m = round_trip.resolve(url)
    assert m.name == "home" and m.params == {"screen": "x@settings"}


def test_url_for_refuses_a_url_another_route_takes(round_trip: Router) -> None:
    with pytest.raises(SwitchyardError) as info:
        round_trip.url_for("user", uname="settings")
    assert "would build '/user/settings', which resolves to route 'user_settings' ('/user/settings')" in str(info.value)
    assert round_trip.url_for("user", uname="ann") == "/user/ann"


def test_url_for_builds_a_urlpattern_tail_whose_values_need_no_encoding(round_trip: Router) -> None:
    assert round_trip.url_for("tail", a="x", b="y") == "/t/x/y"
    with pytest.raises(SwitchyardError) as info:
        round_trip.url_for("tail", a="x y", b="y")
    assert "whose parameter 'a' reads back as 'x%20y', not 'x y'" in str(info.value)


def test_stack_keeps_an_escaped_at_in_the_authority(round_trip: Router) -> None:
    m = round_trip.resolve("myapp://x%40settings/home/detail/1")
    assert [e.url for e in m.stack] == ["myapp://x%40settings/home", "myapp://x%40settings/home/detail/1"]
    for entry in m.stack:
        assert entry.url is not None
        assert round_trip.resolve(entry.url).name == entry.name


def test_url_for_strict_refuses_what_the_path_does_not_take(router: Router) -> None:
    assert router.url_for("hotel", hotel=12, tab="photos") == "myapp://hotels/12?tab=photos"
    assert router.url_for_strict("hotel", hotel=12) == "myapp://hotels/12"
    assert router.url_for_strict("hotel", {"hotel": 12}) == "myapp://hotels/12"
    with pytest.raises(InvalidArgumentError) as info:
        router.url_for_strict("hotel", hotel=12, tab="photos")
    assert "'tab'" in str(info.value)


def test_url_for_strict_takes_any_parameter_name() -> None:
    # Every keyword is a parameter: a route may have one called extra, name or params.
    r = switchyard.Router()
    r.add("/x/:extra/:name/:params", "X", name="x")
    assert r.url_for_strict("x", extra="e", name="n", params="p") == "/x/e/n/p"
    assert r.url_for("x", extra="e", name="n", params="p") == "/x/e/n/p"
    r.close()


def test_add_parent_makes_the_stack_a_document_makes(router: Router) -> None:
    added = switchyard.Router()
    added.add("myapp://hotels", "HotelList", name="hotels")
    added.add_routes([
        {"pattern": "myapp://hotels/<int:hotel>/rooms/:room", "target": "Room", "name": "room", "parent": "hotel"},
        {"pattern": "myapp://hotels/<int:hotel>", "target": "Hotel", "name": "hotel", "parent": "hotels"},
    ])
    url = "myapp://hotels/12/rooms/a4"
    assert added.resolve(url).stack == router.resolve(url).stack
    assert [e.url for e in added.resolve(url).stack] == [
        "myapp://hotels", "myapp://hotels/12", "myapp://hotels/12/rooms/a4"]
    assert [(r.pattern, r.parent) for r in added.routes] == [
        ("myapp://hotels", None), ("myapp://hotels/<int:hotel>/rooms/:room", "hotel"),
        ("myapp://hotels/<int:hotel>", "hotels")]
    added.close()


@pytest.mark.parametrize("pattern, parent, words", [
    ("/about", "nowhere", "'nowhere'"),               # no route has that name
    ("/rooms/:room", "hotel", "'hotel'"),              # the parent's URL needs hotel
    ("/self", "self", "loop"),                         # its own parent
])
def test_add_parent_is_checked(pattern: str, parent: str, words: str) -> None:
    r = switchyard.Router()
    r.add("/hotels/<int:hotel>", "Hotel", name="hotel")
    with pytest.raises(InvalidArgumentError) as info:
        r.add(pattern, "T", name="self", parent=parent)
    assert words in str(info.value)
    assert len(r.routes) == 1  # unchanged
    r.close()


def test_add_routes_parent_loop_is_refused_whole() -> None:
    r = switchyard.Router()
    with pytest.raises(InvalidArgumentError) as info:
        r.add_routes([{"pattern": "/a", "target": "A", "name": "a", "parent": "b"},
                      {"pattern": "/b", "target": "B", "name": "b", "parent": "a"}])
    assert "loop" in str(info.value) and info.value.route_index == 0
    assert r.routes == []
    r.close()



def test_url_for_names_the_parameter_whose_text_is_not_utf8(router: Router) -> None:
    with pytest.raises(InvalidArgumentError, match=r"\(of 'hotel'\) is not valid UTF-8"):
        router.url_for("hotel", hotel="\ud83d")
