"""Parameter types of the app's own and word sets (docs/PYTHON.md, "Parameter types").

    >>> class Day:
    ...     def parse(self, text):            # raise ValueError: not a day
    ...         return datetime.date.fromisoformat(text)
    ...     def format(self, value):
    ...         return value.isoformat()
    >>> router.register_type("date", Day())
    >>> router.add("/log/<date:d>", "Log", name="log")
    >>> router.resolve("/log/2024-02-29").params["d"]
    datetime.date(2024, 2, 29)

The library calls ``parse`` through a ctypes callback, only for segments where a route with
the type is a candidate. A ValueError from ``parse`` means "not this type" (the next
candidate is tried). Any other exception, or ``None`` returned, fails that resolve: it
raises InvalidArgumentError naming the type and the segment, with the exception as its
``__cause__``. The object ``parse`` returned is the parameter's value in ``Match.params``
and ``Match.path_params``; ``url_for`` writes a value of the type with ``format``.
"""

from __future__ import annotations

import re
import threading
import weakref
from ctypes import byref, c_size_t, memmove, string_at
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Protocol, Sequence, Tuple

from . import _ffi
from ._errors import InvalidArgumentError, Status, SwitchyardError
from ._ffi import SyError, SyStr
from ._text import Text, utf8

if TYPE_CHECKING:
    from ._match import Match
    from ._router import Router

__all__ = ["ParameterType"]


class ParameterType(Protocol):
    """What ``Router.register_type`` takes: ``parse(text) -> value`` (raise ValueError for a
    text that is not a value of the type) and ``format(value) -> str``."""

    def parse(self, text: str) -> Any: ...

    def format(self, value: Any) -> str: ...


class _Calls(threading.local):
    """Per thread: the values ``parse`` gave during the current resolve, by (type, text),
    and the first failure of a parse function in it."""

    def __init__(self) -> None:
        self.values: Dict[Tuple[str, str], Any] = {}
        self.failure: Optional[BaseException] = None
        self.failed_type = ""


_calls = _Calls()


def _parsed(name: str, obj: ParameterType, text_ptr: int, length: int) -> Tuple[str, Any]:
    """The text the library passed and what ``obj.parse`` made of it (None: it declined,
    with a ValueError); a parse that returns None is a TypeError."""
    text = string_at(text_ptr, length).decode("utf-8", "surrogateescape")
    try:
        value = obj.parse(text)
    except ValueError:
        return text, None
    if value is None:
        raise TypeError(f"parse of type {name!r} returned None for {text!r} "
                        "(raise ValueError for a text that is not a value of the type)")
    return text, value


def _parse_callback(name: str, obj: ParameterType) -> Any:
    """The C parse function of one type: it must never let an exception through ctypes."""

    def parse(text_ptr: int, length: int, user_data: int) -> int:
        try:
            text, value = _parsed(name, obj, text_ptr, length)
            if value is None:
                return _ffi.SY_TYPE_DECLINE
            _calls.values[(name, text)] = value
            return _ffi.SY_TYPE_ACCEPT
        except BaseException as e:  # noqa: BLE001  # reported by the resolve that called it
            if _calls.failure is None:
                _calls.failure = e
                _calls.failed_type = name
            return -1

    return _ffi.SyTypeParseFn(parse)


def _format_callback(name: str, obj: ParameterType) -> Any:
    """The C format function of one type: url_for writes ``format(parse(text))``, the
    value's canonical text; a ValueError from ``parse`` declines the text."""

    def format_text(text_ptr: int, length: int, buf: int, cap: int, len_out: Any, user_data: int) -> int:
        try:
            _, value = _parsed(name, obj, text_ptr, length)
            if value is None:
                return _ffi.SY_TYPE_DECLINE
            out = obj.format(value)
            if not isinstance(out, str):
                raise TypeError(f"format of type {name!r} returned {type(out).__name__}, not str")
            data = out.encode("utf-8")
            len_out[0] = len(data)
            if buf and len(data) <= cap:
                memmove(buf, data, len(data))
            return _ffi.SY_TYPE_ACCEPT
        except BaseException:  # noqa: BLE001  # the build that called it fails, naming the type
            return -1

    return _ffi.SyTypeFormatFn(format_text)


