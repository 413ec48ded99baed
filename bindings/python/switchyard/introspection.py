"""Candidates and explanations: every route that matches a URL, best first (docs/NAVIGATION.md).

    >>> import switchyard
    >>> router = switchyard.Router()
    >>> router.add("/user/<int:id>", "User")
    >>> router.add("/user/:name", "UserByName")
    >>> [m.target for m in router.candidates("/user/42")]
    ['User', 'UserByName']
    >>> router.explain("/user/42").candidates[1].decided_by
    'segment 2'

Behind Router's ``candidates`` and ``explain`` methods (sy_router_candidates,
sy_match_next_candidate and sy_router_explain of switchyard.h).
"""

from __future__ import annotations

import ctypes
import json
from ctypes import POINTER, byref, c_char, c_char_p, c_int, c_size_t
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Optional, Tuple, Union

from . import _ffi, parameter_types
from ._errors import SY_ERR_BUFFER_TOO_SMALL, SY_OK
from ._ffi import MatchRef, RouterRef, SyError
from ._match import Match, Scratch
from ._text import Text, utf8
from .navigation import _raise_for, _require

if TYPE_CHECKING:
    from ._router import Router

__all__ = ["ExplainedCandidate", "Explanation"]

_ErrP = POINTER(SyError)

sy_router_candidates = _ffi.declare_extension(
    "sy_router_candidates", [MatchRef, RouterRef, c_char_p, c_size_t, _ErrP], c_int)
sy_match_next_candidate = _ffi.declare_extension("sy_match_next_candidate", [MatchRef, _ErrP], c_int)
sy_router_explain = _ffi.declare_extension(
    "sy_router_explain", [POINTER(c_char), c_size_t, POINTER(c_size_t), RouterRef, c_char_p, c_size_t, _ErrP],
    c_int)

#: A path parameter's value as the explanation's JSON gives it: str, int or float.
JSONParamValue = Union[str, int, float]


# ------------------------------------------------------------------ candidates


def _candidates(self: Router, url: Text) -> Iterator[Match]:
    """Router.candidates (its docstring says what it gives)."""
    data = utf8(url, "url")
    router = self._ref()
    walker = Scratch()  # its own C match: the walk lives in it until the iterator is done
    err = SyError()
    # A router with parameter types of its own: the values their parse functions give
    # during the walk replace the texts, as resolve's do.
    typed = parameter_types.has_types(self)
    if typed:
        parameter_types.taken_values()
    _raise_for(_require(sy_router_candidates, "sy_router_candidates")(
        walker.ref, router, data, len(data), byref(err)), err)
    return _walk(walker, self if typed else None)


def _walk(walker: Scratch, typed: Optional[Router]) -> Iterator[Match]:
    # Imported here: navigation imports this package's Router module first.
    from .navigation import _borrowed_match

    next_candidate = _require(sy_match_next_candidate, "sy_match_next_candidate")
    address = ctypes.addressof(walker.ref)
    # The parse functions' values of the walk so far (each C call may call them).
    values = parameter_types.taken_values() if typed is not None else {}
    while _ffi.sy_match_found(walker.ref):
        # A Match of its own, every attribute read now: the walker moves on.
        match: Match = _borrowed_match(address)
        if typed is not None:
            parameter_types.give_values(typed, match, values)
        yield match
        err = SyError()
        _raise_for(next_candidate(walker.ref, byref(err)), err)
        if typed is not None:
            values.update(parameter_types.taken_values())


# ------------------------------------------------------------------ explain


@dataclass(frozen=True)
class ExplainedCandidate:
    """One route alternative that matches the URL on its own (``Explanation.candidates``).

    ``route_index`` is the route's index in ``Router.routes`` (as the routes were when the
    explanation was made); ``alternative`` the alternative written as a pattern (a route
    with optional groups has several). For the winner ``wins`` is True and ``decided_by``
    and ``reason`` are None; for the others ``decided_by`` names the part that made the
    winner win ("priority", "scheme", "host", "segment N", "end at segment N",
    "literal count" or "registration order") and ``reason`` says it in one line.
    """

    rank: int
    route_index: int
    pattern: str
    alternative: str
    priority: int
    target: Optional[str]
    redirect: Optional[str]
    name: Optional[str]
    parent: Optional[str]
    path_params: Mapping[str, JSONParamValue]
    remainder: Optional[str]
    wins: bool
    decided_by: Optional[str]
    reason: Optional[str]


@dataclass(frozen=True)
class Explanation:
    """Every route alternative that matches ``url``, best first (``Router.explain``)."""

    url: str
    candidates: Tuple[ExplainedCandidate, ...]

    @property
    def winner(self) -> Optional[ExplainedCandidate]:
        """The route ``resolve`` takes for the URL's first hop, or None when none matches."""
        return self.candidates[0] if self.candidates else None

    def __bool__(self) -> bool:
        return bool(self.candidates)


def _candidate(c: Mapping[str, Any]) -> ExplainedCandidate:
    destination: Mapping[str, str] = c["destination"]
    return ExplainedCandidate(
        rank=c["rank"], route_index=c["route"], pattern=c["pattern"], alternative=c["alternative"],
        priority=c["priority"], target=destination.get("target"), redirect=destination.get("redirect"),
        name=c["name"], parent=c["parent"], path_params=MappingProxyType(dict(c["path_params"])),
        remainder=c["remainder"], wins=c["wins"], decided_by=c["decided_by"], reason=c["reason"])


def explanation_from_json(text: str) -> Explanation:
    """An Explanation from sy_router_explain's JSON."""
    doc = json.loads(text)
    return Explanation(doc["url"], tuple(_candidate(c) for c in doc["candidates"]))


def _explain_json(self: Router, url: Text) -> str:
    data = utf8(url, "url")
    router = self._ref()
    explain = _require(sy_router_explain, "sy_router_explain")
    length = c_size_t()
    err = SyError()
    status = explain(None, 0, byref(length), router, data, len(data), byref(err))
    while status == SY_ERR_BUFFER_TOO_SMALL:
        buf = ctypes.create_string_buffer(length.value + 1)
        status = explain(buf, len(buf), byref(length), router, data, len(data), byref(err))
        if status == SY_OK:
            return buf.raw[: length.value].decode()
    _raise_for(status, err)
    raise AssertionError("sy_router_explain wrote no JSON")  # it never fits in 0 bytes


def _explain(self: Router, url: Text) -> Explanation:
    """Router.explain (its docstring says what it gives)."""
    return explanation_from_json(_explain_json(self, url))


def install(router_class: object) -> None:
    """Deprecated, does nothing: Router defines candidates and explain itself. Goes in the
    next minor version."""
    import warnings

    warnings.warn("switchyard.introspection.install is deprecated and does nothing: Router has candidates "
                  "and explain already", DeprecationWarning, stacklevel=2)


def __getattr__(name: str) -> object:
    # introspection.ParamValue was the explanation's value type; switchyard.ParamValue is
    # the one parameter value type (this one is JSONParamValue).
    if name == "ParamValue":
        import warnings

        warnings.warn("switchyard.introspection.ParamValue is deprecated: use switchyard.introspection."
                      "JSONParamValue (an explanation's value) or switchyard.ParamValue (a Match's)",
                      DeprecationWarning, stacklevel=2)
        return JSONParamValue
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
