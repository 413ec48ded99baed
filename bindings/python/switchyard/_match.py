"""Match: the result of Router.resolve(), read lazily from a C sy_match that it alone uses.

Why lazy, and why a Match never changes (docs/PYTHON.md, "How a Match stays valid"):

* resolve() must cost one foreign call plus a few cheap statements, so it copies nothing.
  Each Match is a new object that owns, for as long as it lives, one C ``sy_match`` (a
  ``Scratch``), which keeps its own copy of the URL; each attribute is read from C on
  first access, then kept in the Match.
* C matches are recycled through a pool of Scratches, each resolved into again only when
  no Match holds it: its reference count, read once it is out of the pool, says so. So a C match is only resolved into again once no Python
  object can read it, and every Match keeps its own values, whatever resolves come later,
  on whichever thread. A Match has no finalizer: dropping it is all it takes.
* The accessors are declared through PyDLL (they keep the GIL), so two Python threads
  reading one Match never run C accessors on it at the same time. Without a GIL
  (free-threaded Python) that does not hold, and resolve returns detached Matches
  instead (GIL_DISABLED below).
"""

from __future__ import annotations

import builtins
import re
import sys
from collections import deque
from functools import lru_cache
from uuid import UUID
from types import MappingProxyType
from ctypes import addressof, byref, c_int, c_int32, c_size_t, create_string_buffer, sizeof
from typing import (TYPE_CHECKING, Any, Callable, Deque, Dict, List, Mapping, NoReturn, Optional, Protocol,
                    Tuple, TypeVar, Union, cast, overload)

from . import _ffi, _typed
from ._ffi import CharPointer, MatchObj, SyError, SyResolver, SyStr
from ._typed import ParamValue

if TYPE_CHECKING:
    from .navigation import StackEntry
    from .stacks import OpenScreens, Operation


_T = TypeVar("_T")
_T_co = TypeVar("_T_co", covariant=True)


class _Attribute(Protocol[_T_co]):
    """What mypy sees of a Match attribute made by _cached or _params_attribute: a
    read-only descriptor giving a ``_T_co`` on a Match (at run time, a property)."""

    @overload
    def __get__(self, obj: None, owner: Optional[type] = None) -> _Attribute[_T_co]: ...

    @overload
    def __get__(self, obj: Match, owner: Optional[type] = None) -> _T_co: ...

    def __get__(self, obj: Optional[Match], owner: Optional[type] = None) -> Union[_T_co, _Attribute[_T_co]]: ...


#: One sy_match_params_text buffer and the call's arguments that point at it (_params_io).
_ParamsIO = Tuple[CharPointer, Any, Any, c_size_t, Any, int]

#: True on a free-threaded CPython (3.13t and later) running without the GIL. Nothing then
#: stops two threads from calling the C accessors of one shared Match at once (the header
#: allows one thread at a time per sy_match). So there Router.resolve returns detached
#: Matches (Match._read_all): every attribute read before the Match is returned, so no
#: later read calls C. Slower, and safe to share between threads.
GIL_DISABLED = not getattr(sys, "_is_gil_enabled", lambda: True)()

#: Every attribute of a Match, in the order _read_all and vars() read them (the keys of
#: to_dict(), the match JSON). Reading query reads query_items first; params and
#: path_params keep the texts that str() and path_texts read.
ATTRIBUTES = ("matched", "url", "pattern", "target", "name", "params", "path_params", "query",
              "fragment", "remainder", "redirects")


def _params_io(cap: int) -> _ParamsIO:
    """A sy_match_params_text buffer of `cap` bytes with the call's arguments that point at
    it (byref of the buffer, its size as a size_t argument, byref of the length it
    writes), and the size."""
    buf = create_string_buffer(cap)
    length = c_size_t()
    # A c_char array's slice is bytes (typeshed's Array says list).
    return cast(CharPointer, buf), byref(buf), _ffi.size_arg(cap), length, byref(length), cap


