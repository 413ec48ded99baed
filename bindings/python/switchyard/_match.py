"""Match: the result of Router.resolve(), read lazily from a C sy_match it owns.

Why lazy, and why it stays correct (docs/PYTHON.md, "How a Match stays valid"):

* resolve() must cost one foreign call plus a few cheap reads, so it copies nothing. A
  Match owns one C ``sy_match`` (an owning ``_ffi.MatchObj``) and the URL bytes the C
  match borrows; each attribute is read from C on first access, then cached.
* Each thread keeps its last Match in a ``threading.local``. Before resolving again,
  resolve() checks whether anyone else still holds that Match (its reference count is
  above the thread state's own references). If nobody does, the same Python object and
  C match are reused, caches cleared. If the caller kept it, it stays untouched and the
  thread makes a new Match with a new C match. So a C match is only ever overwritten
  when no Python code can read it, and a Match stays valid for as long as it lives.
  Matches cannot be weakly referenced: a weak reference would not count as "kept".
* The accessors are declared through PyDLL (they keep the GIL), so two Python threads
  reading one Match never run C accessors on it at the same time. Without a GIL
  (free-threaded Python) none of this holds, and resolve returns detached Matches
  instead (GIL_DISABLED below).
"""

import sys
import threading
from ctypes import byref, c_size_t, create_string_buffer

try:
    from sys import getrefcount
except ImportError:  # not CPython: never assume a Match is unshared; always make a new one

    def getrefcount(obj):
        return 1 << 30

from . import _ffi
from ._ffi import SyError, SyStr


def _params_io(cap):
    """The thread's sy_match_params_text buffer of `cap` bytes, and the arguments that
    point at it and at its length (made once, passed as they are)."""
    buf = create_string_buffer(cap)
    length = c_size_t()
    return buf, byref(buf), cap, length, byref(length)


class _ThreadState(threading.local):
    """Per thread: the last Match resolved (reused when nobody else holds it) and scratch
    structs for the accessor calls."""

    def __init__(self):
        self.match = None
        self.err = SyError()
        self.name = SyStr()
        self.value = SyStr()
        # sy_match_params_text's buffer (grown when a match needs more), its arguments
        # and the length it writes: one tuple, so a read costs one thread-local lookup.
        self.params_io = _params_io(256)


tls = _ThreadState()


def _calibrate():
    """getrefcount() of a Match that only the thread state refers to, measured with the
    same statements Router.resolve uses (the count differs between Python versions)."""
    state = _ThreadState()
    state.match = _Probe()
    m = state.match
    return getrefcount(m)


class _Probe:
    pass


#: Router.resolve reuses the thread's last Match only when its count is at most this.
UNSHARED_REFCOUNT = _calibrate()

#: True on a free-threaded CPython (3.13t and later) running without the GIL. Nothing then
#: stops two threads from calling the C accessors of one shared Match at once (the header
#: allows one thread at a time per sy_match), and reference counts are not exact. So there
#: Router.resolve returns detached Matches (Match._detach): every attribute read at once,
#: no C state kept. Slower, and safe to share between threads.
GIL_DISABLED = not getattr(sys, "_is_gil_enabled", lambda: True)()

#: Every attribute of a Match, in the order _detach reads them.
ATTRIBUTES = ("matched", "url", "pattern", "target", "name", "params", "path_params", "query",
              "fragment", "remainder", "redirects")


def _text(s):
    """An output sy_str as str, or None when absent. Outputs are valid UTF-8 by contract."""
    ptr = s.ptr
    if not ptr:
        return None
    return ptr[: s.len].decode()


# Pre-built c_size_t indexes: ctypes converts a c_size_t instance for a c_size_t
# parameter faster than a Python int (about 100 ns less per accessor call, measured).
_INDEX = tuple(c_size_t(i) for i in range(64))

_params_text = _ffi.sy_match_params_text_raw
# The conversions of the typed values in sy_match_params_text's TYPES letters.
_CONVERT = {"i": int, "f": float}


