"""Switchyard: an embeddable URL and deep-link router (Python binding over libswitchyard).

    >>> import switchyard
    >>> router = switchyard.Router()
    >>> router.add("myapp://user/<int:id>", "UserProfile")
    >>> m = router.resolve("myapp://user/42?tab=a")
    >>> m.target, dict(m.params)
    ('UserProfile', {'id': 42, 'tab': 'a'})

docs/PYTHON.md describes the API, the errors, lifetimes and threads.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Mapping
from ctypes import byref, c_int
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, List, NoReturn, Optional, Tuple, Union

from . import _ffi
from ._errors import (
    SY_ERR_MISUSE,
    ConflictError,
    FileError,
    InvalidArgumentError,
    InvalidURLError,
    LimitError,
    PatternError,
    RedirectError,
    RuleError,
    Status,
    SwitchyardError,
)
from ._ffi import SyError, SyRoute
from ._match import GIL_DISABLED, Match, ParamValue, Scratch, give_scratch, make_match, take_scratch
from ._options import build_options
from ._routes import DefaultValue, Route, fill_route, note_uuid_routes, read_routes, route_arguments
from ._text import Text, encode_surrogates, utf8

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
    "InvalidArgumentError",
    "FileError",
    "Status",
    "Route",
    "ParamValue",
    "DefaultValue",
    "RouteSpec",
    "library_version",
]

#: One element of ``Router.add_routes``' list: a dict of ``Router.add``'s keyword
#: arguments, or a (pattern, target) pair.
RouteSpec = Union[Mapping[str, Any], Tuple[Text, Text]]


def library_version() -> str:
    """The version string of the loaded libswitchyard, e.g. "0.1.0"."""
    version: bytes = _ffi.sy_version_string()
    return version.decode()


def _closed() -> SwitchyardError:
    return SwitchyardError(SY_ERR_MISUSE, "the router is closed", None)


class Router:
    """A route table. Thread-safe: resolve from any number of threads while others add,
    remove or load rules. ``Router(**options)``: see docs/PYTHON.md for every option."""

    __slots__ = ("_h", "_arg", "_changed", "__weakref__")
    _h: Optional[_ffi.RouterObj]
    _arg: Any  # byref(_h), or None once closed
    _changed: bool

    # _h: the C router (an owning _ffi.RouterObj), None once closed. Every call copies it
    # to a local first: that reference keeps the C router alive until the call returns,
    # so a close() on another thread never frees it under a call in flight.
    # _arg: the C router's address for the raw resolve call, as a byref() object (ctypes
    # passes those without making an argument object per call). It refers to _h's object,
    # so holding it keeps the C router alive; close() drops both.
    # _changed: set after each change this Router makes; the next resolve then builds the
    # new table with the GIL released (see resolve).

    def __init__(self, **options: object) -> None:
        opts, keep = build_options(options)
        self._h = _ffi.new_router(opts)
        self._arg = byref(self._h)
        self._changed = True
        del keep  # the options' pointers were read during sy_router_new only

    # -------------------------------------------------------------- lifetime

    def close(self) -> None:
        """Release the C router. Idempotent. Matches already returned stay readable."""
        self._h = None
        self._arg = None

    @property
    def closed(self) -> bool:
        return self._h is None

    def __enter__(self) -> Router:
        if self._h is None:
            raise _closed()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _ref(self) -> _ffi.RouterObj:
        h = self._h
        if h is None:
            raise _closed()
        return h

    # -------------------------------------------------------------- changes

    def add(self, pattern: Text, target: Optional[Union[Text, Handler]] = None, *,
            redirect: Optional[Text] = None, name: Optional[Text] = None, priority: int = 0,
            defaults: Optional[Mapping[str, DefaultValue]] = None, append_params: bool = True,
            data: object = None, dialect: Optional[str] = None, ignore_case: bool = False,
            search: Optional[Text] = None, hash: Optional[Text] = None) -> None:
        """Add a route leading to ``target`` or, instead, redirecting to ``redirect``.

        ``dialect``: "urlpattern" for a pattern in the WHATWG URLPattern syntax, "switchyard"
        for Switchyard's own, None for the router's (``Router(dialect=...)``);
        ``ignore_case`` is URLPattern's ``ignoreCase``. ``search`` and ``hash`` are
        URLPattern's patterns for the query (without ``?``) and the fragment (without
        ``#``); None matches any. They belong to the urlpattern dialect: on a route in
        the switchyard dialect they are an InvalidArgumentError.

        Raises PatternError (with the byte position; for an error in ``search`` or
        ``hash`` the message names the component and the position is the byte in that
        pattern), ConflictError (naming both patterns), LimitError; ValueError /
        TypeError for arguments Python can check.
        """
        # A callable target and ``data`` are taken by navigation's add, installed over this
        # one, which calls this one only for a route with neither.
        route = SyRoute()
        keep = fill_route(route, pattern, target, redirect=redirect, name=name, priority=priority,
                          defaults=defaults, append_params=append_params, dialect=dialect,
                          ignore_case=ignore_case, search=search, hash=hash)
        h = self._ref()
        _ffi.sy_router_add_route(h, route, SyError())
        self._changed = True
        del keep  # read during the call only

    def add_routes(self, routes: Iterable[RouteSpec]) -> None:
        """Add every route of ``routes``, all or nothing: each a dict of add()'s arguments
        ({"pattern": ..., "target": ...}, also "dialect", "search", "hash") or a
        (pattern, target) pair.

        On failure no route is added, and the error's ``route_index`` is the index in
        ``routes`` of the route at fault (None when no single route is).
        """
        items = list(routes)
        array = (SyRoute * max(len(items), 1))()
        keep: List[object] = []
        for i, item in enumerate(items):
            try:
                args, kwargs = route_arguments(item)
                keep.append(fill_route(array[i], *args, **kwargs))
            except ValueError as exc:
                raise InvalidArgumentError(Status.SY_ERR_INVALID_ARGUMENT, f"routes[{i}]: {exc}", None, i) from None
            except TypeError as exc:
                raise TypeError(f"routes[{i}]: {exc}") from None
        h = self._ref()
        _ffi.sy_router_add_routes(h, array, len(items), SyError())
        self._changed = True
        del keep  # read during the call only

    @property
    def routes(self) -> List[Route]:
        """Every route, in the order added (a rule document's in its order): a list of
        read-only Route descriptions, made on each read."""
        return read_routes(self._ref())

    def remove(self, pattern: Text) -> bool:
        """Remove the route added with exactly this pattern text; True if one was."""
        data = utf8(pattern, "pattern")
        removed = c_int()
        h = self._ref()
        _ffi.sy_router_remove(byref(removed), h, data, len(data), SyError())
        self._changed = True
        return removed.value == 1

    def load_rules(self, doc: Union[Mapping[str, Any], Text, os.PathLike[str]]) -> None:
        """Replace the routes of the previous rule document, all or nothing.

        ``doc``: a dict (serialised with json.dumps), or JSON text (str or bytes). Errors
        are RuleError with the JSON path in the message. For a file, load_rules_file().
        A str or bytes that does not start with '{' or '[', or an os.PathLike, is still
        read as a path, with a DeprecationWarning: that form goes in the next release.
        """
        if isinstance(doc, Mapping):
            text = json.dumps(doc, allow_nan=False).encode()
        elif isinstance(doc, str) and doc.lstrip()[:1] in ("{", "["):
            text = utf8(doc, "a rule document")
        elif isinstance(doc, bytes) and doc.lstrip()[:1] in (b"{", b"["):
            text = doc
        elif isinstance(doc, (str, bytes, os.PathLike)):
            warnings.warn("Router.load_rules(path) is deprecated: use Router.load_rules_file(path) "
                          "(load_rules takes a dict or JSON text)", DeprecationWarning, stacklevel=2)
            return self.load_rules_file(doc)
        else:
            raise TypeError(f"load_rules takes a dict or JSON text, not {type(doc).__name__}")
        self._load(_ffi.sy_router_load_rules, text)

    def load_rules_file(self, path: Union[Text, os.PathLike[str], os.PathLike[bytes]]) -> None:
        """load_rules() for the rule document in the file ``path`` (str, bytes or
        os.PathLike). A file that cannot be read raises FileError, an OSError too."""
        if not isinstance(path, (str, bytes, os.PathLike)):
            raise TypeError(f"load_rules_file takes a path, not {type(path).__name__}")
        name = os.fspath(path)
        try:
            self._load(_ffi.sy_router_load_rules_file, utf8(name, "a path"))
        except FileError as exc:
            exc.filename = name
            raise

    def _load(self, load: Optional[_ffi.CFunction], text: bytes) -> None:
        h = self._ref()
        if load is None or not _ffi.has_rules():
            raise NotImplementedError(f"{_ffi.library_path} has no sy_router_load_rules; rebuild libswitchyard")
        load(h, text, len(text), SyError())
        self._changed = True
        note_uuid_routes(h)

    # -------------------------------------------------------------- resolve

    def resolve(self, url: Text) -> Match:
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
                url = encode_surrogates(url)  # type: ignore[arg-type]  # still the str
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
    def __copy__(self) -> NoReturn:
        raise TypeError("a switchyard Router cannot be copied: make a new Router and add "
                        "the same routes (or load the same rules)")

    def __deepcopy__(self, memo: object) -> NoReturn:
        self.__copy__()

    def __reduce__(self) -> NoReturn:
        raise TypeError("a switchyard Router cannot be pickled: it is a handle on a C router "
                        "of this process")

    def __repr__(self) -> str:
        return f"<switchyard.Router {'closed' if self._h is None else 'open'}>"


    if TYPE_CHECKING:
        # Installed by navigation.install (docs/NAVIGATION.md).
        def handle(self, target: Text, handler: Optional[Handler]) -> None: ...

        def dispatch(self, url: Text, context: object = None) -> DispatchResult: ...

        def url_for(self, name: Text, **params: DefaultValue) -> str: ...

        # Installed by introspection.install (docs/NAVIGATION.md).
        def candidates(self, url: Text) -> Iterator[Match]: ...

        def explain(self, url: Text) -> Explanation: ...

        # Router.resolve for free-threaded Python, set below.
        def _resolve_detached(self, url: Text) -> Match: ...


def _resolve_failed(c: Scratch, router: Any, url: bytes, size: Any) -> None:
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


def _resolve_detached(self: Router, url: Text) -> Match:
    # Router.resolve on free-threaded Python (GIL_DISABLED): a Match is resolved as usual,
    # then every attribute is read while only this thread can reach it, so no read of
    # the Match returned calls C.
    return _resolve_attached(self, url)._read_all()


_resolve_attached = Router.resolve
_resolve_detached.__doc__ = Router.resolve.__doc__
Router._resolve_detached = _resolve_detached  # type: ignore[method-assign]
if GIL_DISABLED:
    Router.resolve = _resolve_detached  # type: ignore[method-assign]

_resolve = _ffi.sy_router_resolve_raw
_resolve_releasing_gil = _ffi.sy_router_resolve_raw_releasing_gil
_SIZE_ARGS = _ffi.SIZE_ARGS
_take_scratch = take_scratch
_make_match = make_match
_give_scratch = give_scratch


from . import navigation  # noqa: E402  (handle, dispatch, url_for; Match.stack)
from . import links  # noqa: E402,F401  (switchyard.links, app links)
from .navigation import DispatchResult, Handler  # noqa: E402  (named by Router's hints)
from .introspection import Explanation  # noqa: E402  (named by Router's hints)

navigation.install(Router)

from . import introspection  # noqa: E402  (candidates, explain)

introspection.install(Router)