class Scratch:
    """One C sy_match and the ctypes objects the calls on it pass, made once.

    ``ref`` is the owning MatchObj (typed calls take it); ``arg`` and ``err_arg`` are
    byref() of it and of its sy_error, for the calls made without argtypes (see
    _ffi.sy_router_resolve_raw); ``params_io`` holds one sy_match_params_text buffer per
    parameter list; ``resolver`` is the sy_resolver of this C match and the router of the
    Router that takes it for its resolves (filled then), ``resolver_arg`` byref() of it. At most one Match holds a Scratch; the pool may hold it too.
    """

    __slots__ = ("ref", "arg", "err", "err_arg", "params_io", "resolver", "resolver_arg")
    ref: MatchObj
    arg: Any  # byref(ref): ctypes' private CArgObject
    err: SyError
    err_arg: Any  # byref(err)
    params_io: List[Optional[_ParamsIO]]
    resolver: SyResolver  # this C match and the router of the Router that uses it
    resolver_arg: Any  # byref(resolver)

    def __init__(self) -> None:
        self.ref = _ffi.new_match()
        self.arg = byref(self.ref)
        self.err = SyError()
        self.err_arg = byref(self.err)
        self.resolver = SyResolver(addressof(self.ref), None)
        self.resolver_arg = byref(self.resolver)
        # Indexed by sy_param_list, made on first use (a program that keeps every Match
        # makes a Scratch per resolve); a buffer too small is replaced by a larger one.
        self.params_io = [None, None]


#: Scratches, each free or held by one Match, the one resolved into last at the new end. A
#: deque's pops and appends are thread-safe, so any thread may take from and give to the
#: pool. A Scratch is taken out before it is resolved into, and used only when no Match
#: holds it (take_scratch); it goes back at once, and the Match's reference keeps it from
#: the next resolves until the Match is gone. The newest is tried first: where each Match
#: is dropped before the next resolve, it is the one just used (so the routes a dropped
#: Match resolved against go at the next resolve). The pool keeps at most POOL_LIMIT:
#: past that an append drops one at the old end, which then goes with the last Match
#: that holds it (its C match freed then), so a program that once held many Matches does
#: not keep their C matches forever.
POOL_LIMIT = 64
_pool: Deque[Scratch] = deque(maxlen=POOL_LIMIT)
pop_scratch: Callable[[], Scratch] = _pool.pop
give_scratch: Callable[[Scratch], None] = _pool.append
_pop_oldest = _pool.popleft
_keep_oldest = _pool.appendleft
refcount: Callable[[object], int] = sys.getrefcount


def _free_count() -> int:
    """sys.getrefcount of a Scratch only a local variable holds, asked as take_scratch and
    Router.resolve ask it: the count of a Scratch no Match holds (a Match's slot is one
    more). Measured rather than assumed, since interpreters differ in what the count's
    own argument adds."""
    c = object()
    return refcount(c)


def _untraced(count: Callable[[], int], most: int) -> int:
    """``count()`` run with no trace or profile function (a debugger's trace function may
    hold a frame's locals, one more reference each), and at most ``most``, what CPython's
    own counts are. A count measured too high would take a Scratch a Match holds for a free
    one; one too low only makes a new Scratch where the old one would have done."""
    trace, profile = sys.gettrace(), sys.getprofile()
    sys.settrace(None)
    sys.setprofile(None)
    try:
        return min(count(), most)
    finally:
        sys.setprofile(profile)
        sys.settrace(trace)


#: What refcount() gives for a Scratch taken out of the pool that no Match holds.
FREE = _untraced(_free_count, 2)


class _Holder:
    __slots__ = ("_last",)
    _last: object


def _free_last_count() -> int:
    """sys.getrefcount of a Scratch that only an object's slot and a local variable hold,
    asked as Router.resolve asks it of the Router's ``_last``: one no Match holds."""
    holder = _Holder()
    holder._last = object()
    c = holder._last
    return refcount(c)


#: What refcount() gives in Router.resolve for a Router's ``_last`` that no Match holds.
FREE_LAST = _untraced(_free_last_count, 3)