def _require(fn: Any, name: str) -> Any:
    if fn is None:
        raise NotImplementedError(f"{_ffi.library_path} has no {name}; rebuild libswitchyard")
    return fn


#: The callbacks the library holds, by token, until it releases them (with the router and
#: the last table that uses them).
_held: Dict[int, Any] = {}
_tokens = iter(range(1, 1 << 62))


@_ffi.SyReleaseFn  # type: ignore[untyped-decorator]  # ctypes' CFUNCTYPE types are untyped
def _release(token: Optional[int]) -> None:
    _held.pop(token or 0, None)


#: Per Router with types of its own: name -> the object registered.
_router_types: "weakref.WeakKeyDictionary[Router, Dict[str, ParameterType]]" = weakref.WeakKeyDictionary()


def register_type(router: Router, name: Text, obj: ParameterType) -> None:
    """Router.register_type (its docstring says what it does)."""
    if not callable(getattr(obj, "parse", None)) or not callable(getattr(obj, "format", None)):
        raise InvalidArgumentError(Status.SY_ERR_INVALID_ARGUMENT, f"a parameter type needs parse and format methods, not {obj!r}")
    name_bytes = utf8(name, "name")
    text_name = name_bytes.decode()
    callback = _parse_callback(text_name, obj)
    formatter = _format_callback(text_name, obj)
    token = next(_tokens)
    _held[token] = (callback, formatter)  # owned by the library from the call on, released by it
    err = SyError()
    _require(_ffi.sy_router_register_type, "sy_router_register_type")(
        router._ref(), name_bytes, len(name_bytes), callback, formatter, token, _release, err)
    _typed(router)[text_name] = obj


def register_words(router: Router, name: Text, words: Sequence[Text]) -> None:
    """Router.register_words (its docstring says what it does)."""
    if isinstance(words, (str, bytes)):
        raise InvalidArgumentError(Status.SY_ERR_INVALID_ARGUMENT, "words is a list of words, not one text")
    name_bytes = utf8(name, "name")
    encoded = [utf8(w, "word") for w in words]
    array = (SyStr * max(1, len(encoded)))()
    for k, w in enumerate(encoded):
        ptr, length = _ffi.str_in(w)  # ``encoded`` keeps the bytes alive
        array[k].ptr = ptr  # type: ignore[assignment]  # never None: w is bytes
        array[k].len = length
    err = SyError()
    _require(_ffi.sy_router_register_words, "sy_router_register_words")(
        router._ref(), name_bytes, len(name_bytes), array, len(encoded), err)


def _typed(router: Router) -> Dict[str, ParameterType]:
    _names_by_pattern.pop(router, None)
    types = _router_types.get(router)
    if types is None:
        types = _router_types[router] = {}
        # Only a router with types of its own pays for reading their values back: its class
        # becomes the subclass whose resolve does (same slots, so the switch is allowed).
        from ._router import typed_router_class
        router.__class__ = typed_router_class()
    return types


# A parameter of a type: `<date:d>` in a path, `day=<date:d>`, `<[date]:ds?>` or
# `<date:d=2024-01-01>` in a query contract (the name followed by `?`, `=` or `>`).
_SEGMENT = re.compile(r"<(\[?)([A-Za-z_][A-Za-z0-9_]*)\]?:([A-Za-z_][A-Za-z0-9_]*)(?=[?=>])")

#: A parameter of one of the router's types: (type, is a list, is a query item).
_Typed = Tuple[str, bool, bool]

