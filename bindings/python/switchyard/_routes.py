"""Routes as Python values: the sy_route a Router.add call fills, and Route, the read-only
description Router.routes lists (from sy_router_route_at)."""

from __future__ import annotations

from ctypes import byref
from dataclasses import dataclass
from math import isfinite
from typing import Any, Callable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _ffi, _match
from ._ffi import RouterObj, SyError, SyParam, SyRoute, SyRouteInfo, SyStr
from ._match import saw_uuid_pattern
from ._options import dialect_flag
from ._text import utf8

_INT32 = (-(2**31), 2**31 - 1)
_INT64 = (-(2**63), 2**63 - 1)

#: A default value: what a route adds to ``params`` when the URL does not give it.
DefaultValue = Union[str, int, float]


@dataclass(frozen=True)
class Route:
    """One route of a Router, as ``Router.routes`` lists it: read-only.

    ``target`` or ``redirect`` is set, never both; ``from_document`` is True for a route
    that came from a rule document (``load_rules``), False for one added; ``parent`` is the
    name of its parent route (``"parent"`` in a rule document), or None.
    """

    __module__ = "switchyard"

    pattern: str
    target: Optional[str]
    redirect: Optional[str]
    name: Optional[str]
    priority: int
    append_params: bool
    from_document: bool
    parent: Optional[str] = None
    #: The route's own dialect ("switchyard" or "urlpattern"), None: the router's.
    dialect: Optional[str] = None
    #: urlpattern dialect: ASCII letters compared ignoring case.
    ignore_case: bool = False


def fill_route(route: SyRoute, pattern: Any, target: Any = None, *, redirect: Any = None,
               name: Any = None, priority: Any = 0, defaults: Any = None,
               append_params: Any = True, dialect: Optional[str] = None,
               ignore_case: bool = False, search: Any = None, hash: Any = None,
               parent: Any = None) -> List[Any]:
    """Fills ``route`` (an SyRoute) from Router.add's arguments; returns what its pointers
    refer to (keep it alive until the C call returns). ValueError / TypeError for
    arguments Python can check."""
    if (target is None) == (redirect is None):
        raise ValueError("give exactly one of target and redirect")
    if isinstance(priority, bool) or not isinstance(priority, int):
        raise TypeError(f"priority must be an int, not {type(priority).__name__}")
    if not _INT32[0] <= priority <= _INT32[1]:
        raise ValueError(f"priority must fit in 32 bits, not {priority}")
    if not isinstance(append_params, bool):
        raise TypeError("append_params must be True or False")
    if not isinstance(ignore_case, bool):
        raise TypeError("ignore_case must be True or False")
    dialect_bits = dialect_flag(dialect, router=False)
    pattern_text = utf8(pattern, "pattern")
    texts = {
        "pattern": pattern_text,
        "target": None if target is None else utf8(target, "target"),
        "redirect": None if redirect is None else utf8(redirect, "redirect"),
        "name": None if name is None else utf8(name, "name"),
        # urlpattern only; the library refuses them on another dialect's route, as Swift does.
        "search": None if search is None else utf8(search, "search"),
        "hash": None if hash is None else utf8(hash, "hash"),
        "parent": None if parent is None else utf8(parent, "parent"),
    }
    _ffi.sy_route_init(route, _ffi.SY_ROUTE_VERSION)
    for field, data in texts.items():
        slot = getattr(route, field)
        slot.ptr, slot.len = _ffi.str_in(data)
    keep: List[Any] = [texts, _fill_defaults(route, defaults)]
    if not append_params:
        route.flags |= _ffi.SY_ROUTE_NO_APPEND_PARAMS
    route.flags |= dialect_bits
    if ignore_case:
        route.flags |= _ffi.SY_ROUTE_IGNORE_CASE
    route.priority = priority
    if b"<uuid:" in pattern_text:
        saw_uuid_pattern()
    return keep