def take_scratch() -> Scratch:
    """A Scratch no Match holds: the pool's newest when it is free, else take_other()."""
    try:
        c = pop_scratch()
    except IndexError:
        return Scratch()
    if refcount(c) != FREE:
        return take_other(c)
    return c


def take_other(held: Scratch) -> Scratch:
    """A Scratch no Match holds, when the pool's newest, ``held``, is held: the pool's
    oldest when it is free (in a program that keeps Matches a while, the likeliest), else
    a new one. The held ones go back at the old end (there is room: they were taken)."""
    try:
        c = _pop_oldest()
    except IndexError:
        _keep_oldest(held)
        return Scratch()
    _keep_oldest(held)
    if refcount(c) != FREE:
        _keep_oldest(c)
        return Scratch()
    return c


def _text(s: SyStr) -> Optional[str]:
    """An output sy_str as str, or None when absent. Outputs are valid UTF-8 by contract."""
    ptr = s.ptr
    if not ptr:
        return None
    return ptr[: s.len].decode()


# Pre-built c_size_t indexes: ctypes converts a c_size_t instance for a c_size_t
# parameter faster than a Python int (about 100 ns less per accessor call, measured).
_INDEX = tuple(c_size_t(i) for i in range(64))

_params_text = _ffi.sy_match_params_text_raw
#: sy_match_params_text's int32_t `which` argument: a Python int goes as a C int, which is
#: int32_t wherever a C int has 32 bits; elsewhere c_int32 objects.
_WHICH = (0, 1) if sizeof(c_int) == 4 else (c_int32(0), c_int32(1))
# The conversions of the typed values in sy_match_params_text's TYPES letters.
_CONVERT: Dict[str, Callable[[str], Union[int, float]]] = {"i": int, "f": float}
#: Whether any Router of this process has a route with a <uuid:name> segment: until one
#: does, reading params skips looking for uuids (saw_uuid_pattern turns it on).
_uuid_seen = False


def saw_uuid_pattern() -> None:
    global _uuid_seen
    _uuid_seen = True


_UUID_SEGMENT = re.compile(r"<uuid:([A-Za-z_][A-Za-z0-9_]*)>")


@lru_cache(maxsize=1024)
def _uuid_names(pattern: Optional[str]) -> Tuple[str, ...]:
    """The names of a pattern's <uuid:name> parameters (the pattern text decides them)."""
    return tuple(_UUID_SEGMENT.findall(pattern)) if pattern else ()


def _typed_uuids(m: Match, out: Dict[str, ParamValue], names: Tuple[str, ...], merged: bool) -> bool:
    """Gives the uuid parameters in ``out`` as uuid.UUID (True when one is). A merged value
    is one only when it is the path's (a query item of the same name stays text)."""
    typed = False
    path = m.path_params if merged else None
    for n in names:
        v = out.get(n)
        if not isinstance(v, str):
            continue
        if path is None:
            out[n] = UUID(v)
            typed = True
        else:
            p = path.get(n)
            if isinstance(p, UUID) and v.lower() == str(p):
                out[n] = p
                typed = True
    return typed


#: What sy_router_resolve_params_text returns for parameters holding a NUL byte.
_NUL_TEXT = b"\xfe"

#: The parameters of a Match without any: one read-only view shared by all of them.
_NO_PARAMS: MappingProxyType[str, NoReturn] = MappingProxyType({})


def _cached(read: Callable[[Match], _T]) -> _Attribute[_T]:
    """A read-only attribute: read from C on first access (``read(match)``), then kept in
    the Match's cache dict. setdefault keeps the first value stored, so two threads that
    read the same attribute for the first time at once still see one object."""
    name = read.__name__

    def get(self: Match) -> _T:
        cache = self._cache
        if cache is None:
            cache = self._cache = {}
        else:
            value = cache.get(name, cache)
            if value is not cache:
                return value  # type: ignore[no-any-return]
        return cache.setdefault(name, read(self))  # type: ignore[no-any-return]

    return cast(_Attribute[_T], property(get, doc=read.__doc__))


