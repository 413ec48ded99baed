"""switchyard.introspection and route data: Router.candidates, Router.explain, Route.parent,
Router.add(..., data=...) and Match.data, the max_candidates option."""

import gc
import weakref
from typing import Iterator, Optional

import pytest

import switchyard
from switchyard import InvalidURLError, LimitError, PatternError, SwitchyardError
from switchyard.introspection import ExplainedCandidate, Explanation

RULES = {
    "version": 1,
    "routes": [
        {"pattern": "myapp://hotels", "target": "HotelList", "name": "hotels"},
        {"pattern": "myapp://hotels/<int:hotel>", "target": "Hotel", "name": "hotel", "parent": "hotels"},
        {"pattern": "myapp://hotels/:slug", "target": "HotelBySlug"},
        {"pattern": "https://example.com/h/<int:hotel>", "redirect": "myapp://hotels/{hotel}"},
        {"pattern": "myapp://*", "target": "Home"},
    ],
}


@pytest.fixture
def router() -> Iterator[switchyard.Router]:
    r = switchyard.Router()
    r.load_rules(RULES)
    yield r
    r.close()


# ------------------------------------------------------------------ candidates


@pytest.mark.parametrize(
    "url, targets",
    [
        ("myapp://hotels/12", ["Hotel", "HotelBySlug", "Home"]),
        ("myapp://hotels", ["HotelList", "Home"]),
        ("myapp://other", ["Home"]),
        ("https://example.com/h/7", ["Hotel"]),  # the first follows the redirect
        ("other://nothing", []),
    ],
)
def test_candidates_best_first(router: switchyard.Router, url: str, targets: list[str]) -> None:
    assert [m.target for m in router.candidates(url)] == targets


def test_each_candidate_has_its_own_parameters(router: switchyard.Router) -> None:
    hotel, slug, home = router.candidates("myapp://hotels/12?tab=a#top")
    assert dict(hotel.params) == {"hotel": 12, "tab": "a"}
    assert dict(slug.params) == {"slug": "12", "tab": "a"}
    assert dict(home.params) == {"tab": "a"}
    assert home.remainder == "hotels/12"
    assert hotel.fragment == slug.fragment == "top"
    assert [s.name for s in hotel.stack] == ["hotels", "hotel"]
    assert [s.pattern for s in slug.stack] == ["myapp://hotels/:slug"]


def test_first_candidate_is_the_resolve(router: switchyard.Router) -> None:
    first = next(router.candidates("https://example.com/h/7"))
    m = router.resolve("https://example.com/h/7")
    assert (first.target, first.url, first.redirects, dict(first.params)) == \
        (m.target, m.url, m.redirects, dict(m.params))


def test_candidates_stay_readable(router: switchyard.Router) -> None:
    it = router.candidates("myapp://hotels/12")
    kept = [next(it), next(it)]
    router.remove("myapp://hotels/:slug")
    router.close()
    assert [m.target for m in kept] == ["Hotel", "HotelBySlug"]
    assert [m.target for m in it] == ["Home"]


@pytest.mark.parametrize("bound, targets", [(1, ["Hotel"]), (2, ["Hotel", "HotelBySlug"]), (None, None)])
def test_max_candidates(bound: Optional[int], targets: Optional[list[str]]) -> None:
    r = switchyard.Router(max_candidates=bound)
    r.load_rules(RULES)
    assert [m.target for m in r.candidates("myapp://hotels/12")] == (targets or ["Hotel", "HotelBySlug", "Home"])


@pytest.mark.parametrize("bound, error", [(-1, ValueError), (True, ValueError), ("2", ValueError),
                                          (1001, SwitchyardError)])
