"""The public types as a type checker sees them. mypy --strict (the python-types test)
checks every assert_type below against the package's hints; run by pytest, the same calls
check that each value really has the type the hints promise."""

from __future__ import annotations

import inspect
import sys
import uuid
from pathlib import Path
from typing import Callable, List, Mapping, Optional, Tuple, Union, get_type_hints

import switchyard
from switchyard import Match, ParamValue, Route, Router, Status, links
from switchyard.navigation import DispatchResult, StackEntry

if sys.version_info >= (3, 11):
    from typing import assert_type
else:  # older Pythons run the checks without it; mypy reads the branch above
    def assert_type(value: object, typ: object) -> object:
        return value


def test_the_package_is_marked_typed() -> None:
    assert (Path(switchyard.__file__).parent / "py.typed").is_file()
    assert {"ParamValue", "DefaultValue", "RouteSpec"} <= set(switchyard.__all__)


def test_match_values_have_their_hinted_types() -> None:
    router = Router()
    router.add("/user/<int:id>/<uuid:key>", "User", name="user")
    m = router.resolve("/user/7/123e4567-e89b-12d3-a456-426614174000?tab=a#top")
    assert_type(m, Match)
    assert_type(m.matched, bool)
    assert_type(m.url, str)
    assert_type(m.target, Optional[str])
    assert_type(m.fragment, Optional[str])
    assert_type(m.params, Mapping[str, Union[str, int, float, uuid.UUID]])
    assert_type(m.path_params, Mapping[str, ParamValue])
    assert_type(m.query, Mapping[str, Tuple[str, ...]])
    assert_type(m.redirects, Tuple[str, ...])
    assert_type(m.stack, Tuple[StackEntry, ...])
    assert isinstance(m.url, str) and isinstance(m.redirects, tuple) and isinstance(m.stack, tuple)
    assert isinstance(m.params, Mapping) and isinstance(m.query["tab"], tuple)
    assert isinstance(m.params["id"], int) and isinstance(m.params["key"], uuid.UUID)
    assert_type(router.routes, List[Route])
    assert_type(router.remove("/nothing"), bool)
    assert_type(router.url_for("user", id=8, key="123e4567-e89b-12d3-a456-426614174000"), str)
    assert_type(router.dispatch("/user/7"), DispatchResult)


def test_errors_have_their_hinted_types() -> None:
    router = Router()
    try:
        router.add("/a/<date:d>", "A")
    except switchyard.PatternError as e:
        assert_type(e.code, int)
        assert_type(e.position, Optional[int])
        assert_type(e.route_index, Optional[int])
        assert_type(e.message, str)
        assert e.code is Status.SY_ERR_INVALID_PATTERN and isinstance(e.position, int)


def test_links_results_have_their_hinted_types() -> None:
    aasa = {"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/x"}]}]}}
    decisions = links.aasa_decisions(aasa, "example.com", "https://example.com/x")
    assert_type(decisions, List[Tuple[str, links.Verdict]])
    assert decisions == [("A.b", "match")]
    with links.AASA(aasa) as compiled:
        assert_type(compiled.decide("example.com", "https://example.com/x"), List[links.Decision])


def test_the_hints_resolve_at_run_time() -> None:
    # typing.get_type_hints (documentation tools, run-time type checkers) finds every name
    # the hints use, although some are only defined once the package has finished loading.
    functions: List[Callable[..., object]] = [links.aasa_decisions, links.android_matches, links.android_dynamic, links.android_evaluate,
                 links.generate, links.cross_check, switchyard.library_version]
    for cls in (Router, switchyard.SwitchyardError, switchyard.FileError, links.AASA, DispatchResult):
        functions += [f for f in vars(cls).values() if inspect.isfunction(f)]
        functions += [f.fget for f in vars(cls).values() if isinstance(f, property) and f.fget]
    for f in functions:
        get_type_hints(f)
    assert get_type_hints(Router.resolve)["return"] is Match