def _fill_defaults(route: SyRoute, defaults: Any) -> Optional[List[Any]]:
    """Point route.defaults at an array of sy_param; returns what must stay alive."""
    if not defaults:
        return None
    if not isinstance(defaults, Mapping):
        raise TypeError(f"defaults must be a mapping, not {type(defaults).__name__}")
    array, keep = param_array(defaults, lambda key: f"defaults[{key!r}]", "a defaults")
    route.defaults = array
    route.defaults_count = len(defaults)
    return keep


def param_array(values: Union[Mapping[str, object], Sequence[Tuple[str, object]]], label: Callable[[str], str],
                what: str, types: str = "str, int or float") -> Tuple[Any, List[Any]]:
    """An sy_param array holding ``values`` (str, int or float; a mapping, or (name, value)
    pairs where a name may come back) and the list of what must stay alive while C reads
    it. ``label(key)`` names a value in an error message (``defaults['tab']``), ``what`` a
    name or value in an encoding error."""
    pairs = list(values.items()) if isinstance(values, Mapping) else list(values)
    array = (SyParam * max(len(pairs), 1))()
    keep: List[Any] = [array]
    for p, (key, value) in zip(array, pairs):
        name = utf8(key, f"{what} name")
        keep.append(name)
        p.name_ptr, p.name_len = _ffi.str_in(name)
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise TypeError(f"{label(key)} must be {types}, not {type(value).__name__}")
        if isinstance(value, str):
            text = utf8(value, f"{what} value")
            keep.append(text)
            p.type = _ffi.SY_VALUE_STRING
            p.text_ptr, p.text_len = _ffi.str_in(text)
        elif isinstance(value, int):
            if not _INT64[0] <= value <= _INT64[1]:
                raise ValueError(f"{label(key)} does not fit in 64 bits: {value}")
            p.type = _ffi.SY_VALUE_INT
            p.int_value = value
        else:
            if not isfinite(value):
                raise ValueError(f"{label(key)} must be a finite float, not {value}")
            p.type = _ffi.SY_VALUE_FLOAT
            p.float_value = value
    return array, keep


def route_arguments(item: Any) -> Tuple[Tuple[Any, ...], Mapping[str, Any]]:
    """One element of Router.add_routes' list as Router.add's (args, kwargs): a mapping of
    its keywords ({"pattern": ..., "target": ...}) or a (pattern, target) pair."""
    if isinstance(item, Mapping):
        return (), item
    if isinstance(item, tuple) and len(item) == 2:
        return item, {}
    raise TypeError(f"a route must be a dict of Router.add's arguments or a (pattern, target) "
                    f"pair, not {type(item).__name__}")


def _text(s: SyStr) -> Optional[str]:
    return s.ptr[: s.len].decode() if s.ptr else None


def _route_dialect(flags: int) -> Optional[str]:
    if flags & _ffi.SY_ROUTE_DIALECT_URLPATTERN:
        return "urlpattern"
    if flags & _ffi.SY_ROUTE_DIALECT_SWITCHYARD:
        return "switchyard"
    return None


def read_routes(h: RouterObj) -> List[Route]:
    """Every route of the C router ``h``, in the library's order."""
    info, err = SyRouteInfo(), SyError()
    out = []
    for i in range(_ffi.sy_router_route_count(h)):
        _ffi.sy_router_route_at(byref(info), h, i, err)
        pattern = _text(info.pattern) or ""
        out.append(Route(pattern, _text(info.target), _text(info.redirect), _text(info.name),
                         info.priority, not info.flags & _ffi.SY_ROUTE_NO_APPEND_PARAMS,
                         bool(info.from_document), _text(info.parent), _route_dialect(info.flags),
                         bool(info.flags & _ffi.SY_ROUTE_IGNORE_CASE)))
    return out


def note_uuid_routes(h: RouterObj) -> None:
    """After a rule document is loaded: notes whether one of its patterns has a uuid."""
    if not _match._uuid_seen and any("<uuid:" in r.pattern for r in read_routes(h)):
        saw_uuid_pattern()