def test_max_candidates_refused(bound: object, error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        switchyard.Router(max_candidates=bound)  # type: ignore[arg-type]  # wrong on purpose
    assert "max_candidates" in str(info.value)


def test_candidates_errors_at_the_call(router: switchyard.Router) -> None:
    with pytest.raises(InvalidURLError) as info:
        router.candidates("myapp://hotels/\x01")
    assert info.value.position == 15
    with pytest.raises(TypeError):
        router.candidates(12)  # type: ignore[arg-type]  # a URL of the wrong type, on purpose
    small = switchyard.Router(max_url_length=12)
    small.add("myapp://*", "Home")
    with pytest.raises(LimitError):
        small.candidates("myapp://hotels/12")
    router.close()
    with pytest.raises(SwitchyardError, match="closed"):
        router.candidates("myapp://hotels")


def test_candidates_take_bytes(router: switchyard.Router) -> None:
    assert [m.target for m in router.candidates(b"myapp://hotels")] == ["HotelList", "Home"]


# ------------------------------------------------------------------ explain


def test_explain(router: switchyard.Router) -> None:
    e = router.explain("myapp://hotels/12")
    assert isinstance(e, Explanation) and e
    assert e.url == "myapp://hotels/12"
    assert [c.target for c in e.candidates] == ["Hotel", "HotelBySlug", "Home"]
    w = e.winner
    assert isinstance(w, ExplainedCandidate)
    assert (w.rank, w.route_index, w.pattern, w.name, w.parent, w.wins) == \
        (1, 1, "myapp://hotels/<int:hotel>", "hotel", "hotels", True)
    assert dict(w.path_params) == {"hotel": 12}
    assert w.decided_by is None and w.reason is None
    slug = e.candidates[1]
    assert (slug.wins, slug.decided_by, slug.path_params["slug"]) == (False, "segment 2", "12")
    assert slug.reason is not None and "<int:hotel>" in slug.reason
    assert e.candidates[2].remainder == "hotels/12"
    with pytest.raises(TypeError):
        w.path_params["x"] = 1  # type: ignore[index]  # a read-only mapping, on purpose


def test_explain_redirect_and_miss(router: switchyard.Router) -> None:
    e = router.explain("https://example.com/h/3")
    assert [(c.target, c.redirect) for c in e.candidates] == [(None, "myapp://hotels/{hotel}")]
    miss = router.explain("other://x")
    assert not miss and miss.candidates == () and miss.winner is None


def test_explain_and_candidates_of_many_routes_on_a_long_url() -> None:
    # 1,000 routes that all match a 30 KB URL: each is listed, best first, with its own
    # parameter (the URL is read once for all of them; the Swift tests count the readings).
    router = switchyard.Router(max_candidates=1000)
    for k in range(1000):
        router.add(f"/p/:x{k}/*rest", f"T{k}", priority=k)
    value, rest = "v" * 15_000, "r" * 15_000
    url = f"/p/{value}/{rest}"
    e = router.explain(url)
    assert [c.target for c in e.candidates] == [f"T{k}" for k in range(999, -1, -1)]
    assert all(dict(c.path_params) == {f"x{999 - i}": value, "rest": rest} for i, c in enumerate(e.candidates))
    found = list(router.candidates(url))
    assert [m.target for m in found] == [f"T{k}" for k in range(999, -1, -1)]
    assert all(m.params == {f"x{999 - i}": value, "rest": rest} for i, m in enumerate(found))


def test_explain_errors(router: switchyard.Router) -> None:
    with pytest.raises(InvalidURLError):
        router.explain("myapp://a\x01")
    with pytest.raises(TypeError):
        router.explain(None)  # type: ignore[arg-type]  # a URL of the wrong type, on purpose
    router.close()
    with pytest.raises(SwitchyardError, match="closed"):
        router.explain("myapp://hotels")


# ------------------------------------------------------------------ route listing


def test_routes_list_parent_and_source(router: switchyard.Router) -> None:
    router.add("myapp://added", "Added", priority=2)
    routes = router.routes
    assert [(r.pattern, r.parent, r.from_document) for r in routes] == [
        ("myapp://hotels", None, True),
        ("myapp://hotels/<int:hotel>", "hotels", True),
        ("myapp://hotels/:slug", None, True),
        ("https://example.com/h/<int:hotel>", None, True),
        ("myapp://*", None, True),
        ("myapp://added", None, False),
    ]
    assert routes[3].redirect == "myapp://hotels/{hotel}" and routes[3].target is None
    assert routes[5].priority == 2


# ------------------------------------------------------------------ route data


class Screen:
    def __init__(self, name: str) -> None:
        self.name = name


def test_data_read_back_from_matches() -> None:
    r = switchyard.Router()
    user = Screen("user")
    r.add("/user/<int:id>", "User", name="user", priority=1, data=user)
    r.add("/user/:name", "UserByName", data={"kind": "by name"})
    r.add("/plain", "Plain")
    r.add("/none", "None", data=None)
    assert r.resolve("/user/5").data is user
    assert [m.data for m in r.candidates("/user/5")] == [user, {"kind": "by name"}]
    assert r.resolve("/plain").data is None
    assert r.resolve("/none").data is None
    assert r.resolve("/missing").data is None
    assert r.resolve("/user/5").name == "user"


def test_callable_target_is_the_data_too() -> None:
    def show_user(match: switchyard.Match, context: object) -> tuple[str, object]:
        return ("user", match.params["id"])

    r = switchyard.Router()
    r.add("/user/<int:id>", show_user)
    m = r.resolve("/user/5")
    assert m.data is show_user
    assert m.data(m, None) == ("user", 5)
    assert r.dispatch("/user/5").value == ("user", 5)
    r.add("/other/<int:id>", show_user, data="own")
    assert r.resolve("/other/1").data == "own"


def test_data_of_a_handled_match() -> None:
    r = switchyard.Router()
    r.add("/a", "A", data="payload")
    r.handle("A", lambda match, context: match.data)
    assert r.dispatch("/a").value == "payload"


def _collected(ref: weakref.ref[Screen]) -> bool:
    for _ in range(3):
        gc.collect()
    return ref() is None


def test_data_lives_while_the_route_or_a_match_does() -> None:
    r = switchyard.Router()
    screen = Screen("s")
    ref = weakref.ref(screen)
    r.add("/s", "S", data=screen)
    del screen
    assert not _collected(ref)
    m = r.resolve("/s")
    assert r.remove("/s")
    assert not _collected(ref)  # the Match still holds the route
    assert m.data is ref()
    del m
    # The Match's C match goes back to the pool holding the routes it was resolved
    # against, until the next resolve reuses it.
    r.resolve("/s")
    assert _collected(ref)


def test_data_released_when_the_router_closes_or_the_add_fails() -> None:
    r = switchyard.Router()
    kept, refused = Screen("kept"), Screen("refused")
    kept_ref, refused_ref = weakref.ref(kept), weakref.ref(refused)
    r.add("/k", "K", data=kept)
    with pytest.raises(PatternError):
        r.add("/bad/<int:id", "Bad", data=refused)
    del kept, refused
    assert _collected(refused_ref)
    assert not _collected(kept_ref)
    r.close()
    assert _collected(kept_ref)
    with pytest.raises(SwitchyardError, match="closed"):
        r.add("/x", "X", data=1)


def test_data_with_a_redirect_and_bad_arguments() -> None:
    r = switchyard.Router()
    r.add("/old/<int:id>", redirect="/new/{id}", data="redirect data")
    r.add("/new/<int:id>", "New")
    assert [m.data for m in r.candidates("/old/3")] == [None]  # the first is where the redirect went
    winner = r.explain("/old/3").winner
    assert winner is not None and winner.redirect == "/new/{id}"
    with pytest.raises(ValueError):
        r.add("/both", "T", redirect="/x", data=1)
    with pytest.raises(TypeError):
        r.add("/p", "T", priority="high", data=1)  # type: ignore[arg-type]  # a bad priority, on purpose
