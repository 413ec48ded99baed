"""Switchyard: an embeddable URL and deep-link router (Python binding over libswitchyard).

    >>> import switchyard
    >>> router = switchyard.Router()
    >>> router.add("myapp://user/<int:id>", "UserProfile")
    >>> m = router.resolve("myapp://user/42?tab=a")
    >>> m.target, dict(m.params)
    ('UserProfile', {'id': 42, 'tab': 'a'})

docs/PYTHON.md describes the API, the errors, lifetimes and threads.
"""

import json
import os
from collections.abc import Mapping
from ctypes import byref, c_int
from math import isfinite

from . import _ffi
from ._errors import (
    SY_ERR_MISUSE,
    ConflictError,
    InvalidURLError,
    LimitError,
    PatternError,
    RedirectError,
    RuleError,
    SwitchyardError,
)
from ._ffi import SyError, SyParam, SyRoute
from ._match import GIL_DISABLED, Match, Scratch, give_scratch, make_match, take_scratch
from ._options import build_options
from ._text import encode_surrogates, utf8
from . import links  # noqa: F401  (switchyard.links, app links)

__version__ = "0.1.0"
__all__ = [
    "Router",
    "Match",
    "SwitchyardError",
    "PatternError",
    "ConflictError",
    "RuleError",
    "RedirectError",
    "LimitError",
    "InvalidURLError",
    "library_version",
]

_INT32 = (-(2**31), 2**31 - 1)
_INT64 = (-(2**63), 2**63 - 1)


def library_version():
    """The version string of the loaded libswitchyard, e.g. "0.1.0"."""
    return _ffi.sy_version_string().decode()


def _closed():
    return SwitchyardError(SY_ERR_MISUSE, "the router is closed", None)