class _ParamsAttribute:
    """Match.params and Match.path_params: one parameter list read in one foreign call,
    then cached in the instance dict (a non-data descriptor, as _cached below, with the
    reading inlined in __get__: this is the benchmark's resolve+params path).

    The header's format: TYPES, then the name and text of each parameter, all separated
    by 0xFF; TYPES is empty when every value is an ASCII string. An int's text is its
    digits and a float's text parses to its value, so int() and float() give the C values
    exactly."""

    def __init__(self, name, which, doc):
        self.name = name
        self.which = which
        self.__doc__ = doc

    def __get__(self, match, cls=None):
        if match is None:
            return self
        buf, buf_arg, cap, length, length_arg = tls.params_io
        if _params_text(buf_arg, cap, length_arg, match._arg, self.which, None):
            buf, n = _grow_or_raise(match, self.which)
        else:
            n = length.value
        if n:
            # TYPES empty: every value a string, every name and text ASCII, so Latin-1
            # decodes the text exactly, and it is the cheaper decode (~80 ns less on the
            # path-tree set, measured). Otherwise the text is UTF-8 with 0xFF separators.
            parts = buf[:n].decode("latin-1").split("\xff")
            types = parts[0]
            if types:
                parts = buf[:n].decode("utf-8", "surrogateescape").split("\udcff")
            # Up to four parameters as dict displays: about 250 ns less than dict(zip())
            # for two (measured, docs/PYTHON.md). Either way a repeated name keeps its last
            # value.
            k = len(parts)
            if k == 3:
                out = {parts[1]: parts[2]}
            elif k == 5:
                out = {parts[1]: parts[2], parts[3]: parts[4]}
            elif k == 7:
                out = {parts[1]: parts[2], parts[3]: parts[4], parts[5]: parts[6]}
            elif k == 9:
                out = {parts[1]: parts[2], parts[3]: parts[4], parts[5]: parts[6], parts[7]: parts[8]}
            else:
                it = iter(parts)
                next(it)
                out = dict(zip(it, it))
            if types:  # typed or non-ASCII: convert the typed values one by one
                for k, kind in enumerate(types):
                    if kind != "s":
                        out[parts[2 * k + 1]] = _CONVERT[kind](parts[2 * k + 2])
        else:
            out = {}
        match._cache[self.name] = out
        return out


def _grow_or_raise(match, which):
    """After a failed sy_match_params_text: a buffer too small grows to the size it
    reported and the call is made again; any other failure raises, with the C message.
    Returns the buffer and the text's length."""
    state = tls
    buf, _, cap, length, _ = state.params_io
    if length.value > cap:
        state.params_io = _params_io(max(length.value, 2 * cap))
        buf, _, cap, length, _ = state.params_io
    _ffi.sy_match_params_text(buf, cap, byref(length), match._ref, which, SyError())
    return buf, length.value


class _cached:
    """A non-data descriptor: reads from C once, then the instance dict answers."""

    def __init__(self, fn, name=None, doc=None):
        self.fn = fn
        self.name = name or fn.__name__
        self.__doc__ = doc or fn.__doc__

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = self.fn(obj)
        obj._cache[self.name] = value
        return value


