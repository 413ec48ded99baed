"""A program that uses every documented call of the switchyard package, as its users write
them: no cast, no isinstance, no type: ignore. tests/test_typing.py runs it, and checks it
with mypy --strict and pyright in strict mode, so the package's hints are what a typed
program needs (a parameter read as an int is an int, a url_for value may be any type
resolve gives)."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Iterator, List, Mapping, Optional, Tuple

import switchyard
from switchyard.stacks import COLD, WARM, Operation, Screen, Tabs
from switchyard import (DECLINED, ConflictError, DispatchResult, ExplainedCandidate, Explanation, FileError,
                        InvalidArgumentError, InvalidURLError, LimitError, Match, ParamValue, PatternError,
                        RedirectError, Route, Router, RuleError, StackEntry, Status, SwitchyardError)

KEY = uuid.UUID("123e4567-e89b-12d3-a456-426614174000")


def open_hotel(match: Match, context: object) -> object:
    nights: int = match.int("nights", 1)
    return f"hotel {match.int('hotel', 0)} for {nights} nights" if context != "guest" else DECLINED


def build(folder: Path) -> Router:
    router = Router(strict_trailing_slash=False, keep_empty_segments=False, case_insensitive_literals=False,
                    plus_as_space_in_path=False, plus_as_space_in_query=True, decode_path=True,
                    trailing_wildcard_needs_segment=False, query_over_path=False, host_handling="web_schemes",
                    precedence="specificity", dialect="switchyard", max_url_length=None, max_segments=64,
                    max_parameters=None, max_pattern_length=None, max_document_size=None, max_redirects=8,
                    max_candidates=16, web_schemes=["https", "http"])
    router.add("/hotel/<int:hotel>", "Hotel", name="hotel", defaults={"nights": 1}, priority=0,
               append_params=True, data={"screen": "hotel"})
    router.add("/map/<float:lat>/<float:lon>", "Map", name="map")
    router.add("/key/<uuid:key>", "Key", name="key")
    router.add("/tags/:name", "Tag", name="tag")
    router.add("/old/:id", redirect="/hotel/:id")
    router.add("/books/:id(\\d+)", "Book", dialect="urlpattern", ignore_case=True, search=None, hash=None)
    router.add("/open/<int:hotel>", open_hotel)
    router.add_routes([{"pattern": "/a", "target": "A"}, ("/b", "B")])
    removed: bool = router.remove("/a")
    assert removed
    routes: List[Route] = router.routes
    first: Route = routes[0]
    print(first.pattern, first.target, first.redirect, first.name, first.priority, first.append_params,
          first.from_document, first.parent, first.dialect, first.ignore_case)
    router.load_rules({"version": 1, "routes": [{"pattern": "/rules/:x", "target": "Rules"}]})
    rules = folder / "rules.json"
    rules.write_text('{"version": 1, "routes": [{"pattern": "/file/:x", "target": "File"}]}')
    router.load_rules_file(rules)
    router.handle("Hotel", open_hotel)
    return router


def read(router: Router) -> None:
    m: Match = router.resolve("/hotel/7?nights=3&tab=a&tab=b#top")
    hotel: int = m.int("hotel", 0)
    nights: Optional[int] = m.int("nights")
    tab: str = m.str("tab", "")
    on: bool = m.bool("on", False)
    m2 = router.resolve(f"/map/1.5/-2?key={KEY}")
    lat: float = m2.float("lat", 0.0)
    lon: Optional[float] = m2.float("lon")
    key: uuid.UUID = m2.uuid("key", KEY)
    maybe_key: Optional[uuid.UUID] = router.resolve(f"/key/{KEY}").uuid("key")
    print(hotel, nights, tab, on, lat, lon, key, maybe_key)
    found: bool = m.matched
    truthy: bool = bool(m)
    url: str = m.url
    pattern: Optional[str] = m.pattern
    target: Optional[str] = m.target
    name: Optional[str] = m.name
    params: Mapping[str, ParamValue] = m.params
    path_params: Mapping[str, ParamValue] = m.path_params
    path_texts: Mapping[str, str] = m.path_texts
    query: Mapping[str, Tuple[str, ...]] = m.query
    items: Tuple[Tuple[str, str], ...] = m.query_items
    fragment: Optional[str] = m.fragment
    remainder: Optional[str] = m.remainder
    redirects: Tuple[str, ...] = router.resolve("/old/7").redirects
    stack: Tuple[StackEntry, ...] = m.stack
    data: object = m.data
    as_dict = m.to_dict()
    print(found, truthy, url, pattern, target, name, dict(params), dict(path_params), dict(path_texts),
          dict(query), items, fragment, remainder, redirects, data, as_dict["params"])
    for entry in stack:
        entry_name: Optional[str] = entry.name
        entry_pattern: str = entry.pattern
        entry_url: Optional[str] = entry.url
        print(entry_name, entry_pattern, entry_url)


def navigate(router: Router) -> None:
    # Every value type resolve gives goes back into url_for; a parameter may be called name.
    m = router.resolve(f"/map/1.5/-2?key={KEY}")
    print(router.url_for("hotel", hotel=router.resolve("/hotel/7").int("hotel", 0)))
    print(router.url_for("map", {"lat": m.float("lat", 0.0), "lon": -2}, key=KEY, on=True))
    print(router.url_for("tag", name="python"))
    print(router.url_for("key", dict(router.resolve(f"/key/{KEY}").params)))
    result: DispatchResult = router.dispatch("/hotel/7", "member")
    accepted: bool = result.accepted
    value: object = result.value
    winner: Optional[Match] = result.match
    print(accepted, value, winner)
    moved = router.dispatch("/hotel/7", "member", entry=COLD, open=[Screen("hotel", {"hotel": 7}), "list"])
    operations: Tuple[Operation, ...] = moved.operations
    print(operations, router.resolve("/hotel/7").stack_operations(WARM, Tabs("home", {"home": []})))
    router.handle("Hotel", None)
    candidates: Iterator[Match] = router.candidates("/hotel/7")
    print([c.target for c in candidates])
    explanation: Explanation = router.explain("/hotel/7")
    best: Optional[ExplainedCandidate] = explanation.winner
    for c in explanation.candidates:
        decided_by: Optional[str] = c.decided_by
        print(c.rank, c.route_index, c.pattern, c.wins, decided_by, c.reason, dict(c.path_params))
    print(explanation.url, best)


def fail(router: Router) -> None:
    errors: List[SwitchyardError] = []
    for pattern in ("/x/<date:d>", "/hotel/<int:hotel>"):
        try:
            router.add(pattern, "X")
        except PatternError as e:
            position: Optional[int] = e.position
            print(position)
            errors.append(e)
        except ConflictError as e:
            errors.append(e)
    try:
        router.resolve("http://[bad")
    except InvalidURLError as e:
        errors.append(e)
    try:
        router.load_rules_file("/nonexistent/rules.json")
    except FileError as e:
        errors.append(e)
    for error in errors:
        code: int = error.code
        message: str = error.message
        index: Optional[int] = error.route_index
        print(code == Status.SY_ERR_INVALID_PATTERN, message, index)
    print(RuleError, RedirectError, LimitError, InvalidArgumentError)


def main(folder: Path) -> None:
    print(switchyard.library_version(), switchyard.__version__)
    with build(folder) as router:
        read(router)
        navigate(router)
        fail(router)
    print(router.closed)


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        main(Path(folder))