def _params_attribute(name: str, which: int, doc: str) -> _Attribute[Mapping[str, ParamValue]]:
    """Match.path_params: one parameter list read in one foreign call
    (sy_match_params_text), then cached (as _cached). Match.params has a getter of its own
    (_merged_params), which reads the text resolve's call returned."""

    def get(self: Match) -> Mapping[str, ParamValue]:
        cache = self._cache
        if cache is None:
            cache = self._cache = {}
        else:
            out: Optional[Mapping[str, ParamValue]] = cache.get(name)
            if out is not None:
                return out
        raw = _read_params_text(self, which)
        return cache.setdefault(name, _decode_params(self, raw, which) if raw else _NO_PARAMS)  # type: ignore[no-any-return]

    return cast(_Attribute[Mapping[str, ParamValue]], property(get, doc=doc))


def _merged_params(self: Match) -> Mapping[str, ParamValue]:
    """The merged map: path parameters, then query items (last value), then defaults."""
    # The benchmark's resolve+params path: a slot instead of the cache dict, and the common
    # text (string parameters of ASCII text, up to four) decoded inline.
    out = self._params
    if out is not None:
        return out
    raw = self._text
    if not raw:
        if raw is not None:
            return _NO_PARAMS  # resolve's text says: no parameters
        # No text from resolve (a Match of a dispatch or a candidate): one foreign call.
        raw = _read_params_text(self, _ffi.SY_PARAMS_MERGED)
        out = _decode_params(self, raw, _ffi.SY_PARAMS_MERGED) if raw else _NO_PARAMS
    else:
        # The text is TYPES, then each name and text, separated by 0xFF. TYPES empty:
        # every value a string, every name and text ASCII, so Latin-1 decodes the text
        # exactly, and it is the cheapest decode (~80 ns less than UTF-8 on the path-tree
        # set, measured). Up to four parameters as dict displays: about 250 ns less than
        # dict(zip()) for two (measured, docs/PYTHON.md). Either way a repeated name keeps
        # its last value.
        parts = raw.decode("latin-1").split("\xff")
        k = len(parts)
        if parts[0] or _uuid_seen:
            out = _decode_params(self, raw, _ffi.SY_PARAMS_MERGED)
        elif k == 5:
            out = _read_only({parts[1]: parts[2], parts[3]: parts[4]})
        elif k == 3:
            out = _read_only({parts[1]: parts[2]})
        elif k == 7:
            out = _read_only({parts[1]: parts[2], parts[3]: parts[4], parts[5]: parts[6]})
        elif k == 9:
            out = _read_only({parts[1]: parts[2], parts[3]: parts[4], parts[5]: parts[6], parts[7]: parts[8]})
        else:
            it = iter(parts)
            next(it)
            out = _read_only(dict(zip(it, it)))
    # The first value stored is kept (no call between the test and the store, so no other
    # Python thread runs there): every reader sees the same object.
    first = self._params
    if first is None:
        self._params = first = out
    return first


def _read_params_text(m: Match, which: int) -> bytes:
    """One parameter list of the C match as sy_match_params_text writes it."""
    c = m._c
    io = c.params_io[which]
    if io is None:
        io = c.params_io[which] = _params_io(256)
    buf, buf_arg, cap, length, length_arg, _ = io
    if _params_text(buf_arg, cap, length_arg, c.arg, _WHICH[which], None):
        buf, n = _grow_or_raise(c, which)
    else:
        n = length.value
    return buf[:n]