#: Per router, the query items of its rule document's routes that have one of its types,
#: by route pattern (a document declares them under "query", outside the pattern).
_document_items: "weakref.WeakKeyDictionary[Router, Dict[str, Dict[str, _Typed]]]" = weakref.WeakKeyDictionary()


# What comes before the query contract: anything but `?`, with `<...>` taken whole.
_BEFORE_QUERY = re.compile(r"(?:[^<?]|<[^>]*>?)*")


def _query_start(pattern: str) -> int:
    """Where the query contract of ``pattern`` starts: its first `?` outside `<...>`."""
    return _BEFORE_QUERY.match(pattern).end()  # type: ignore[union-attr]  # matches any text


#: Per router, _typed_names' answers by pattern: a resolve reads a pattern's names once.
#: Forgotten when the router's types or rule document change what they would be.
_names_by_pattern: "weakref.WeakKeyDictionary[Router, Dict[str, Dict[str, _Typed]]]" = weakref.WeakKeyDictionary()


def _typed_names(router: Router, pattern: Optional[str]) -> Dict[str, _Typed]:
    """The parameters of ``pattern`` (path and query contract, in the pattern or in the rule
    document) whose type is one of the router's, by name."""
    text = pattern or ""
    known = _names_by_pattern.get(router)
    if known is None:
        known = _names_by_pattern[router] = {}
    names = known.get(text)
    if names is None:
        names = known[text] = _read_typed_names(router, text)
    return names


def _read_typed_names(router: Router, text: str) -> Dict[str, _Typed]:
    types = _router_types.get(router) or {}
    start = _query_start(text)
    names = {m.group(3): (m.group(2), bool(m.group(1)), m.start() > start)
             for m in _SEGMENT.finditer(text) if m.group(2) in types}
    document = _document_items.get(router)
    if document and text in document:
        names.update(document[text])
    return names


def note_document(router: Router, text: bytes) -> None:
    """Remembers the query items of a rule document just loaded on ``router`` that have one
    of its types (give_values reads them): the document replaced the previous one."""
    types = _router_types.get(router)
    if not types:
        return
    import json
    try:
        doc = json.loads(text)
    except ValueError:
        return  # the library read it; a text json refuses holds nothing this reads
    routes: List[Tuple[object, object]] = []
    if isinstance(doc, dict) and "version" in doc and isinstance(doc.get("routes"), list):
        routes = [(r.get("pattern"), r.get("query")) for r in doc["routes"] if isinstance(r, dict)]
    elif isinstance(doc, dict):
        routes = [(k, v.get("query")) for k, v in doc.items() if isinstance(v, dict)]
    found: Dict[str, Dict[str, _Typed]] = {}
    for pattern, query in routes:
        if not isinstance(pattern, str) or not isinstance(query, dict):
            continue
        for name, item in query.items():
            kind = item.get("type") if isinstance(item, dict) else None
            if isinstance(kind, str):
                bare = kind[1:-1] if kind.startswith("[") and kind.endswith("]") else kind
                if bare in types:
                    found.setdefault(pattern, {})[name] = (bare, bare != kind, True)
    _document_items[router] = found
    _names_by_pattern.pop(router, None)


def _plain_resolve(router: Router, url: Any) -> Match:
    """The plain Router.resolve of ``router`` (whose class is the typed subclass)."""
    from ._router import Router as _Router
    return _Router.resolve(router, url)


def resolve_typed(router: Router, url: Any) -> Match:
    """Router.resolve of a router with types of its own: the values ``parse`` returned
    replace their texts in params and path_params; a failed parse function raises."""
    _calls.values = {}
    _calls.failure = None
    try:
        m: Match = _plain_resolve(router, url)
    except SwitchyardError as e:
        failure = _calls.failure
        if failure is not None:
            _calls.failure = None
            raise InvalidArgumentError(Status.SY_ERR_INVALID_ARGUMENT,
                                       f"parameter type {_calls.failed_type!r} failed: "
                                       f"{type(failure).__name__}: {failure}", e.position) from failure
        raise
    give_values(router, m, taken_values())
    return m


