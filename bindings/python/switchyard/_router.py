"""Router: a route table (the public class; the package's __init__ exports it)."""

from __future__ import annotations

import json
import os
import warnings
from ctypes import addressof, byref, c_int, c_int32
from typing import Any, Dict, Iterable, Iterator, List, Literal, Mapping, NoReturn, Optional, Tuple, Union

from . import _ffi, fixtures, introspection, navigation, parameter_types, requirements, stacks
from ._errors import SY_ERR_MISUSE, FileError, InvalidArgumentError, Status, SwitchyardError
from ._ffi import SyError, SyRoute
from ._match import FREE_LAST, GIL_DISABLED, Match, Scratch, give_scratch, make_match, refcount, take_scratch
from ._options import build_options
from ._routes import DefaultValue, Route, fill_route, note_uuid_routes, read_routes, route_arguments
from ._text import Text, encode_surrogates, utf8
from .fixtures import FixtureResult, Fixtures
from .introspection import Explanation
from .navigation import DispatchResult, Handler, UrlValue

#: One element of ``Router.add_routes``' list: a dict of ``Router.add``'s keyword
#: arguments, or a (pattern, target) pair.
RouteSpec = Union[Mapping[str, Any], Tuple[Text, Text]]

#: The choices of the Router options host_handling, precedence and dialect.
HostHandling = Literal["web_schemes", "always_segment", "host_when_dotted", "always_host"]
Precedence = Literal["specificity", "registration_order", "most_literals", "code_point"]
Preset = Literal["switchyard", "jlroutes", "urlnavigator", "mgjrouter", "deeplinkkit", "waapprouting",
                 "kickstarter", "routingkit"]
Dialect = Literal["switchyard", "urlpattern"]


def _place(exc: SwitchyardError, document: bytes) -> None:
    """Fills a rule error's line and column from its byte in ``document`` (sy_text_place)."""
    at = exc.document_position
    if at is None or at > len(document) or _ffi.sy_text_place is None:
        return
    line, column = c_int32(), c_int32()
    _ffi.sy_text_place(document, len(document), at, byref(line), byref(column), SyError())
    exc.line, exc.column = line.value, column.value


def _closed() -> SwitchyardError:
    return SwitchyardError(SY_ERR_MISUSE, "the router is closed", None)