class Router:
    """A route table. Thread-safe: resolve from any number of threads while others add,
    remove or load rules. ``Router(**options)``: see docs/PYTHON.md for every option."""

    __slots__ = ("_h", "_arg", "_changed", "__weakref__")

    # _h: the C router (an owning _ffi.RouterObj), None once closed. Every call copies it
    # to a local first: that reference keeps the C router alive until the call returns,
    # so a close() on another thread never frees it under a call in flight.
    # _arg: the C router's address for the raw resolve call, as a byref() object (ctypes
    # passes those without making an argument object per call). It refers to _h's object,
    # so holding it keeps the C router alive; close() drops both.
    # _changed: set after each change this Router makes; the next resolve then builds the
    # new table with the GIL released (see resolve).

    def __init__(self, **options):
        opts, keep = build_options(options)
        self._h = _ffi.new_router(opts)
        self._arg = byref(self._h)
        self._changed = True
        del keep  # the options' pointers were read during sy_router_new only

    # -------------------------------------------------------------- lifetime

    def close(self):
        """Release the C router. Idempotent. Matches already returned stay readable."""
        self._h = None
        self._arg = None

    @property
    def closed(self):
        return self._h is None

    def __enter__(self):
        if self._h is None:
            raise _closed()
        return self

    def __exit__(self, *exc):
        self.close()

    def _ref(self):
        h = self._h
        if h is None:
            raise _closed()
        return h

    # -------------------------------------------------------------- changes

    def add(self, pattern, target=None, *, redirect=None, name=None, priority=0, defaults=None, append_params=True):
        """Add a route leading to ``target`` or, instead, redirecting to ``redirect``.

        Raises PatternError (with the byte position), ConflictError (naming both
        patterns), LimitError; ValueError / TypeError for arguments Python can check.
        """
        if (target is None) == (redirect is None):
            raise ValueError("give exactly one of target and redirect")
        if isinstance(priority, bool) or not isinstance(priority, int):
            raise TypeError(f"priority must be an int, not {type(priority).__name__}")
        if not _INT32[0] <= priority <= _INT32[1]:
            raise ValueError(f"priority must fit in 32 bits, not {priority}")
        if not isinstance(append_params, bool):
            raise TypeError("append_params must be True or False")
        texts = {
            "pattern": utf8(pattern, "pattern"),
            "target": None if target is None else utf8(target, "target"),
            "redirect": None if redirect is None else utf8(redirect, "redirect"),
            "name": None if name is None else utf8(name, "name"),
        }
        route = SyRoute()
        _ffi.sy_route_init(route, _ffi.SY_ROUTE_VERSION)
        for field, data in texts.items():
            slot = getattr(route, field)
            slot.ptr, slot.len = _ffi.str_in(data)
        keep = _fill_defaults(route, defaults)
        if not append_params:
            route.flags |= _ffi.SY_ROUTE_NO_APPEND_PARAMS
        route.priority = priority
        h = self._ref()
        _ffi.sy_router_add_route(h, route, SyError())
        self._changed = True
        del keep, texts  # read during the call only

    def remove(self, pattern):
        """Remove the route added with exactly this pattern text; True if one was."""
        data = utf8(pattern, "pattern")
        removed = c_int()
        h = self._ref()
        _ffi.sy_router_remove(byref(removed), h, data, len(data), SyError())
        self._changed = True
        return removed.value == 1

    def load_rules(self, doc):
        """Replace the routes of the previous rule document, all or nothing.

        ``doc``: a dict (serialised with json.dumps); an os.PathLike (always a file path);
        str or bytes whose first non-whitespace character is '{' or '[' (JSON text); any
        other str or bytes (a file path). Errors are RuleError with the JSON path in the
        message.
        """
        h = self._ref()
        if not _ffi.has_rules():
            raise NotImplementedError(f"{_ffi.library_path} has no sy_router_load_rules; rebuild libswitchyard")
        if isinstance(doc, Mapping):
            text, from_file = json.dumps(doc, allow_nan=False).encode(), False
        elif isinstance(doc, os.PathLike):
            text, from_file = utf8(os.fspath(doc), "a path"), True
        elif isinstance(doc, str) and doc.lstrip()[:1] in ("{", "["):
            text, from_file = utf8(doc, "a rule document"), False
        elif isinstance(doc, bytes) and doc.lstrip()[:1] in (b"{", b"["):
            text, from_file = doc, False
        elif isinstance(doc, (str, bytes)):
            text, from_file = utf8(doc, "a path"), True
        else:
            raise TypeError(f"load_rules takes a dict, JSON text or a path, not {type(doc).__name__}")
        load = _ffi.sy_router_load_rules_file if from_file else _ffi.sy_router_load_rules
        load(h, text, len(text), SyError())
        self._changed = True

    # -------------------------------------------------------------- resolve

    def resolve(self, url):
        """Match ``url`` (str or bytes): a Match, falsy when no route matched.

        Raises InvalidURLError (with the byte position), LimitError, RedirectError.
        """
        # Kept to one foreign call and a few cheap statements: the benchmark's hot path.
        # The call is made without ctypes argument conversion (see
        # _ffi.sy_router_resolve_raw): the pointers as byref() objects made once (per
        # Router, per Scratch), the length as a ready size_t argument, and holding the
        # GIL, which costs less than releasing and taking it back. The first resolve
        # after a change builds the new table (~100 ms for 10,000 routes): after this
        # Router's own changes, that resolve releases the GIL so other threads run. (A
        # change by another thread that lands between its C call and setting the flag
        # only means one build holds the GIL: slower, never wrong.) The Match is new,
        # and owns the Scratch until it goes (_match.py).
        router = self._arg  # keeps the C router alive during the call, even across close()
        if type(url) is str:
            try:
                url = url.encode()
            except UnicodeEncodeError:  # surrogates: the library reports where (_text.py)
                url = encode_surrogates(url)
        elif type(url) is not bytes:
            url = utf8(url, "url")
        try:
            size = _SIZE_ARGS[len(url)]
        except IndexError:
            size = _ffi.size_arg(len(url))
        try:
            c = _take_scratch()  # a C match no Match holds (_match.py)
        except IndexError:
            c = Scratch()
        if self._changed:
            self._changed = False
            status = _resolve_releasing_gil(c.arg, router, url, size, None)
        else:
            # No sy_error: a closed router (None, a NULL router) or a bad URL fails in C
            # and is told apart below, where the sy_error is asked for.
            status = _resolve(c.arg, router, url, size, None)
        if status:
            _resolve_failed(c, router, url, size)
        m = _make_match()
        m._c = c
        m._url = url
        m._cache = None
        return m

    # A Router is a handle on one C router, like a file or a lock: copy and pickle refuse
    # (a shallow copy would be a second handle on the same routes, not a new router).
    def __copy__(self):
        raise TypeError("a switchyard Router cannot be copied: make a new Router and add "
                        "the same routes (or load the same rules)")

    def __deepcopy__(self, memo):
        self.__copy__()

    def __reduce__(self):
        raise TypeError("a switchyard Router cannot be pickled: it is a handle on a C router "
                        "of this process")

    def __repr__(self):
        return f"<switchyard.Router {'closed' if self._h is None else 'open'}>"