def _decode_params(m: Match, raw: bytes, which: int) -> Mapping[str, ParamValue]:
    """A parameter list's text (not empty) as a read-only Mapping, values typed.

    The header's format: TYPES, then the name and text of each parameter, all separated
    by 0xFF; TYPES is empty when every value is an ASCII string. An int's text is its
    digits and a float's text parses to its value, so int() and float() give the C values
    exactly. When a value is not its text (a typed value), the split text is kept too, in
    the Match's cache under the list's name + " text": Match.str and to_dict() read the
    text as written there."""
    merged = which == _ffi.SY_PARAMS_MERGED
    if raw == _NUL_TEXT:
        # resolve's text for a name or text with a NUL byte: the list from the C match.
        raw = _read_params_text(m, which)
        if not raw:
            return _NO_PARAMS
    parts = raw.decode("latin-1").split("\xff")
    types = parts[0]
    if types:
        # Typed or non-ASCII: UTF-8 with surrogateescape turns each 0xFF (a byte UTF-8
        # never uses) into \udcff, which no decoded text holds, so split is exact.
        parts = raw.decode("utf-8", "surrogateescape").split("\udcff")
    it = iter(parts)
    next(it)
    values: Dict[str, ParamValue] = dict(zip(it, it))
    typed = False
    for k, kind in enumerate(types):
        if kind != "s":
            values[parts[2 * k + 1]] = _CONVERT[kind](parts[2 * k + 2])
            typed = True
    if _uuid_seen:
        names = _uuid_names(m.pattern)
        if names and _typed_uuids(m, values, names, merged):
            typed = True
    if typed:
        cache = m._cache
        if cache is None:
            cache = m._cache = {}
        cache["params text" if merged else "path_params text"] = parts
    # A read-only view of a dict no one else holds: every reader sees the same values (a
    # view costs one C call, not a copy).
    return _read_only(values)


_read_only = MappingProxyType


def _grow_or_raise(c: Scratch, which: int) -> Tuple[CharPointer, int]:
    """After a failed sy_match_params_text: a buffer too small is replaced by one of the
    size it reported and the call is made again; any other failure raises, with the C
    message. Returns the buffer and the text's length."""
    io = cast(_ParamsIO, c.params_io[which])  # the failed call used it
    buf, _, _, length, _, cap = io
    if length.value > cap:
        io = c.params_io[which] = _params_io(max(length.value, 2 * cap))
        buf, _, _, length, _, cap = io
    _ffi.sy_match_params_text(buf, cap, byref(length), c.ref, which, SyError())
    return buf, length.value