class Router:
    """A route table. Thread-safe: resolve from any number of threads while others add,
    remove or load rules. ``Router(option=value, ...)``: see docs/PYTHON.md for every option."""

    __module__ = "switchyard"

    __slots__ = ("_h", "_arg", "_changed", "_last", "__weakref__")
    _h: Optional[_ffi.RouterObj]
    _arg: Any  # byref(_h), or None once closed
    _changed: bool
    _last: Optional[Scratch]

    # _h: the C router (an owning _ffi.RouterObj), None once closed. Every call copies it
    # to a local first: that reference keeps the C router alive until the call returns,
    # so a close() on another thread never frees it under a call in flight.
    # _arg: the C router's address for the raw resolve call, as a byref() object (ctypes
    # passes those without making an argument object per call). It refers to _h's object,
    # so holding it keeps the C router alive; close() drops both.
    # _changed: set after each change this Router makes; the next resolve then builds the
    # new table with the GIL released (see resolve).
    # _last: the Scratch this Router's last resolve used, which the next one uses again when
    # no Match holds it (with the GIL only; None without: see _take_for).

    def __init__(self, *, preset: Optional[Preset] = None,
                 strict_trailing_slash: Optional[bool] = None, keep_empty_segments: Optional[bool] = None,
                 case_insensitive_literals: Optional[bool] = None, plus_as_space_in_path: Optional[bool] = None,
                 plus_as_space_in_query: Optional[bool] = None, decode_path: Optional[bool] = None,
                 trailing_wildcard_needs_segment: Optional[bool] = None, query_over_path: Optional[bool] = None,
                 fragment_as_path: Optional[bool] = None, encoded_plus_as_space: Optional[bool] = None,
                 case_sensitive_scheme: Optional[bool] = None, scheme_tables: Optional[bool] = None,
                 parallel_build: Optional[bool] = None,
                 host_handling: Optional[HostHandling] = None, precedence: Optional[Precedence] = None,
                 pattern_reading: Optional[Preset] = None,
                 dialect: Optional[Dialect] = None, max_url_length: Optional[int] = None,
                 max_segments: Optional[int] = None, max_parameters: Optional[int] = None,
                 max_pattern_length: Optional[int] = None, max_document_size: Optional[int] = None,
                 max_redirects: Optional[int] = None, max_candidates: Optional[int] = None,
                 max_alternatives: Optional[int] = None, web_schemes: Optional[Iterable[Text]] = None,
                 host_prefixes: Optional[Iterable[Text]] = None,
                 global_fallback_schemes: Optional[Iterable[Text]] = None) -> None:
        # Every option is a keyword of its own, so a type checker catches a misspelt one;
        # build_options checks the values (a caller without a type checker passes anything).
        # preset: a compatibility preset's options first (docs/CONFORMANCE.md); an option
        # left None keeps the preset's value, or the default without a preset.
        opts, keep = build_options({
            "strict_trailing_slash": strict_trailing_slash, "keep_empty_segments": keep_empty_segments,
            "case_insensitive_literals": case_insensitive_literals, "plus_as_space_in_path": plus_as_space_in_path,
            "plus_as_space_in_query": plus_as_space_in_query, "decode_path": decode_path,
            "trailing_wildcard_needs_segment": trailing_wildcard_needs_segment, "query_over_path": query_over_path,
            "host_handling": host_handling, "precedence": precedence, "dialect": dialect,
            "max_url_length": max_url_length, "max_segments": max_segments, "max_parameters": max_parameters,
            "max_pattern_length": max_pattern_length, "max_document_size": max_document_size,
            "max_redirects": max_redirects, "max_candidates": max_candidates,
            "max_alternatives": max_alternatives, "web_schemes": web_schemes,
            "fragment_as_path": fragment_as_path, "encoded_plus_as_space": encoded_plus_as_space,
            "case_sensitive_scheme": case_sensitive_scheme, "scheme_tables": scheme_tables,
            "parallel_build": parallel_build,
            "pattern_reading": pattern_reading, "host_prefixes": host_prefixes,
            "global_fallback_schemes": global_fallback_schemes,
        }, preset)
        self._h = _ffi.new_router(opts)
        self._arg = byref(self._h)
        self._changed = True
        self._last = None
        del keep  # the options' pointers were read during sy_router_new only

    # -------------------------------------------------------------- lifetime

    def close(self) -> None:
        """Release the C router. Idempotent. Matches already returned stay readable."""
        self._last = None  # first: a resolve that still sees _arg then finds no _last
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
            data: object = None, dialect: Optional[Dialect] = None, ignore_case: bool = False,
            search: Optional[Text] = None, hash: Optional[Text] = None,
            parent: Optional[Text] = None, requires: Optional[Iterable[Text]] = None,
            else_routes: Optional[requirements.ElseRoutes] = None,
            stack: Optional[stacks.StackPolicy] = None) -> None:
        """Add a route leading to ``target`` or, instead, redirecting to ``redirect``.

        ``dialect``: "urlpattern" for a pattern in the WHATWG URLPattern syntax, "switchyard"
        for Switchyard's own, None for the router's (``Router(dialect=...)``);
        ``ignore_case`` is URLPattern's ``ignoreCase``. ``search`` and ``hash`` are
        URLPattern's patterns for the query (without ``?``) and the fragment (without
        ``#``); None matches any. They belong to the urlpattern dialect: on a route in
        the switchyard dialect they are an InvalidArgumentError.

        ``parent``: the name of the route above this one in a screen stack (``Match.stack``;
        ``"parent"`` in a rule document). It must name one route (of the router, or added
        with this one by ``add_routes``), this route must capture or default every parameter
        the parent's URL needs, and a chain of parents may not loop: InvalidArgumentError
        otherwise.

        ``requires``: the names of the requirements the route has (``"requires"`` in a rule
        document; see ``require``), checked in this order at dispatch. ``else_routes``: the
        name of the route a link waiting for any of them is sent to, or a dict from
        requirement name to route name (``"else"``). Names a document refuses are refused
        here: InvalidArgumentError, LimitError past 8 names or 64 bytes.

        ``stack``: the route's tab and stack mode per entry kind, as ``"stack"`` in a rule
        document: ``{"tab": "account", "cold": "replace", "default": "merge"}``, or one mode
        (``"merge"``) for every entry kind (``Match.stack_operations``); an unknown mode or
        a malformed name is an InvalidArgumentError naming its place.

        ``data``: any Python object, the route's own (``Match.data``; None: none); kept
        while the route is in the router or a Match of it lives. A callable ``target`` is the
        route's handler (see dispatch) and its data; the route's target is then its
        pattern.

        Raises PatternError (with the byte position; for an error in ``search`` or
        ``hash`` the message names the component and the position is the byte in that
        pattern), ConflictError (naming both patterns), LimitError; ValueError /
        TypeError for arguments Python can check.
        """
        kwargs: Dict[str, Any] = {"redirect": redirect, "name": name, "priority": priority, "defaults": defaults,
                  "append_params": append_params, "dialect": dialect, "ignore_case": ignore_case,
                  "search": search, "hash": hash, "parent": parent}
        requiring = requires is not None or else_routes is not None or stack is not None
        if callable(target):
            # A callable target is the route's handler (and, unless data is given, its
            # data); the route's target is its pattern.
            handler = target
            text = pattern.decode() if isinstance(pattern, bytes) else pattern
            if requiring:
                requirements._add_requiring(self, handler if data is None else data, pattern, text, kwargs,
                                            requires, else_routes, stack)
            else:
                navigation._add_with_data(self, handler if data is None else data, pattern, text, kwargs)
            navigation._handle(self, text, handler)
            return
        if requiring:
            requirements._add_requiring(self, data, pattern, target, kwargs, requires, else_routes, stack)
            return
        if data is not None:
            navigation._add_with_data(self, data, pattern, target, kwargs)
            return
        route = SyRoute()
        keep = fill_route(route, pattern, target, **kwargs)
        h = self._ref()
        _ffi.sy_router_add_route(h, route, SyError())
        self._changed = True
        del keep  # read during the call only

    def add_routes(self, routes: Iterable[RouteSpec]) -> None:
        """Add every route of ``routes``, all or nothing: each a dict of add()'s arguments
        ({"pattern": ..., "target": ...}, also "dialect", "search", "hash", "parent") or a
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
        except SwitchyardError as exc:
            if exc.document_position is not None:
                with open(name, "rb") as f:
                    _place(exc, f.read())
            raise

    def _load(self, load: Optional[_ffi.CFunction], text: bytes) -> None:
        h = self._ref()
        if load is None or not _ffi.has_rules():
            raise NotImplementedError(f"{_ffi.library_path} has no sy_router_load_rules; rebuild libswitchyard")
        try:
            load(h, text, len(text), SyError())
        except SwitchyardError as exc:
            if load is _ffi.sy_router_load_rules:
                _place(exc, text)
            raise
        self._changed = True
        if parameter_types.has_types(self):
            # A document declares query items outside its patterns: the typed ones are read
            # from it here, so that their values come out parsed as a pattern's do.
            if load is _ffi.sy_router_load_rules:
                parameter_types.note_document(self, text)
            else:
                with open(text.decode(errors="surrogateescape"), "rb") as f:
                    parameter_types.note_document(self, f.read())
        note_uuid_routes(h)

    # -------------------------------------------------------------- resolve

    def _resolve_attached(self, url: Text) -> Match:
        """Match ``url`` (str or bytes): a Match, falsy when no route matched.

        Raises InvalidURLError (with the byte position), LimitError, RedirectError.
        """
        # Kept to one foreign call and a few cheap statements: the benchmark's hot path.
        # The call is made without ctypes argument conversion (see
        # _ffi.sy_router_resolve_raw): the C match and the router in one sy_resolver,
        # passed as a byref() object made once per Scratch (and filled for the Router that
        # takes it), the URL as bytes, which ctypes passes NUL-terminated, so no length
        # (_ffi.sy_resolver_params_cstr_raw), and holding the GIL, which costs less than
        # releasing and taking it back. The first resolve
        # after a change builds the new table (~100 ms for 10,000 routes): after this
        # Router's own changes, that resolve releases the GIL so other threads run. (A
        # change by another thread that lands between its C call and setting the flag
        # only means one build holds the GIL: slower, never wrong.) The Match is new,
        # and holds the Scratch until it goes: no later resolve uses a Scratch a Match
        # holds (_match.py).
        router = self._arg  # keeps the C router alive during the call, even across close()
        try:
            url = _encode(url)  # type: ignore[arg-type]  # str.encode: TypeError for anything but a str
        except UnicodeEncodeError:  # surrogates: the library reports where (_text.py)
            url = encode_surrogates(url)  # type: ignore[arg-type]  # still the str
        except TypeError:  # bytes, or not text (TypeError naming the argument)
            url = bytes(utf8(url, "url"))  # a bytes subclass as plain bytes: its `in` is bytes'
        c: Scratch = self._last  # type: ignore[assignment]  # the last resolve's Scratch: None is never used
        if _refcount(c) != _FREE_LAST:  # a Match holds it (or there is none): another
            c = _take_for(self, c, router)
        # One call resolves and returns the merged parameters' text, which ctypes makes a
        # bytes object of before the call returns (b"" for a route without parameters);
        # None when the resolve failed. No sy_error: a closed router (None, a NULL router)
        # or a bad URL fails in C and is told apart in _resolve_failed, where the sy_error
        # is asked for.
        if self._changed or 0 in url:  # a new table to build, or a NUL byte in the URL
            text = self._resolve_sized(c, router, url)
        else:
            text = _resolve(c.resolver_arg, url)  # this router's sy_resolver, the URL NUL-terminated
        if text is None:
            _resolve_failed(c, router, url)
        m = _make_match()
        m._c = c
        m._cache = None
        m._text = text
        m._params = None
        return m

    def _resolve_sized(self, c: Scratch, router: Any, url: bytes) -> Optional[bytes]:
        """resolve's call with the URL's length: for a URL holding a NUL byte, and after
        this Router's own change (that resolve builds the new table with the GIL released)."""
        if self._changed:
            self._changed = False
            return _resolve_releasing_gil(c.arg, router, url, _size(url), None)  # type: ignore[no-any-return]
        return _resolve_text(c.arg, router, url, _size(url), None)  # type: ignore[no-any-return]

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


    def _resolve_detached(self, url: Text) -> Match:
        """Match ``url`` (str or bytes): a Match, falsy when no route matched.

        Raises InvalidURLError (with the byte position), LimitError, RedirectError.
        """
        # Router.resolve on free-threaded Python (GIL_DISABLED): a Match is resolved as
        # usual, then every attribute is read while only this thread can reach it, so no
        # read of the Match returned calls C.
        return self._resolve_attached(url)._read_all()

    #: Match ``url`` (str or bytes): a Match, falsy when no route matched. Raises
    #: InvalidURLError (with the byte position), LimitError, RedirectError.
    resolve = _resolve_detached if GIL_DISABLED else _resolve_attached

    # -------------------------------------------------------------- navigation

    def handle(self, target: Text, handler: Optional[Handler]) -> None:
        """Call ``handler(match, context)`` for every route whose target is ``target`` when a
        URL is dispatched (replacing the handler registered before); None removes it."""
        navigation._handle(self, target, handler)

    def dispatch(self, url: Text, context: object = None, now: Optional[int] = None,
                 entry: Optional[str] = None, open: stacks.OpenScreens = None) -> DispatchResult:
        """Offer ``url`` to the handlers of the routes that match it, best first, until one
        accepts: a DispatchResult. A handler's exception propagates unchanged; an unreadable
        URL raises as ``resolve`` does. A route with requirements is offered only when each
        check holds for ``context``; else the result is pending (``result.pending``: the
        requirement and a resume token issued at ``now``, seconds since 1970, the clock's
        when None). With ``entry`` (switchyard.stacks.COLD, WARM, NOTIFICATION, LINK or a
        name of the app's own) and ``open`` (the screens open), ``result.operations`` holds
        the operations that open the accepted route's stack. The matches a handler gets and
        ``result.match`` hold the same typed values as ``resolve(url).params`` (int, float, UUID,
        the values of the router's own parameter types)."""
        if requirements.sy_router_dispatch_pending is None:
            return navigation._dispatch(self, url, context)
        return requirements._dispatch(self, url, context, now, entry, open)

    def require(self, name: Text, check: Optional[requirements.Check]) -> None:
        """Register ``check(context)`` (truthy: the requirement holds) as the check of the
        requirement ``name``, replacing the one before; None removes it. A route requiring
        a name with no check does not dispatch: InvalidArgumentError."""
        requirements._register(self, name, check)

    def set_resume_key(self, key: Optional[bytes], max_age: int = 86400) -> None:
        """Set the 16-byte key of this router's resume tokens (None: a new random key, whose
        tokens no other router accepts) and the oldest token ``resume`` accepts, in seconds.
        With a key the app keeps, tokens survive a restart: a new router with the same key
        and the same routes resumes them."""
        requirements._set_key(self, key, max_age)

    def resume(self, token: Text, context: object = None, now: Optional[int] = None,
               entry: Optional[str] = None, open: stacks.OpenScreens = None) -> DispatchResult:
        """Dispatch the link a resume token holds, as ``dispatch`` of its URL with
        ``context`` would, once the token is checked (``entry`` and ``open`` as for
        ``dispatch``; after an app restart the entry is usually COLD). Raises a
        ResumeTokenError subclass for a refused token: TokenMalformedError,
        TokenTamperedError, TokenKeyError, TokenExpiredError, RouteGoneError,
        RouteChangedError."""
        return requirements._resume(self, token, context, now, entry, open)

    def register_type(self, name: Text, type: parameter_types.ParameterType) -> None:
        """Register a parameter type of your own: ``<name:param>`` then matches the path
        segments ``type.parse(text)`` gives a value for (a ValueError means it is not one),
        and ``Match.params`` holds that value; ``url_for`` writes such a value with
        ``type.format(value)``. Before any route is added or loaded. Raises
        InvalidArgumentError for a name that is invalid, built in or taken, or when the
        router has routes; LimitError past 64 types (parameter_types.py)."""
        parameter_types.register_type(self, name, type)

    def register_words(self, name: Text, words: Iterable[Text]) -> None:
        """Register a word set: ``<name:param>`` then matches a segment equal to one of
        ``words`` (case-sensitive), as ``<one(a,b):param>`` does in place. Before any route
        is added or loaded; the refusals of ``register_type``, and an empty list, an empty
        word or one with '/'."""
        parameter_types.register_words(self, name, list(words))

    def url_for(self, name: Text, params: Optional[Mapping[str, object]] = None, /, **kw: object) -> str:
        """The URL of the route named ``name``, its parameters from ``params`` and the
        keywords (a keyword wins over the same name in ``params``): str, int, float,
        uuid.UUID or bool (written ``true`` / ``false``), every type ``resolve`` gives.
        Those the path does not take go to the query. A list (or tuple) gives a list query
        item (``tag=<[string]:tags>``) or a query parameter each of its values in order
        (``?tag=a&tag=b``); a path parameter or a scalar item takes at most one. ``name`` and ``params`` are
        positional, so a route parameter may be called ``name``, ``params`` or ``self``.
        Raises SwitchyardError naming the route or the parameter (unknown name, missing or
        mistyped parameter)."""
        values = dict(params) if params is not None else {}
        values.update(kw)
        return navigation._url_for(self, name, parameter_types.format_values(self, name, values))

    def url_for_strict(self, name: Text, params: Optional[Mapping[str, object]] = None, /,
                       **kw: object) -> str:
        """As ``url_for``, but a parameter the path does not take is refused
        (InvalidArgumentError naming it) instead of going to the query, so a misspelt name
        is an error (Swift's ``extra: .refuse``). A method of its own rather than a keyword
        of ``url_for``: every keyword of ``url_for`` is a parameter name, so an ``extra=``
        keyword would take the name from routes that have a parameter called ``extra``."""
        values = dict(params) if params is not None else {}
        values.update(kw)
        return navigation._url_for(self, name, parameter_types.format_values(self, name, values),
                                   refuse_extra=True)

    def url_for_with_defaults(self, name: Text, params: Optional[Mapping[str, object]] = None, /,
                              **kw: object) -> str:
        """As ``url_for``, but every query-contract item that has a default is written, given
        or not (``/search?q=x&page=1``), for a link that must spell its whole state (C's
        ``SY_BUILD_URL_WITH_DEFAULTS``, Swift's ``includingDefaults: true``)."""
        values = dict(params) if params is not None else {}
        values.update(kw)
        return navigation._url_for(self, name, parameter_types.format_values(self, name, values),
                                   with_defaults=True)

    # -------------------------------------------------------------- introspection

    def candidates(self, url: Text) -> Iterator[Match]:
        """Every route that matches ``url``, best first, each a Match with its own parameters.

        The first is what ``resolve(url)`` gives (redirects followed); the others are the
        other routes that match the URL on their own, in the order the router prefers them
        (``explain`` gives the reasons), each once; a redirect route among them is not
        followed. At most ``max_candidates`` (a Router option, default 16) are given. Reading
        only the first costs one resolve; the rest are worked out when the iteration reaches
        the second. Raises as ``resolve`` does for a URL that cannot be read, at the call.
        Each Match's ``params`` and ``path_params`` hold typed values as ``resolve``'s do
        (int, float, UUID, the values the router's own parameter types' ``parse`` gave).
        """
        return introspection._candidates(self, url)

    def explain(self, url: Text) -> Explanation:
        """Explain a resolve of ``url``: every route alternative that matches it on its own,
        best first, and for each that lost the part that decided it (an Explanation; falsy
        when no route matches). The first hop only: a redirect's next URL is a URL of its own.
        Introspection: it tries every route on the URL. Raises as ``resolve`` does for a URL
        that cannot be read (not for a redirect error of a later hop)."""
        return introspection._explain(self, url)

    # -------------------------------------------------------------- testing

    def run_fixtures(self, path_or_text: Fixtures) -> FixtureResult:
        """Run route fixtures (docs/TESTING-ROUTES.md) against the router's routes.

        ``path_or_text``: JSON text (str or bytes starting with '[' or '{'), a list or dict, or
        the path of a fixture file. Every case is run; a case that fails is in the result's
        ``failures`` with each field that differs, not an exception. ``result.assert_ok()``
        raises AssertionError listing them (for a pytest test). A document that is not a
        fixture document raises InvalidArgumentError naming the JSON path, line and column.
        """
        return fixtures._run_fixtures(self, path_or_text)


