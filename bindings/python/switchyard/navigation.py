"""Navigation: URLs from named routes, handlers and dispatch, screen stacks (docs/NAVIGATION.md).

    >>> import switchyard
    >>> router = switchyard.Router()
    >>> router.add("myapp://user/<int:id>", "UserProfile", name="user")
    >>> router.handle("UserProfile", lambda match, context: f"profile {match.params['id']}")
    >>> router.dispatch("myapp://user/42").value
    'profile 42'
    >>> router.url_for("user", id=7)
    'myapp://user/7'

These are the Navigation functions of switchyard.h, behind Router's ``handle``,
``dispatch`` and ``url_for`` methods, ``Router.add``'s callable target (the route's
handler) and ``data``, and Match's ``stack`` and ``data``.

A handler is called as ``handler(match, context)``. It returns ``DECLINED`` to pass the URL
on to the next candidate; anything else accepts it, and dispatch hands the value back. An
exception raised by a handler ends the dispatch and propagates out of it unchanged.
"""

from __future__ import annotations

import ctypes
import itertools
import threading
from ctypes import CFUNCTYPE, POINTER, byref, c_char, c_char_p, c_int, c_size_t, c_uint32, c_void_p
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Tuple, Union
from uuid import UUID

from . import _ffi, parameter_types
from ._errors import SY_ERR_BUFFER_TOO_SMALL, SY_OK
from ._ffi import MatchRef, RouterRef, SyError, SyParam, SyRoute, SyStr
from ._match import Match, Scratch, give_scratch, make_match, take_scratch
from ._routes import fill_route, param_array
from ._text import utf8

from ._ffi import CFunction
from .stacks import Operation

if TYPE_CHECKING:
    from ._router import Router

__all__ = ["DECLINED", "DispatchResult", "StackEntry", "Handler", "UrlValue"]

#: A handler: called as ``handler(match, context)``; it returns DECLINED to pass the URL
#: on, anything else to accept it (dispatch hands that value back).
Handler = Callable[[Match, Any], object]

SY_HANDLED = 1
SY_DECLINED = 0
SY_ERR_HANDLER = -15

# ------------------------------------------------------------------ ctypes declarations
# From the "Navigation" section of switchyard.h.


class _StackEntry(ctypes.Structure):
    """sy_stack_entry."""

    _fields_ = [("name", SyStr), ("pattern", SyStr), ("url", SyStr)]
    name: SyStr
    pattern: SyStr
    url: SyStr


_HandlerFn = CFUNCTYPE(c_int, c_void_p, c_void_p, c_void_p)
_ReleaseFn = CFUNCTYPE(None, c_void_p)
_lib = _ffi.lib
_ErrP = POINTER(SyError)


def _declare(name: str, argtypes: Any, restype: Any = c_int) -> Optional[CFunction]:
    """Declares one navigation function (None if the library predates it)."""
    return _ffi.declare_extension(name, argtypes, restype)


sy_router_build_url = _declare(
    "sy_router_build_url",
    [POINTER(c_char), c_size_t, POINTER(c_size_t), RouterRef, c_char_p, c_size_t, POINTER(SyParam), c_size_t, _ErrP],
)
sy_router_build_url_flags = _declare(
    "sy_router_build_url_flags",
    [POINTER(c_char), c_size_t, POINTER(c_size_t), RouterRef, c_char_p, c_size_t, POINTER(SyParam), c_size_t,
     c_uint32, _ErrP],
)
sy_router_handle = _declare(
    "sy_router_handle", [RouterRef, c_char_p, c_size_t, _HandlerFn, c_void_p, _ReleaseFn, _ErrP]
)
sy_router_dispatch = _declare(
    "sy_router_dispatch", [MatchRef, RouterRef, c_char_p, c_size_t, c_void_p, POINTER(c_int), _ErrP]
)
sy_router_add_data = _declare(
    "sy_router_add_data", [RouterRef, c_char_p, c_size_t, c_char_p, c_size_t, c_void_p, _ReleaseFn, _ErrP]
)
sy_router_add_route_data = _declare(
    "sy_router_add_route_data", [RouterRef, POINTER(SyRoute), c_void_p, _ReleaseFn, _ErrP]
)
sy_match_data = _declare("sy_match_data", [MatchRef], c_void_p)
sy_match_stack_count = _declare("sy_match_stack_count", [MatchRef], c_size_t)
sy_match_stack_at = _declare("sy_match_stack_at", [POINTER(_StackEntry), MatchRef, c_size_t, _ErrP])