class _Unconstructible(type):
    """Match's type: ``Match()`` raises TypeError, and Router.resolve makes Matches with
    type.__call__ (see _make below), the cheapest way to make an instance."""

    def __call__(cls, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("Match objects come from Router.resolve()")


class Match(metaclass=_Unconstructible):
    """The result of ``Router.resolve()``: truthy when a route matched.

    Every attribute is a plain Python value, read once and kept. A Match never changes:
    later resolves, closing the router and other threads leave it as it is.
    """

    # _c: the Scratch whose C match this Match alone reads (it keeps its own copy of the
    # URL); _cache: None, or a dict of the attributes read so far; _text: the merged
    # parameters as Router.resolve's one call returned them (sy_router_resolve_params_text),
    # or None (then ``params`` asks the C match); _params: ``params`` once read, or None. No
    # __weakref__ and no instance __dict__: vars() gives a fresh dict of every attribute
    # (__dict__ below).
    __slots__ = ("_c", "_cache", "_text", "_params")
    __module__ = "switchyard"
    _c: Scratch
    _cache: Optional[Dict[str, Any]]
    _text: Optional[bytes]
    _params: Optional[Mapping[str, ParamValue]]

    def __bool__(self) -> bool:
        return self.matched

    @property
    def stack(self) -> Tuple[StackEntry, ...]:
        """The screens from the root down to the matched route (the last), each a StackEntry
        with its URL built from this match's parameters; () for a miss."""
        from .navigation import _stack  # navigation imports this module first

        return _stack(self)

    def stack_operations(self, entry: str, open: OpenScreens = None) -> Tuple[Operation, ...]:
        """The operations (switchyard.stacks: SelectTab, PopTo, Push) that open this
        match's stack for the entry kind from the screens open (a list of Screens, Tabs,
        or None), under its route's stack policy; () for a miss."""
        from .stacks import _operations  # stacks imports this module's neighbours first

        return _operations(self._c.ref, entry, open)

    @property
    def data(self) -> Any:
        """The route's data (``Router.add(..., data=obj)``, or the handler given as its
        target), the caller's own object of any type; None for a miss or a route without
        any."""
        from .navigation import _data  # navigation imports this module first

        return _data(self)

    @property
    def _ref(self) -> MatchObj:
        """The C match (an owning _ffi.MatchObj); for tests."""
        return self._c.ref

    @_cached
    def matched(self) -> bool:
        """True when a route matched (also after a redirect chain that ended on a route)."""
        return _ffi.sy_match_found(self._c.ref) != 0  # type: ignore[no-any-return]  # a C int

    @_cached
    def url(self) -> str:
        """The URL resolved: the input, or the last URL of a redirect chain."""
        url: str = _text(_ffi.sy_match_url(self._c.ref))  # type: ignore[assignment]  # always present
        return url

    @_cached
    def pattern(self) -> Optional[str]:
        """The winning route's pattern as it was added; None on a miss."""
        return _text(_ffi.sy_match_pattern(self._c.ref))

    @_cached
    def target(self) -> Optional[str]:
        """The winning route's target; None on a miss."""
        return _text(_ffi.sy_match_target(self._c.ref))

    @_cached
    def name(self) -> Optional[str]:
        """The winning route's name, or None."""
        return _text(_ffi.sy_match_name(self._c.ref))

    @_cached
    def fragment(self) -> Optional[str]:
        """The URL's fragment as written (not decoded), or None when it has no '#'."""
        return _text(_ffi.sy_match_fragment(self._c.ref))

    @_cached
    def remainder(self) -> Optional[str]:
        """The segments a trailing '*', '*name' or '<path:name>' matched, joined by '/'."""
        return _text(_ffi.sy_match_remainder(self._c.ref))

    path_params = _params_attribute("path_params", _ffi.SY_PARAMS_PATH,
                                    "Captured path parameters in pattern order: name -> str, int or float.")
    params = cast(_Attribute[Mapping[str, ParamValue]], property(_merged_params))

    @_cached
    def query_items(self) -> Tuple[Tuple[str, str], ...]:
        """Every query item as a (name, value) pair, in URL order, repeats kept (a ``?flag``
        without ``=`` has the value "")."""
        ref = self._c.ref
        count = _ffi.sy_match_query_count(ref)
        if not count:
            return ()
        name, value, err = SyStr(), SyStr(), SyError()
        items: List[Tuple[str, str]] = []
        for i in range(count):
            _ffi.sy_match_query_at(name, value, ref, _INDEX[i] if i < 64 else i, err)
            items.append((name.ptr[: name.len].decode(), value.ptr[: value.len].decode() if value.ptr else ""))
        return tuple(items)

    @_cached
    def query(self) -> Mapping[str, Tuple[str, ...]]:
        """Every query item, read-only: name -> tuple of its values in URL order, names in
        first-appearance order (``query_items`` keeps the items' own order)."""
        items = self.query_items
        if not items:
            return _NO_PARAMS
        out: Dict[str, Tuple[str, ...]] = {}
        for key, item in items:
            out[key] = out.get(key, ()) + (item,)
        return MappingProxyType(out)

    def values(self, name: str) -> Tuple[ParamValue, ...]:
        """Every merged value called ``name``, in order: all the typed values of a list
        query item (``<[int]:ids>``), else the one parameter of that name; () when absent.
        ``params`` keeps a list's last value."""
        return self._all_values.get(name, ())

    @_cached
    def _all_values(self) -> Dict[str, Tuple[ParamValue, ...]]:
        """Every merged value by name, in order, read in one pass (kept, so that a Match
        of a candidate or a handler reads them before its C match moves on)."""
        ref = self._c.ref
        out: Dict[str, List[ParamValue]] = {}
        p = _ffi.SyParam()
        err = SyError()
        for i in range(_ffi.sy_match_param_count(ref)):
            _ffi.sy_match_param_at(byref(p), ref, i, err)
            value: ParamValue
            if p.type == _ffi.SY_VALUE_INT:
                value = p.int_value
            elif p.type == _ffi.SY_VALUE_FLOAT:
                value = p.float_value
            else:
                value = p.text_ptr[: p.text_len].decode() if p.text_len else ""
            out.setdefault(p.name_ptr[: p.name_len].decode(), []).append(value)
        return {key: tuple(v) for key, v in out.items()}

    @_cached
    def redirects(self) -> Tuple[str, ...]:
        """The redirect chain: () without redirects, else the input URL, then each URL
        redirected to (the last one is ``url``)."""
        ref = self._c.ref
        chain: Tuple[str, ...] = tuple(
            _text(_ffi.sy_match_redirect_at(ref, i))  # type: ignore[misc]  # every URL of a chain is present
            for i in range(_ffi.sy_match_redirect_count(ref)))
        return chain

    @property
    def __dict__(self) -> Dict[str, Any]:  # type: ignore[override]
        """vars(match): a new dict of every attribute, so one kept never changes."""
        return {name: getattr(self, name) for name in ATTRIBUTES}

    def to_dict(self) -> Dict[str, Any]:
        """The canonical match JSON (docs/JSON.md) as Python values; fresh containers."""
        return {
            "matched": self.matched,
            "url": self.url,
            "pattern": self.pattern,
            "target": self.target,
            "name": self.name,
            "params": self._texts("params"),
            "path_params": self._texts("path_params"),
            "query": {key: list(values) for key, values in self.query.items()},
            "fragment": self.fragment,
            "remainder": self.remainder,
            "redirects": list(self.redirects),
        }

    def _texts(self, name: str) -> Dict[str, Union[str, int, float]]:
        """A parameter list as in the match JSON: a uuid as its text (as written)."""
        params: Mapping[str, ParamValue] = getattr(self, name)
        texts = self._written(name)
        return {key: texts[key] if isinstance(value, UUID) else value for key, value in params.items()}

    def _written(self, name: str) -> Mapping[str, str]:
        """The texts as written of a parameter list ("params" or "path_params")."""
        params: Mapping[str, ParamValue] = getattr(self, name)
        cache = self._cache
        parts: Optional[List[str]] = cache.get(name + " text") if cache is not None else None
        if parts is None:
            return params  # type: ignore[return-value]  # no typed value: every value is its text
        it = iter(parts)
        next(it)
        return dict(zip(it, it))

    @property
    def path_texts(self) -> Mapping[str, str]:
        """The captured path parameters' texts as written in the URL (after decoding), in
        pattern order: ``"007"`` for ``<int:id>`` = 7, a uuid in its own case."""
        return MappingProxyType(self._written("path_params"))

    def _read_all(self) -> Match:
        """Reads every attribute, so that no later read calls C: then any number of threads
        may read this Match at once (free-threaded Python, GIL_DISABLED)."""
        for name in ATTRIBUTES:
            getattr(self, name)
        return self

    def _c_json(self) -> str:
        """The C library's own JSON text for this match (sy_match_to_json), for tests."""
        ref = self._ref
        length = c_size_t()
        _ffi.sy_match_to_json(None, 0, byref(length), ref, SyError())
        buf = create_string_buffer(length.value + 1)
        _ffi.sy_match_to_json(buf, len(buf), byref(length), ref, SyError())
        return buf.raw[: length.value].decode()

    # Two Matches are equal when every attribute is: the same result, whichever resolve
    # made it. The hash reads the attributes equal Matches share, so it agrees with ==.
    __match_args__ = ("target", "params")

    def _values(self) -> Tuple[object, ...]:
        return tuple(getattr(self, name) for name in ATTRIBUTES)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not Match:
            return NotImplemented
        return self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.matched, self.url, self.pattern, self.target, self.name,
                     frozenset(self.params.items()), self.fragment, self.remainder, self.redirects))

    # A Match never changes once made, so a copy is the Match itself, as for a tuple.
    def __copy__(self) -> Match:
        return self

    def __deepcopy__(self, memo: object) -> Match:
        return self

    def __reduce__(self) -> NoReturn:
        raise TypeError("a switchyard Match cannot be pickled: it reads a C match of this "
                        "process; pickle match.to_dict() instead")

    def __repr__(self) -> str:
        if not self.matched:
            return f"<Match miss url={self.url!r}>"
        return f"<Match pattern={self.pattern!r} target={self.target!r} params={dict(self.params)!r}>"


    # ------------------------------------------------------------ typed reads
    # One rule in C, Swift and Python (_typed.py): a typed read takes a value of that type,
    # or text written as one; anything else, or no parameter of that name, gives the
    # default. Defined last: inside the class body these names are the methods, so the
    # hints here and above spell the builtins as builtins.int and so on.

    @overload
    def int(self, name: builtins.str, default: None = None) -> Optional[builtins.int]: ...
    @overload
    def int(self, name: builtins.str, default: builtins.int) -> builtins.int: ...

    def int(self, name: builtins.str, default: Optional[builtins.int] = None) -> Optional[builtins.int]:
        """The parameter ``name`` as an int: a typed int, or text that is a whole decimal
        number within 64 bits (``?page=2``); else ``default``."""
        return _read(self, name, default, _typed.as_int)

    @overload
    def float(self, name: builtins.str, default: None = None) -> Optional[builtins.float]: ...
    @overload
    def float(self, name: builtins.str, default: builtins.float) -> builtins.float: ...

    def float(self, name: builtins.str, default: Optional[builtins.float] = None) -> Optional[builtins.float]:
        """The parameter ``name`` as a float: a typed float or int, or text that is a finite
        decimal number (``?lat=2.5``, ``?x=-1e3``); else ``default``."""
        return _read(self, name, default, _typed.as_float)

    @overload
    def bool(self, name: builtins.str, default: None = None) -> Optional[builtins.bool]: ...
    @overload
    def bool(self, name: builtins.str, default: builtins.bool) -> builtins.bool: ...

    def bool(self, name: builtins.str, default: Optional[builtins.bool] = None) -> Optional[builtins.bool]:
        """The parameter ``name`` as a bool: the text ``true`` or ``1``, ``false`` or ``0``
        (exactly these), or the ints 1 and 0; else ``default``."""
        return _read(self, name, default, _typed.as_bool)

    @overload
    def uuid(self, name: builtins.str, default: None = None) -> Optional[UUID]: ...
    @overload
    def uuid(self, name: builtins.str, default: UUID) -> UUID: ...

    def uuid(self, name: builtins.str, default: Optional[UUID] = None) -> Optional[UUID]:
        """The parameter ``name`` as a uuid.UUID: a ``<uuid:>`` segment's value, or text of
        that shape (8-4-4-4-12 hex digits, any case); else ``default``."""
        return _read(self, name, default, _typed.as_uuid)

    @overload
    def str(self, name: builtins.str, default: None = None) -> Optional[builtins.str]: ...
    @overload
    def str(self, name: builtins.str, default: builtins.str) -> builtins.str: ...

    def str(self, name: builtins.str, default: Optional[builtins.str] = None) -> Optional[builtins.str]:
        """The parameter ``name``'s text as written (``"007"`` for ``<int:id>`` = 7; a
        default's value in decimal), whatever its type; ``default`` when there is none."""
        if name not in self.params:
            return default
        return self._written("params")[name]


def _read(m: Match, name: str, default: Optional[_T], convert: Callable[[ParamValue], Optional[_T]]) -> Optional[_T]:
    """A typed read: the parameter ``name`` of ``m.params`` as ``convert`` reads it, or
    ``default`` when there is none or it does not read as that type."""
    value = m.params.get(name)
    read = None if value is None else convert(value)
    return default if read is None else read


#: An empty Match, which Router.resolve fills in at once: type.__call__ bound to Match,
#: past _Unconstructible.__call__.
make_match = cast(Callable[[], Match], type.__call__.__get__(Match))