class Match:
    """The result of ``Router.resolve()``: truthy when a route matched.

    Every attribute is a plain Python value, read once and cached. A Match stays valid
    after later resolves, after the router is closed, and on any thread.
    """

    # _ref: the C match (an owning _ffi.MatchObj); _url: the bytes resolved (the C match
    # borrows them); _err: the sy_error for resolving into _ref (only the owning thread
    # resolves into it, so it needs no thread-local lookup on the hot path); _arg,
    # _err_arg: byref() of _ref and _err, the resolve call's arguments made once
    # (Router.resolve). The cached attributes live in __dict__, which _cache also holds
    # (see fresh_match). No __weakref__ (see above).
    __slots__ = ("_ref", "_url", "_err", "_arg", "_err_arg", "_cache", "__dict__")

    def __init__(self):
        raise TypeError("Match objects come from Router.resolve()")

    def __bool__(self):
        return self.matched

    @_cached
    def matched(self):
        """True when a route matched (also after a redirect chain that ended on a route)."""
        return _ffi.sy_match_found(self._ref) != 0

    @_cached
    def url(self):
        """The URL resolved: the input, or the last URL of a redirect chain."""
        return _text(_ffi.sy_match_url(self._ref))

    @_cached
    def pattern(self):
        """The winning route's pattern as it was added; None on a miss."""
        return _text(_ffi.sy_match_pattern(self._ref))

    @_cached
    def target(self):
        """The winning route's target; None on a miss."""
        return _text(_ffi.sy_match_target(self._ref))

    @_cached
    def name(self):
        """The winning route's name, or None."""
        return _text(_ffi.sy_match_name(self._ref))

    @_cached
    def fragment(self):
        """The URL's fragment as written (not decoded), or None when it has no '#'."""
        return _text(_ffi.sy_match_fragment(self._ref))

    @_cached
    def remainder(self):
        """The segments a trailing '*', '*name' or '<path:name>' matched, joined by '/'."""
        return _text(_ffi.sy_match_remainder(self._ref))

    path_params = _ParamsAttribute("path_params", _ffi.SY_PARAMS_PATH,
                                   "Captured path parameters in pattern order: name -> str, int or float.")
    params = _ParamsAttribute("params", _ffi.SY_PARAMS_MERGED,
                              "The merged map: path parameters, then query items (last value), then defaults.")

    @_cached
    def query(self):
        """Every query item: name -> list of values, names in first-appearance order."""
        ref = self._ref
        state = tls
        name, value, err = state.name, state.value, state.err
        out = {}
        for i in range(_ffi.sy_match_query_count(ref)):
            _ffi.sy_match_query_at(name, value, ref, _INDEX[i] if i < 64 else i, err)
            key = name.ptr[: name.len].decode()
            item = value.ptr[: value.len].decode() if value.ptr else ""
            values = out.get(key)
            if values is None:
                out[key] = [item]
            else:
                values.append(item)
        return out

    @_cached
    def redirects(self):
        """The redirect chain: [] without redirects, else the input URL, then each URL
        redirected to (the last one is ``url``)."""
        ref = self._ref
        return [_text(_ffi.sy_match_redirect_at(ref, i)) for i in range(_ffi.sy_match_redirect_count(ref))]

    def to_dict(self):
        """The canonical match JSON (docs/JSON.md) as Python values; fresh containers."""
        return {
            "matched": self.matched,
            "url": self.url,
            "pattern": self.pattern,
            "target": self.target,
            "name": self.name,
            "params": dict(self.params),
            "path_params": dict(self.path_params),
            "query": {key: list(values) for key, values in self.query.items()},
            "fragment": self.fragment,
            "remainder": self.remainder,
            "redirects": list(self.redirects),
        }

    def _detach(self):
        """A Match with every attribute of this one as a plain Python value and no C state,
        which any number of threads may read at once (free-threaded Python, GIL_DISABLED).
        This Match's cache is cleared, so its C match can be resolved into again."""
        d = Match.__new__(Match)
        d._ref = d._url = d._err = d._arg = d._err_arg = None
        d._cache = values = d.__dict__
        for name in ATTRIBUTES:
            values[name] = getattr(self, name)
        self._cache.clear()
        return d

    def _c_json(self):
        """The C library's own JSON text for this match (sy_match_to_json), for tests."""
        ref = self._ref
        if ref is None:
            raise ValueError("a detached Match has no C match")
        length = c_size_t()
        _ffi.sy_match_to_json(None, 0, byref(length), ref, SyError())
        buf = create_string_buffer(length.value + 1)
        _ffi.sy_match_to_json(buf, len(buf), byref(length), ref, SyError())
        return buf.raw[: length.value].decode()

    # A Match never changes once made, so a copy is the Match itself, as for a tuple. A new
    # object sharing its C match would not count as holding the Match, so a later resolve
    # could reuse that C match under the copy.
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        raise TypeError("a switchyard Match cannot be pickled: it reads a C match of this "
                        "process; pickle match.to_dict() instead")

    def __repr__(self):
        if not self.matched:
            return f"<Match miss url={self.url!r}>"
        return f"<Match pattern={self.pattern!r} target={self.target!r} params={self.params!r}>"


def fresh_match():
    """A new Match with its own C sy_match, for a thread whose last Match is still held."""
    m = Match.__new__(Match)
    m._ref = _ffi.new_match()
    m._err = SyError()
    # The raw resolve call (Router.resolve) takes the addresses as ready-made byref()
    # objects, which ctypes passes as they are; each keeps what it points to alive.
    m._arg = byref(m._ref)
    m._err_arg = byref(m._err)
    # The instance dict again, in a slot: Router.resolve clears it through this slot,
    # which Python reads faster than the generic __dict__ attribute (measured,
    # docs/PYTHON.md). The dict does not refer to the Match: no cycle.
    m._cache = m.__dict__
    return m