def _require(fn: Optional[CFunction], name: str) -> CFunction:
    if fn is None:
        raise NotImplementedError(f"{_ffi.library_path} has no {name}; rebuild libswitchyard")
    return fn


def _raise_for(status: int, err: SyError) -> None:
    if status != SY_OK:
        raise _ffi.error_from(status, err)


# ------------------------------------------------------------------ values


class _Declined:
    __slots__ = ()

    def __repr__(self) -> str:
        return "switchyard.navigation.DECLINED"


#: What a handler returns to pass the URL on to the next candidate.
DECLINED = _Declined()


class DispatchResult:
    """What ``Router.dispatch`` did: ``match`` (the candidate whose handler accepted, or
    None), ``value`` (what that handler returned) and ``accepted``; truthy when accepted."""

    __slots__ = ("match", "value", "pending", "operations")
    match: Optional[Match]
    value: Any
    #: When a route's requirement did not hold: the link that waits, with its resume token
    #: (a switchyard.requirements.PendingLink); else None.
    pending: Any
    #: With ``dispatch(..., entry=...)``: the operations that open the accepted route's
    #: stack (switchyard.stacks: SelectTab, PopTo, Push); () when no handler accepted.
    operations: Tuple[Operation, ...]

    def __init__(self, match: Optional[Match], value: Any, pending: Any = None,
                 operations: Tuple[Operation, ...] = ()) -> None:
        self.match = match
        self.value = value
        self.pending = pending
        self.operations = operations

    @property
    def accepted(self) -> bool:
        return self.match is not None

    def __bool__(self) -> bool:
        return self.match is not None

    def __repr__(self) -> str:
        return f"<DispatchResult match={self.match!r} value={self.value!r} pending={self.pending!r}>"


class StackEntry(Tuple[Optional[str], str, Optional[str]]):
    """One screen of ``Match.stack``: ``name`` (None for an unnamed matched route),
    ``pattern``, and ``url`` (None when no URL can be built)."""

    __slots__ = ()

    def __new__(cls, name: Optional[str], pattern: str, url: Optional[str]) -> StackEntry:
        return tuple.__new__(cls, (name, pattern, url))

    if TYPE_CHECKING:
        @property
        def name(self) -> Optional[str]: ...

        @property
        def pattern(self) -> str: ...

        @property
        def url(self) -> Optional[str]: ...
    else:
        name = property(lambda self: self[0])
        pattern = property(lambda self: self[1])
        url = property(lambda self: self[2])

    def __repr__(self) -> str:
        return f"StackEntry(name={self[0]!r}, pattern={self[1]!r}, url={self[2]!r})"


def _text(s: SyStr) -> Optional[str]:
    return None if not s.ptr else s.ptr[: s.len].decode()


def _read_stack(ref: _ffi.MatchObj) -> Tuple[StackEntry, ...]:
    entries = []
    e = _StackEntry()
    for i in range(_require(sy_match_stack_count, "sy_match_stack_count")(ref)):
        err = SyError()
        _raise_for(sy_match_stack_at(byref(e), ref, i, byref(err)), err)  # type: ignore[misc]  # with the count
        entries.append(StackEntry(_text(e.name), _text(e.pattern), _text(e.url)))  # type: ignore[arg-type]  # always set
    return tuple(entries)


def _stack(self: Match) -> Tuple[StackEntry, ...]:
    """The screens from the root down to the matched route (the last), each a StackEntry
    with its URL built from this match's parameters; () for a miss."""
    cache = self._cache
    if cache is None:
        cache = self._cache = {}
    value: Optional[Tuple[StackEntry, ...]] = cache.get("stack")
    if value is not None:
        return value
    stack: Tuple[StackEntry, ...] = cache.setdefault("stack", _read_stack(self._c.ref))
    return stack


# ------------------------------------------------------------------ handlers
# The library keeps a handler as (one trampoline, a token): the token names the Python
# callable in _handlers until the library releases it. A dispatch passes a token of its
# own as the context, naming its _Dispatch.

_tokens = itertools.count(1)
_handlers: Dict[int, Handler] = {}
_dispatches: Dict[int, _Dispatch] = {}
_lock = threading.Lock()