def _resolve_failed(c, router, url, size):
    """After a failed resolve into Scratch ``c``: raises its error. A None router is a
    closed Router; otherwise the resolve is made again with an sy_error for the C
    message (the same outcome: a resolve changes nothing but its match). Returns if that
    resolve succeeds, which only a change of routes in between can bring about."""
    if router is None:
        _give_scratch(c)
        raise _closed()
    status = _resolve_releasing_gil(c.arg, router, url, size, c.err_arg)
    if status:
        _give_scratch(c)  # no Match holds it
        raise _ffi.error_from(status, c.err)


def _resolve_detached(self, url):
    # Router.resolve on free-threaded Python (GIL_DISABLED): a Match is resolved as usual,
    # then every attribute is read while only this thread can reach it, so no read of
    # the Match returned calls C.
    return _resolve_attached(self, url)._read_all()


_resolve_attached = Router.resolve
_resolve_detached.__doc__ = Router.resolve.__doc__
Router._resolve_detached = _resolve_detached
if GIL_DISABLED:
    Router.resolve = _resolve_detached

_resolve = _ffi.sy_router_resolve_raw
_resolve_releasing_gil = _ffi.sy_router_resolve_raw_releasing_gil
_SIZE_ARGS = _ffi.SIZE_ARGS
_take_scratch = take_scratch
_make_match = make_match
_give_scratch = give_scratch


def _fill_defaults(route, defaults):
    """Point route.defaults at an array of sy_param; returns what must stay alive."""
    if not defaults:
        return None
    if not isinstance(defaults, Mapping):
        raise TypeError(f"defaults must be a mapping, not {type(defaults).__name__}")
    array = (SyParam * len(defaults))()
    keep = [array]
    for p, (key, value) in zip(array, defaults.items()):
        name = utf8(key, "a defaults name")
        keep.append(name)
        p.name_ptr, p.name_len = _ffi.str_in(name)
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise TypeError(f"defaults[{key!r}] must be str, int or float, not {type(value).__name__}")
        if isinstance(value, str):
            text = utf8(value, "a defaults value")
            keep.append(text)
            p.type = _ffi.SY_VALUE_STRING
            p.text_ptr, p.text_len = _ffi.str_in(text)
        elif isinstance(value, int):
            if not _INT64[0] <= value <= _INT64[1]:
                raise ValueError(f"defaults[{key!r}] does not fit in 64 bits: {value}")
            p.type = _ffi.SY_VALUE_INT
            p.int_value = value
        else:
            if not isfinite(value):
                raise ValueError(f"defaults[{key!r}] must be a finite float, not {value}")
            p.type = _ffi.SY_VALUE_FLOAT
            p.float_value = value
    route.defaults = array
    route.defaults_count = len(defaults)
    return keep
