"""Requirements on routes and resume tokens (docs/NAVIGATION.md, "Links that wait").

A route may list named requirements (``"requires"`` in a rule document). The app registers
a check per name with ``Router.require(name, check)``; ``check(context)`` returns whether
the requirement holds for the context ``Router.dispatch`` was given. A dispatch that
reaches a candidate whose requirement does not hold ends pending: ``result.pending`` names
the requirement and holds a resume token, text that ``Router.resume(token, context)``
dispatches later, as a fresh dispatch of the link would.

    >>> router.require("signed-in", lambda app: app is not None and app.get("user") is not None)
    >>> waiting = router.dispatch("myapp://orders/7", context={"user": None})
    >>> waiting.pending.requirement
    'signed-in'
    >>> router.resume(waiting.pending.token, context={"user": 5}).value
"""

from __future__ import annotations

import ctypes
import itertools
import threading
from ctypes import CFUNCTYPE, POINTER, byref, c_char, c_char_p, c_int, c_int64, c_size_t, c_uint8, c_void_p
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, Mapping, Optional, Union

from . import _ffi, navigation, stacks
from ._errors import SY_OK
from ._ffi import MatchRef, RouterRef, SyError
from ._match import Scratch, give_scratch, make_match, take_scratch
from ._routes import fill_route
from ._text import Text, utf8

if TYPE_CHECKING:
    from ._router import Router

__all__ = ["Check", "ElseRoutes", "PendingLink", "RESUME_TOKEN_MAX"]

#: A requirement's check: called as ``check(context)``; truthy when the requirement holds.
Check = Callable[[Any], object]

#: Where a route's waiting links go (``Router.add(..., else_routes=...)``): one route name for
#: every requirement, or a route name per requirement.
ElseRoutes = Union[Text, Mapping[Text, Text]]

#: The longest resume token, in characters.
RESUME_TOKEN_MAX = 4096
_REQUIREMENT_NAME_MAX = 64
_NOW_CLOCK = -(2 ** 63)


class _SyPending(ctypes.Structure):
    """sy_pending."""

    _fields_ = [("handled", c_int), ("pending", c_int),
                ("requirement_len", c_size_t), ("requirement", c_char * (_REQUIREMENT_NAME_MAX + 1)),
                ("token_len", c_size_t), ("token", c_char * (RESUME_TOKEN_MAX + 1))]
    handled: int
    pending: int
    requirement_len: int
    requirement: bytes
    token_len: int
    token: bytes


_RequirementFn = CFUNCTYPE(c_int, c_void_p, c_void_p)
_ReleaseFn = CFUNCTYPE(None, c_void_p)
_ErrP = POINTER(SyError)

sy_router_add_route_requiring = _ffi.declare_extension(
    "sy_router_add_route_requiring",
    [RouterRef, POINTER(_ffi.SyRoute), c_void_p, _ReleaseFn, POINTER(_ffi.SyStr), c_size_t, POINTER(_ffi.SyStr), _ErrP])
sy_router_require = _ffi.declare_extension(
    "sy_router_require", [RouterRef, c_char_p, c_size_t, _RequirementFn, c_void_p, _ReleaseFn, _ErrP])
sy_router_set_resume_key = _ffi.declare_extension(
    "sy_router_set_resume_key", [RouterRef, POINTER(c_uint8), c_int64, _ErrP])
sy_router_dispatch_pending = _ffi.declare_extension(
    "sy_router_dispatch_pending",
    [MatchRef, RouterRef, c_char_p, c_size_t, c_void_p, c_int64, POINTER(_SyPending), _ErrP])
sy_router_resume = _ffi.declare_extension(
    "sy_router_resume", [MatchRef, RouterRef, c_char_p, c_size_t, c_void_p, c_int64, POINTER(_SyPending), _ErrP])