def has_types(router: Router) -> bool:
    """Whether ``router`` has parameter types of its own (then its matches need give_values)."""
    return bool(_router_types.get(router))


def taken_values() -> Dict[Tuple[str, str], Any]:
    """The values ``parse`` gave on this thread since the last call, by (type, text); forgotten
    here, so that the next resolve starts afresh."""
    values = _calls.values
    _calls.values = {}
    return values


def give_values(router: Router, m: Match, values: Mapping[Tuple[str, str], Any]) -> None:
    """Puts the values ``parse`` gave (``values``, by (type, text)) in place of their texts
    in ``m.params``, ``m.path_params`` and a list item's ``m.values(name)``: one code path
    for resolve, candidates and the matches a dispatch gives its handlers."""
    if m and values:
        names = _typed_names(router, m.pattern)
        if names:
            _replace(m, "params", names, values)
            _replace(m, "path_params", {n: t for n, t in names.items() if not t[2]}, values)
            lists = {n: t[0] for n, t in names.items() if t[1]}
            if lists:
                _replace_lists(m, lists, values)


def _replace(m: Match, attribute: str, names: Mapping[str, _Typed], values: Mapping[Tuple[str, str], Any]) -> None:
    """Puts the parsed values into the Match's cached ``attribute`` (texts kept for str())."""
    current = getattr(m, attribute)
    path = m.path_params if attribute == "params" else current
    out = dict(current)
    texts: List[str] = [""]
    for key, v in current.items():
        texts += [key, v if isinstance(v, str) else str(v)]
    changed = False
    for param, (t, _, in_query) in names.items():
        # A path parameter's merged value is the path's only when its text is (an
        # undeclared query item of the same name stays text); a contract item's is its own.
        text = current.get(param) if in_query else path.get(param)
        if isinstance(text, str) and out.get(param) == text and (t, text) in values:
            out[param] = values[(t, text)]
            changed = True
    if changed:
        cache = m._cache
        if cache is None:
            cache = m._cache = {}
        cache.setdefault(attribute + " text", texts)
        if attribute == "params":
            m._params = MappingProxyType(out)
        else:
            cache[attribute] = MappingProxyType(out)


def _replace_lists(m: Match, lists: Mapping[str, str], values: Mapping[Tuple[str, str], Any]) -> None:
    """``m.values(name)`` of each list item of a type (``lists``: name -> type) as the
    values ``parse`` gave, in order."""
    all_values = dict(m._all_values)
    for name, t in lists.items():
        given = all_values.get(name)
        if given:
            all_values[name] = tuple(values.get((t, v), v) if isinstance(v, str) else v for v in given)
    cache = m._cache
    if cache is None:
        cache = m._cache = {}
    cache["_all_values"] = all_values


def format_values(router: Router, name: Any, values: Dict[str, Any]) -> Dict[str, Any]:
    """url_for's values with those of the router's types written by their ``format``."""
    types = _router_types.get(router)
    plain = (str, int, float, bool)
    if not types or all(isinstance(v, plain) or type(v).__name__ == "UUID" for v in values.values()):
        return values
    pattern = next((r.pattern for r in router.routes if r.name == name), None)
    names = _typed_names(router, pattern)
    out = dict(values)
    for param, (t, _, _) in names.items():
        if param in out:
            value = out[param]
            if isinstance(value, (list, tuple)):
                out[param] = [_format_one(types[t], t, v) for v in value]
            else:
                out[param] = _format_one(types[t], t, value)
    return out


def _format_one(kind: Any, t: str, value: Any) -> Any:
    """``value`` written by its type's ``format`` (text is taken as already written)."""
    if isinstance(value, str):
        return value
    text = kind.format(value)
    if not isinstance(text, str):
        raise InvalidArgumentError(Status.SY_ERR_INVALID_ARGUMENT, f"format of type {t!r} returned {type(text).__name__}, not str")
    return text
