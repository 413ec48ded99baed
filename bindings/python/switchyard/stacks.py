"""Entry-aware stacks (docs/NAVIGATION.md, "Entry-aware stacks"): how the app was opened
and the screens it has open decide the operations that open a link's stack.

A route declares its tab and, per entry kind, whether its stack replaces, extends or merges
with the open one (``"stack"`` in a rule document). ``Router.dispatch(url, context,
entry=COLD, open=...)`` and ``Router.resume`` give the operations in
``result.operations``; ``Match.stack_operations(entry, open)`` gives them for any match.

    >>> result = router.dispatch("myapp://hotels/12", entry=WARM,
    ...                          open=Tabs("search", {"search": [], "home": [Screen("hotels")]}))
    >>> result.operations
    (SelectTab(tab='home'), Push(route='hotel', params={'hotel': 12}))

This is sy_match_stack_operations of switchyard.h.
"""

from __future__ import annotations

import ctypes
import json
from ctypes import CFUNCTYPE, POINTER, byref, c_char_p, c_size_t, c_void_p
from dataclasses import dataclass, field
from typing import Dict, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from . import _ffi
from ._errors import SY_ERR_BUFFER_TOO_SMALL, SY_OK
from ._ffi import MatchRef, RouterRef, SyError
from ._text import utf8

__all__ = ["COLD", "WARM", "NOTIFICATION", "LINK", "Screen", "Tabs", "OpenScreens",
           "SelectTab", "PopTo", "Push", "Operation", "StackPolicy", "MAX_OPEN_SCREENS", "MAX_TABS"]

#: The app was launched by the link.
COLD = "cold"
#: The app was running and brought forward by the link.
WARM = "warm"
#: The user tapped a notification.
NOTIFICATION = "notification"
#: A link followed inside the running app.
LINK = "link"

#: The most screens the open screens may hold, every tab together, and the most tabs.
MAX_OPEN_SCREENS = 512
MAX_TABS = 32

ParamValue = Union[int, float, str]


class Screen(NamedTuple):
    """One open screen: the route that opened it (its name) and its parameters."""

    route: str
    params: Mapping[str, ParamValue] = {}


class Tabs(NamedTuple):
    """The screens of an app with tabs: the tab shown and each tab's stack, root first
    (every tab, empty ones too)."""

    current: str
    stacks: Mapping[str, Sequence[Union[Screen, str]]]


#: The screens an app has open: one stack root first (a list of Screens, or route names),
#: or Tabs. None: nothing open.
OpenScreens = Union[Sequence[Union[Screen, str]], Tabs, None]


@dataclass(frozen=True)
class SelectTab:
    """Show this tab; the operations after it apply to its stack."""

    tab: str


@dataclass(frozen=True)
class PopTo:
    """Pop screens until ``depth`` of the stack remain (0: back to the tab's root)."""

    depth: int


@dataclass(frozen=True)
class Push:
    """Open this screen: its route's name (its pattern when it has none) and parameters."""

    route: str
    params: Dict[str, ParamValue] = field(default_factory=dict)


Operation = Union[SelectTab, PopTo, Push]

#: A route's stack policy (``Router.add(..., stack=...)``): one mode ("replace", "extend",
#: "merge") for every entry kind, or ``{"tab": ..., "default": mode, entry kind: mode}``.
StackPolicy = Union[str, Mapping[str, str]]

sy_match_stack_operations = _ffi.declare_extension(
    "sy_match_stack_operations",
    [c_void_p, c_size_t, POINTER(c_size_t), MatchRef, c_char_p, c_size_t, c_char_p, c_size_t, POINTER(SyError)])


sy_router_add_route_stack = _ffi.declare_extension(
    "sy_router_add_route_stack",
    [RouterRef, POINTER(_ffi.SyRoute), c_void_p, CFUNCTYPE(None, c_void_p), POINTER(_ffi.SyStr), c_size_t,
     POINTER(_ffi.SyStr), c_char_p, c_size_t, POINTER(SyError)])


def _policy_json(stack: StackPolicy) -> bytes:
    """A stack policy as the JSON sy_router_add_route_stack reads."""
    if not isinstance(stack, (str, Mapping)):
        raise TypeError(f"a stack policy is a mode or a dict, not {type(stack).__name__}")
    return json.dumps(stack if isinstance(stack, str) else dict(stack)).encode("utf-8")


def _screen(s: object) -> Dict[str, object]:
    if isinstance(s, str):
        return {"route": s}
    if isinstance(s, tuple) and len(s) == 2 and isinstance(s[0], str) and isinstance(s[1], Mapping):
        return {"route": s[0], "params": dict(s[1])}
    raise TypeError(f"an open screen is a Screen or a route name, not {type(s).__name__}")


def _open_json(open: OpenScreens) -> Optional[bytes]:
    """The open screens as the JSON sy_match_stack_operations reads."""
    if open is None:
        return None
    if isinstance(open, Tabs):
        doc: object = {"tab": open.current,
                       "tabs": {tab: [_screen(s) for s in stack] for tab, stack in open.stacks.items()}}
    elif isinstance(open, (list, tuple)):
        doc = [_screen(s) for s in open]
    else:
        raise TypeError(f"open screens are a list of Screens or Tabs, not {type(open).__name__}")
    return json.dumps(doc, allow_nan=False).encode("utf-8")


def _operation(item: Mapping[str, object]) -> Operation:
    if "select_tab" in item:
        return SelectTab(str(item["select_tab"]))
    if "pop_to" in item:
        depth = item["pop_to"]
        assert isinstance(depth, int)
        return PopTo(depth)
    params = item.get("params")
    return Push(str(item["push"]), dict(params) if isinstance(params, Mapping) else {})


def _operations(ref: object, entry: str, open: OpenScreens) -> Tuple[Operation, ...]:
    """sy_match_stack_operations on a C match, read into Operations."""
    fn = sy_match_stack_operations
    if fn is None:
        raise NotImplementedError(f"{_ffi.library_path} has no sy_match_stack_operations; rebuild libswitchyard")
    kind = utf8(entry, "entry")
    data = _open_json(open)
    length = c_size_t()
    err = SyError()
    size = 1024
    status = SY_ERR_BUFFER_TOO_SMALL
    for _ in range(2):
        buf = ctypes.create_string_buffer(size)
        status = fn(buf, size, byref(length), ref, kind, len(kind), data, len(data) if data is not None else 0,
                    byref(err))
        if status == SY_OK:
            return tuple(_operation(op) for op in json.loads(buf.raw[: length.value].decode("utf-8")))
        if status != SY_ERR_BUFFER_TOO_SMALL:
            break
        size = length.value + 1
    raise _ffi.error_from(status, err)