class PendingLink:
    """A link that waits (``DispatchResult.pending``): ``requirement``, the name of the
    requirement that did not hold, and ``token``, the resume token (str, base64url, safe in
    a file and in a URL parameter) that ``Router.resume`` dispatches later."""

    __slots__ = ("requirement", "token")
    requirement: str
    token: str

    def __init__(self, requirement: str, token: str) -> None:
        self.requirement = requirement
        self.token = token

    def __repr__(self) -> str:
        return f"<PendingLink requirement={self.requirement!r} token={self.token[:12]!r}...>"


# A check is kept by the library as (one trampoline, a token naming the callable in _checks).
_tokens = itertools.count(1)
_checks: Dict[int, Check] = {}
_lock = threading.Lock()


@_RequirementFn  # type: ignore[untyped-decorator]  # ctypes' CFUNCTYPE types are untyped
def _trampoline(check_token: int, dispatch_token: int) -> int:
    state = navigation._dispatches.get(dispatch_token)
    check = _checks.get(check_token)
    if state is None or check is None:
        return 0
    try:
        return 1 if check(state.context) else 0
    except BaseException as e:  # noqa: B036 - handed to dispatch's caller unchanged
        state.error = e
        return -1


@_ReleaseFn  # type: ignore[untyped-decorator]
def _release(check_token: int) -> None:
    _checks.pop(check_token, None)


def _require_fn(fn: Optional[Any], name: str) -> Any:
    if fn is None:
        raise NotImplementedError(f"{_ffi.library_path} has no {name}; rebuild libswitchyard")
    return fn


def _register(router: Router, name: object, check: Optional[Check]) -> None:
    """Router.require (its docstring says what it does)."""
    if check is not None and not callable(check):
        raise TypeError(f"a requirement's check must be callable, not {type(check).__name__}")
    text = utf8(name, "name")
    with _lock:
        token = next(_tokens)
    if check is not None:
        _checks[token] = check
    err = SyError()
    status = _require_fn(sy_router_require, "sy_router_require")(
        router._ref(), text, len(text), _trampoline if check is not None else _RequirementFn(),
        token, _release, byref(err))
    if status != SY_OK:
        raise _ffi.error_from(status, err)


def _add_requiring(router: Router, data: object, pattern: object, target: object, kwargs: Mapping[str, Any],
                   requires: Optional[Iterable[Text]], else_routes: Optional[ElseRoutes],
                   stack: Optional[stacks.StackPolicy] = None) -> None:
    """Router.add for a route with ``requires``, ``else_routes`` or ``stack`` (and, unless None,
    ``data``)."""
    if isinstance(requires, (str, bytes)):
        raise TypeError("requires is a list of requirement names, not one name")
    names = [utf8(n, "requires[%d]" % i) for i, n in enumerate(requires or ())]
    if isinstance(else_routes, (str, bytes)):
        targets = [utf8(else_routes, "else_routes")] * len(names)
    else:
        per = {utf8(k, "else_routes"): utf8(v, "else_routes") for k, v in (else_routes or {}).items()}
        unknown = [k for k in per if k not in names]
        if unknown:
            raise ValueError(f"else_routes names {unknown[0].decode(errors='replace')!r}, "
                             "which the route does not require")
        targets = [per.get(n, b"") for n in names]
    count = len(names)
    required = (_ffi.SyStr * max(count, 1))(*(_ffi.SyStr(*_ffi.str_in(n)) for n in names))
    elses = (_ffi.SyStr * max(count, 1))(*(_ffi.SyStr(*_ffi.str_in(t)) for t in targets))
    route = _ffi.SyRoute()
    keep = fill_route(route, pattern, target, **kwargs)
    token = None
    if data is not None:
        with navigation._lock:
            token = next(navigation._tokens)
        navigation._route_data[token] = data
    err = SyError()
    # The library releases the token (drops the data) also when the call fails.
    release = navigation._release_data if token is not None else _ReleaseFn()
    if stack is None:
        status = _require_fn(sy_router_add_route_requiring, "sy_router_add_route_requiring")(
            router._ref(), byref(route), token, release, required if count else None, count,
            elses if count else None, byref(err))
    else:
        policy = stacks._policy_json(stack)
        status = _require_fn(stacks.sy_router_add_route_stack, "sy_router_add_route_stack")(
            router._ref(), byref(route), token, release, required if count else None, count,
            elses if count else None, policy, len(policy), byref(err))
    router._changed = True
    del keep, names, targets  # read during the call only
    if status != SY_OK:
        raise _ffi.error_from(status, err)