def typed_router_class() -> type:
    """The class of a Router with parameter types of its own (parameter_types.py): its
    resolve gives the values their parse functions returned."""
    return _TypedRouter


class _TypedRouter(Router):
    __slots__ = ()

    def resolve(self, url: Text) -> Match:
        return parameter_types.resolve_typed(self, url)


_TypedRouter.__name__ = _TypedRouter.__qualname__ = "Router"


def _size(url: bytes) -> Any:
    """len(url) as a size_t argument (SIZE_ARGS holds those of 0..1023)."""
    try:
        return _SIZE_ARGS[len(url)]
    except IndexError:
        return _ffi.size_arg(len(url))


def _take_for(router: Router, held: Optional[Scratch], router_arg: Any) -> Scratch:
    """The Scratch for a resolve when ``router._last`` is held by a Match (or None): one
    no Match holds, from the pool (_match.take_scratch), its sy_resolver filled with this
    router (``router_arg``, resolve's byref() of it; None: the router is closed). With
    the GIL it becomes the router's ``_last`` (the held one goes to the pool, where the
    next resolves find it once its Match is gone); the fast path's reference count then
    tells whether a Match holds it, since under the GIL another thread reading ``_last``
    at once holds a reference of its own too. Without the GIL those counts are not read
    there: the Scratch goes back in the pool at once, taken out again only when no Match
    holds it (a deque's pop is atomic), and ``_last`` stays None."""
    if router_arg is None:
        raise _closed()
    c = take_scratch()
    c.resolver.router = addressof(router_arg._obj)
    if GIL_DISABLED:
        give_scratch(c)
    else:
        if held is not None:
            give_scratch(held)
        router._last = c
        if router._arg is None:
            # Closed since resolve read its router_arg: the next resolve must not find a
            # resolver of the freed C router (close() clears _last, but may have run first).
            router._last = None
    return c


def _resolve_failed(c: Scratch, router: Any, url: bytes) -> None:
    """After a failed resolve into Scratch ``c``: raises its error. A None router is a
    closed Router; otherwise the resolve is made again with an sy_error for the C
    message (the same outcome: a resolve changes nothing but its match). Returns if that
    resolve succeeds, which only a change of routes in between can bring about."""
    if router is None:
        raise _closed()
    status = _ffi.sy_router_resolve_raw_releasing_gil(c.arg, router, url, _size(url), c.err_arg)
    if status:
        raise _ffi.error_from(status, c.err)


_resolve = _ffi.sy_resolver_params_cstr_raw
_resolve_text = _ffi.sy_router_resolve_params_text_raw
_encode = str.encode
_resolve_releasing_gil = _ffi.sy_router_resolve_params_text_raw_releasing_gil
_SIZE_ARGS = _ffi.SIZE_ARGS
_refcount = refcount
_FREE_LAST = FREE_LAST
_make_match = make_match