class _Dispatch:
    # typed: the Router when it has parameter types of its own, and values: what their
    # parse functions gave during the dispatch, put in each Match as resolve puts them.
    __slots__ = ("context", "value", "error", "typed", "values")
    context: object
    value: object
    error: Optional[BaseException]
    typed: Optional[Router]
    values: Dict[Tuple[str, str], Any]

    def __init__(self, context: object, typed: Optional[Router] = None) -> None:
        self.context = context
        self.value = None
        self.error = None
        self.typed = typed
        self.values = {}

    @staticmethod
    def of(router: Router, context: object) -> _Dispatch:
        """The state of a dispatch on ``router`` starting now."""
        typed = parameter_types.has_types(router)
        if typed:
            parameter_types.taken_values()  # only this dispatch's values from here on
        return _Dispatch(context, router if typed else None)

    def give_values(self, m: Match) -> None:
        """The parse functions' values of the dispatch so far, in ``m`` (parameter_types)."""
        if self.typed is not None:
            self.values.update(parameter_types.taken_values())
            parameter_types.give_values(self.typed, m, self.values)


def _borrowed_match(ptr: int) -> Match:
    """A Match of the candidate the library lends a handler for the call: every attribute
    read now, so it stays readable after the call; its Scratch is a fresh one (the pool's
    rule: a Match owns one), never the borrowed C match."""
    lent = Scratch.__new__(Scratch)
    lent.ref = _ffi.MatchObj.from_address(ptr)
    lent.arg = byref(lent.ref)
    lent.err = SyError()
    lent.err_arg = byref(lent.err)
    lent.params_io = [None, None]
    m = make_match()
    m._c = lent
    m._cache = None
    m._text = None
    m._params = None
    m._read_all()
    m._all_values  # noqa: B018  # read now: values() needs them after the C match moved on
    m._cache["stack"] = _read_stack(lent.ref)  # type: ignore[index]  # _read_all filled it
    m._cache["data"] = _read_data(lent.ref)  # type: ignore[index]
    m._c = c = take_scratch()  # a C match no Match holds
    give_scratch(c)  # in the pool again, for when m is gone
    return m


@_HandlerFn  # type: ignore[untyped-decorator]  # ctypes' CFUNCTYPE types are untyped
def _trampoline(match_ptr: int, handler_token: int, dispatch_token: int) -> int:
    state = _dispatches.get(dispatch_token)
    handler = _handlers.get(handler_token)
    if state is None or handler is None:
        return SY_DECLINED
    try:
        m = _borrowed_match(match_ptr)
        state.give_values(m)
        value = handler(m, state.context)
    except BaseException as e:  # noqa: B036 - handed to dispatch's caller unchanged
        state.error = e
        return -1
    if value is DECLINED:
        return SY_DECLINED
    state.value = value
    return SY_HANDLED


@_ReleaseFn  # type: ignore[untyped-decorator]
def _release(handler_token: int) -> None:
    _handlers.pop(handler_token, None)


def _handle(self: Router, target: object, handler: Optional[Handler]) -> None:
    """Router.handle (its docstring says what it does)."""
    if handler is not None and not callable(handler):
        raise TypeError(f"a handler must be callable, not {type(handler).__name__}")
    text = utf8(target, "target")
    with _lock:
        token = next(_tokens)
    if handler is not None:
        _handlers[token] = handler
    err = SyError()
    status = _require(sy_router_handle, "sy_router_handle")(
        self._ref(), text, len(text), _trampoline if handler is not None else _HandlerFn(),
        token, _release, byref(err))
    _raise_for(status, err)


def _dispatch(self: Router, url: object, context: object = None) -> DispatchResult:
    """Router.dispatch (its docstring says what it does)."""
    data = utf8(url, "url")
    router = self._ref()
    state = _Dispatch.of(self, context)
    with _lock:
        token = next(_tokens)
    _dispatches[token] = state
    c = take_scratch()  # a C match no Match holds
    handled = c_int()
    err = SyError()
    try:
        status = _require(sy_router_dispatch, "sy_router_dispatch")(
            c.ref, router, data, len(data), token, byref(handled), byref(err))
    finally:
        del _dispatches[token]
    if status != SY_OK or not handled.value:
        give_scratch(c)
        if state.error is not None:
            raise state.error
        _raise_for(status, err)
        return DispatchResult(None, None)
    give_scratch(c)  # in the pool again, for when the Match is gone
    m = make_match()
    m._c = c
    m._cache = None
    m._text = None
    m._params = None
    state.give_values(m)
    return DispatchResult(m, state.value)