def _set_key(router: Router, key: Optional[bytes], max_age: int) -> None:
    """Router.set_resume_key (its docstring says what it does)."""
    if key is not None and (not isinstance(key, (bytes, bytearray)) or len(key) != 16):
        raise ValueError("a resume key is 16 bytes (bytes), or None for a random key")
    if not isinstance(max_age, int) or isinstance(max_age, bool):
        raise TypeError(f"max_age must be an int (seconds), not {type(max_age).__name__}")
    buf = (c_uint8 * 16).from_buffer_copy(bytes(key)) if key is not None else None
    err = SyError()
    status = _require_fn(sy_router_set_resume_key, "sy_router_set_resume_key")(
        router._ref(), buf, max_age, byref(err))
    if status != SY_OK:
        raise _ffi.error_from(status, err)


def _now(now: Optional[int]) -> int:
    if now is None:
        return _NOW_CLOCK
    if not isinstance(now, int) or isinstance(now, bool):
        raise TypeError(f"now must be an int (seconds since 1970) or None, not {type(now).__name__}")
    return now


def _run(router: Router, fn: Any, name: str, data: bytes, context: object,
         now: Optional[int], entry: Optional[str] = None,
         open: stacks.OpenScreens = None) -> navigation.DispatchResult:
    """sy_router_dispatch_pending or sy_router_resume, with Python's context and checks;
    with an entry kind, the operations too (the open screens checked before any handler)."""
    call = _require_fn(fn, name)
    at = _now(now)
    if entry is not None:
        stacks._operations(Scratch().ref, entry, open)  # a miss: checks entry and open only
    ref = router._ref()
    state = navigation._Dispatch.of(router, context)
    with navigation._lock:
        token = next(navigation._tokens)
    navigation._dispatches[token] = state
    c = take_scratch()  # a C match no Match holds
    out = _SyPending()
    err = SyError()
    try:
        status = call(c.ref, ref, data, len(data), token, at, byref(out), byref(err))
    finally:
        del navigation._dispatches[token]
    give_scratch(c)  # free, or held by the Match below until it is gone
    if state.error is not None:
        raise state.error
    if status != SY_OK:
        raise _ffi.error_from(status, err)
    pending = None
    if out.pending:
        pending = PendingLink(out.requirement[: out.requirement_len].decode(),
                              out.token[: out.token_len].decode())
    if not out.handled:
        return navigation.DispatchResult(None, None, pending)
    operations = stacks._operations(c.ref, entry, open) if entry is not None else ()
    m = make_match()
    m._c = c
    m._cache = None
    m._text = None
    m._params = None
    state.give_values(m)
    return navigation.DispatchResult(m, state.value, pending, operations)


def _dispatch(router: Router, url: object, context: object, now: Optional[int], entry: Optional[str] = None,
              open: stacks.OpenScreens = None) -> navigation.DispatchResult:
    return _run(router, sy_router_dispatch_pending, "sy_router_dispatch_pending", utf8(url, "url"), context, now,
                entry, open)


def _resume(router: Router, token: object, context: object, now: Optional[int], entry: Optional[str] = None,
            open: stacks.OpenScreens = None) -> navigation.DispatchResult:
    return _run(router, sy_router_resume, "sy_router_resume", utf8(token, "token"), context, now, entry, open)