#: A value ``Router.url_for`` takes for a parameter: every type ``resolve`` gives.
UrlValue = Union[str, int, float, UUID, bool]


def _url_text(key: str, value: object) -> object:
    """A url_for value as sy_router_build_url takes it: a uuid.UUID as its text, a bool as
    ``true`` / ``false`` (what ``Match.bool`` reads back); the others as they are."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, UUID):
        return str(value)
    return value


def _url_for(self: Router, name: object, params: Mapping[str, object], *, refuse_extra: bool = False,
             with_defaults: bool = False) -> str:
    """Router.url_for (url_for_strict: refuse_extra; url_for_with_defaults: with_defaults),
    with every parameter in one mapping."""
    name_bytes = utf8(name, "name")
    # A list or tuple is a list query item's values (or a query parameter's), one entry each.
    values: List[Tuple[str, object]] = []
    for key, value in params.items():
        if isinstance(value, (list, tuple)):
            values.extend((key, _url_text(key, v)) for v in value)
        else:
            values.append((key, _url_text(key, value)))
    array, keep = param_array(values, lambda key: f"url_for parameter {key!r}", "a parameter",
                              types="str, int, float, uuid.UUID, bool, or a list of them")
    # Flags are passed only when set: url_for works with a library that predates them.
    bits = ((_ffi.SY_BUILD_URL_REFUSE_EXTRA if refuse_extra else 0)
            | (_ffi.SY_BUILD_URL_WITH_DEFAULTS if with_defaults else 0))
    flags = (bits,) if bits else ()
    build = (_require(sy_router_build_url_flags, "sy_router_build_url_flags") if bits
             else _require(sy_router_build_url, "sy_router_build_url"))
    router = self._ref()
    length = c_size_t()
    err = SyError()
    count = len(values)
    status = build(None, 0, byref(length), router, name_bytes, len(name_bytes), array, count, *flags, byref(err))
    while status == SY_ERR_BUFFER_TOO_SMALL:
        buf = ctypes.create_string_buffer(length.value + 1)
        status = build(buf, len(buf), byref(length), router, name_bytes, len(name_bytes), array, count,
                       *flags, byref(err))
        if status == SY_OK:
            return buf.raw[: length.value].decode()
    _raise_for(status, err)
    return ""  # only an empty URL needs no buffer, and no route builds one


# ------------------------------------------------------------------ route data
# A route's data is a token the library holds (sy_router_add_route_data) naming the Python
# object in _route_data; the library releases the token when the route is removed or the
# router closed, and no Match holds the route any more.

_route_data: dict[int, object] = {}
_NO_DATA = object()


@_ReleaseFn  # type: ignore[untyped-decorator]
def _release_data(token: int) -> None:
    _route_data.pop(token, None)


def _read_data(ref: _ffi.MatchObj) -> object:
    token = _require(sy_match_data, "sy_match_data")(ref)
    return _route_data.get(token) if token else None


def _data(self: Match) -> object:
    """The route's data (``Router.add(..., data=obj)``, or the handler given as its target);
    None for a miss or a route without any."""
    cache = self._cache
    if cache is None:
        cache = self._cache = {}
    value = cache.get("data", _NO_DATA)
    if value is _NO_DATA:
        value = cache.setdefault("data", _read_data(self._c.ref))
    return value


def _add_with_data(router: Router, data: object, pattern: object, target: object,
                   kwargs: Mapping[str, Any]) -> None:
    """Router.add for a route that carries ``data``."""
    route = SyRoute()
    keep = fill_route(route, pattern, target, **kwargs)
    h = router._ref()
    with _lock:
        token = next(_tokens)
    _route_data[token] = data
    err = SyError()
    # The library releases the token (drops the data) also when the call fails.
    status = _require(sy_router_add_route_data, "sy_router_add_route_data")(
        h, byref(route), token, _release_data, byref(err))
    router._changed = True
    del keep  # read during the call only
    _raise_for(status, err)


def install(router_class: object) -> None:
    """Deprecated, does nothing: Router and Match define their navigation methods
    themselves. Goes in the next minor version."""
    import warnings

    warnings.warn("switchyard.navigation.install is deprecated and does nothing: Router has its navigation "
                  "methods already", DeprecationWarning, stacklevel=2)
