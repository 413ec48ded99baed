"""Loading libswitchyard and declaring its C functions: the ctypes mirror of switchyard.h.

Flat on purpose (libarchive-c's ffi.py, llvmlite's ffi.py): the plain-data structs, the
library search, one errcheck that turns ``sy_status`` into exceptions, and one
declaration table. The Pythonic classes are in ``__init__.py``; nothing here is public.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import weakref
from ctypes import POINTER, c_char, c_char_p, c_double, c_int, c_int32, c_int64, c_size_t, c_uint32
from pathlib import Path
from typing import Any, Callable, Iterator, List, Protocol, Sequence, Tuple, TypeVar

from ._errors import SY_ERR_BUFFER_TOO_SMALL, SY_OK, error_for
from ._messages import python_words

#: The SY_VERSION_MAJOR this binding is written for; a library of another major is refused.
BINDING_MAJOR = 0
SY_ROUTER_OPTIONS_VERSION = 4
SY_ROUTE_VERSION = 3

#: A declared C function: ctypes converts the arguments by its argtypes, and the result
#: is its restype's Python value (an int for sy_status, bytes for a char *, a SyStr...).
CFunction = Callable[..., Any]


class CharPointer(Protocol):
    """A POINTER(c_char) field as the binding reads it: falsy when NULL, and a slice
    (``ptr[:len]``) copies the bytes out."""

    def __getitem__(self, index: slice) -> bytes: ...

    def __bool__(self) -> bool: ...


# ------------------------------------------------------------------------- plain data


class SyError(ctypes.Structure):
    """sy_error: caller-allocated, filled by the C function on failure."""

    _fields_ = [
        ("code", c_int),
        ("position", c_int32),
        ("route_index", c_int32),
        ("document_position", c_int32),
        ("message", c_char * 256),
    ]
    code: int
    position: int
    route_index: int
    document_position: int
    message: bytes


class SyStr(ctypes.Structure):
    """sy_str. ptr is a POINTER(c_char): falsy when NULL ("absent"), and slicing it
    (``ptr[:len]``) is the cheapest way ctypes has to copy the bytes out."""

    _fields_ = [("ptr", POINTER(c_char)), ("len", c_size_t)]
    ptr: CharPointer
    len: int


class SyRouteInfo(ctypes.Structure):
    """sy_route_info: one route of a router, its strings borrowed until the router changes."""

    _fields_ = [
        ("pattern", SyStr),
        ("target", SyStr),
        ("redirect", SyStr),
        ("name", SyStr),
        ("priority", c_int32),
        ("flags", c_uint32),
        ("from_document", c_int32),
        ("reserved", c_uint32),
        ("parent", SyStr),
    ]
    pattern: SyStr
    target: SyStr
    redirect: SyStr
    name: SyStr
    priority: int
    flags: int
    from_document: int


class SyParam(ctypes.Structure):
    """sy_param with its two sy_str members flattened into four fields.

    The layout is identical (an sy_str is two pointer-sized words, no padding); reading
    the flat fields saves creating a SyStr object per read on the params path, which
    the benchmark measures.
    """

    _fields_ = [
        ("name_ptr", POINTER(c_char)),
        ("name_len", c_size_t),
        ("text_ptr", POINTER(c_char)),
        ("text_len", c_size_t),
        ("type", c_int32),
        ("reserved", c_int32),
        ("int_value", c_int64),
        ("float_value", c_double),
    ]
    name_ptr: CharPointer
    name_len: int
    text_ptr: CharPointer
    text_len: int
    type: int
    int_value: int
    float_value: float


class SyRouterOptions(ctypes.Structure):
    _fields_ = [
        ("version", c_uint32),
        ("flags", c_uint32),
        ("host_handling", c_int32),
        ("precedence", c_int32),
        ("max_url_length", c_uint32),
        ("max_segments", c_uint32),
        ("max_parameters", c_uint32),
        ("max_pattern_length", c_uint32),
        ("max_document_size", c_uint32),
        ("max_redirects", c_uint32),
        ("web_schemes", POINTER(SyStr)),
        ("web_schemes_count", c_size_t),
        ("max_candidates", c_uint32),
        # Version 3.
        ("max_alternatives", c_uint32),
        # Version 4.
        ("pattern_reading", c_int32),
        ("host_prefixes", POINTER(SyStr)),
        ("host_prefixes_count", c_size_t),
        ("global_fallback_schemes", POINTER(SyStr)),
        ("global_fallback_schemes_count", c_size_t),
    ]
    version: int
    flags: int
    host_handling: int
    precedence: int
    max_url_length: int
    max_segments: int
    max_parameters: int
    max_pattern_length: int
    max_document_size: int
    max_redirects: int
    web_schemes: Any  # an (SyStr * n) array, read through its pointer
    web_schemes_count: int


class SyRoute(ctypes.Structure):
    _fields_ = [
        ("version", c_uint32),
        ("flags", c_uint32),
        ("pattern", SyStr),
        ("target", SyStr),
        ("redirect", SyStr),
        ("name", SyStr),
        ("defaults", POINTER(SyParam)),
        ("defaults_count", c_size_t),
        ("priority", c_int32),
        # Version 2: urlpattern search and hash patterns (absent: any).
        ("search", SyStr),
        ("hash", SyStr),
        # Version 3: the name of the route's parent in a screen stack (absent: none).
        ("parent", SyStr),
    ]
    version: int
    flags: int
    pattern: SyStr
    target: SyStr
    redirect: SyStr
    name: SyStr
    defaults: Any  # an (SyParam * n) array, read through its pointer
    defaults_count: int
    priority: int
    search: SyStr
    hash: SyStr
    parent: SyStr


# sy_router_options.flags and sy_route.flags bits.
SY_OPT_STRICT_TRAILING_SLASH = 1 << 0
SY_OPT_KEEP_EMPTY_SEGMENTS = 1 << 1
SY_OPT_CASE_INSENSITIVE_LITERALS = 1 << 2
SY_OPT_PLUS_AS_SPACE_IN_PATH = 1 << 3
SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY = 1 << 4
SY_OPT_NO_DECODE_PATH = 1 << 5
SY_OPT_TRAILING_WILDCARD_NEEDS_SEGMENT = 1 << 6
SY_OPT_QUERY_OVER_PATH = 1 << 7
SY_OPT_URLPATTERN_DIALECT = 1 << 8
SY_OPT_FRAGMENT_AS_PATH = 1 << 9
SY_OPT_ENCODED_PLUS_AS_SPACE = 1 << 10
SY_OPT_CASE_SENSITIVE_SCHEME = 1 << 11
SY_OPT_SCHEME_TABLES = 1 << 12
SY_OPT_NO_PARALLEL_BUILD = 1 << 13
SY_ROUTE_NO_APPEND_PARAMS = 1 << 0
SY_ROUTE_DIALECT_URLPATTERN = 1 << 1
SY_ROUTE_DIALECT_SWITCHYARD = 1 << 2
SY_ROUTE_IGNORE_CASE = 1 << 3
SY_BUILD_URL_REFUSE_EXTRA = 1 << 0
SY_BUILD_URL_WITH_DEFAULTS = 1 << 1

SY_VALUE_STRING, SY_VALUE_INT, SY_VALUE_FLOAT = 0, 1, 2
SY_PARAMS_MERGED, SY_PARAMS_PATH = 0, 1


# Distinct opaque pointer types (llvmlite's _make_opaque_ref): handing a match to a
# function that wants a router raises ctypes.ArgumentError instead of crashing.
#
# The binding passes the C objects themselves, as field-less Structure instances placed at
# the object's address (``RouterObj.from_address``): ctypes passes a Structure given for a
# POINTER(Structure) parameter by reference, which is the C pointer, and that conversion is
# much cheaper than converting a POINTER instance (measured: 5-argument resolve call
# ~880 -> ~550 ns on the development machine). The type check is the same: a MatchObj
# given for a RouterRef parameter is an ArgumentError.
class RouterObj(ctypes.Structure):
    """A C sy_router, as ctypes sees it: no fields, only an address."""


class MatchObj(ctypes.Structure):
    """A C sy_match, as ctypes sees it: no fields, only an address."""


RouterRef = POINTER(RouterObj)
MatchRef = POINTER(MatchObj)


_Obj = TypeVar("_Obj", "RouterObj", "MatchObj")


def _owned(obj_type: type[_Obj], out: Any, free: CFunction) -> _Obj:
    """The object at ``out`` as an obj_type that frees it when the last reference goes.

    weakref.finalize (not __del__) so the free never runs during interpreter teardown;
    atexit=False because at exit a daemon thread may still be using the object, and the
    OS reclaims the memory anyway. The finalizer holds the POINTER ``out``, not the
    object, so it does not keep the object alive.
    """
    obj = obj_type.from_address(ctypes.addressof(out.contents))
    weakref.finalize(obj, free, out).atexit = False
    return obj


def new_router(opts: SyRouterOptions) -> RouterObj:
    """sy_router_new -> an owning RouterObj (raises on failure)."""
    out = RouterRef()
    sy_router_new(ctypes.byref(out), opts, SyError())
    return _owned(RouterObj, out, sy_router_free)


def new_match() -> MatchObj:
    """sy_match_new -> an owning MatchObj (raises on failure)."""
    out = MatchRef()
    sy_match_new(ctypes.byref(out), SyError())
    return _owned(MatchObj, out, sy_match_free)


def str_in(data: bytes | None) -> Tuple[CharPointer | None, int]:
    """(ptr, len) of a bytes object for an input sy_str; None gives the absent (NULL, 0).

    The pointer refers to the bytes object's own buffer: the caller keeps ``data`` alive
    for the duration of the call.
    """
    if data is None:
        return None, 0
    ptr: CharPointer = ctypes.cast(c_char_p(data), POINTER(c_char))  # type: ignore[assignment]
    return ptr, len(data)


# ------------------------------------------------------------------------- loading


def _library_file_name() -> str:
    if sys.platform == "darwin":
        return "libswitchyard.dylib"
    if sys.platform == "win32":
        return "switchyard.dll"
    return "libswitchyard.so"


def _candidates() -> Iterator[Tuple[str, str]]:
    """(description, path) in the search order of STYLE.md 5.9, produced lazily (the
    system search runs subprocesses, so it only runs when the earlier candidates failed).

    SWITCHYARD_LIBRARY is exclusive when set: an explicit choice (ctest points it at
    the fresh build) must fail loudly rather than fall back to some other copy.
    """
    override = os.environ.get("SWITCHYARD_LIBRARY")
    if override:
        yield "SWITCHYARD_LIBRARY", override
        return
    name = _library_file_name()
    here = Path(__file__).resolve().parent
    # 1. A copy bundled in the package (a wheel built with the library inside).
    yield "bundled in the package", str(here / name)
    # 2. The repo's CMake build output, for PYTHONPATH=bindings/python after `make build`.
    repo = here.parents[2]
    if (repo / "include" / "switchyard.h").is_file():
        yield "the repo's CMake build", str(repo / "build" / name)
    # 3. The system: ctypes.util.find_library, then the plain name for the dynamic loader
    #    (which also reads LD_LIBRARY_PATH / DYLD_LIBRARY_PATH).
    system = ctypes.util.find_library("switchyard")
    if system:
        yield "ctypes.util.find_library", system
    if name.endswith(".so"):
        # The soname of the major this binding is written for: an installed library without
        # the development link (libswitchyard.so) has it (docs/ABI.md).
        yield "the dynamic loader's search path", f"{name}.{BINDING_MAJOR}"
    yield "the dynamic loader's search path", name


def _load() -> Tuple[ctypes.CDLL, str]:
    reasons: List[str] = []
    for how, path in _candidates():
        if os.sep in path and not os.path.exists(path):
            reasons.append(f"{how}: {path}: no such file")
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as exc:
            reasons.append(f"{how}: {path}: {exc}")
            continue
        # Smoke test (llvmlite's test_sym): a library without our symbols is not ours.
        if not hasattr(lib, "sy_version_number"):
            reasons.append(f"{how}: {path}: has no sy_version_number, not libswitchyard")
            continue
        return lib, path
    raise ImportError(
        "switchyard: could not load libswitchyard. Build it (`make build` in the repo) or set "
        "SWITCHYARD_LIBRARY to its path. A missing dependency of the library (for a SwiftPM "
        "build, libswiftCore.so) gives the same error. Tried:\n  " + "\n  ".join(reasons)
    )


lib, library_path = _load()
# The same library through PyDLL: its functions keep the GIL during the call. Used for the
# match accessors, which are short, and which must not run concurrently on one sy_match:
# holding the GIL makes each accessor call atomic with respect to other Python threads.
pylib = ctypes.PyDLL(library_path, handle=lib._handle)


# ------------------------------------------------------------------------- errors


def error_from(status: int, err: SyError | None) -> Exception:
    """The exception for a failed call, from its sy_error (or the status string), its
    message in Python's words (_messages.py)."""
    route_index: int | None = None
    document_position: int | None = None
    if err is not None and err.code == status and err.message:
        message = python_words(err.message.decode("utf-8", "replace"))
        position = err.position if err.position >= 0 else None
        route_index = err.route_index if err.route_index >= 0 else None
        document_position = err.document_position if err.document_position >= 0 else None
    else:
        message = sy_status_str(status).decode("utf-8", "replace")
        position = None
    exc = error_for(status, message, position, route_index)
    exc.document_position = document_position
    return exc


def check_status(status: int, func: Any, args: Tuple[Any, ...]) -> int:
    """errcheck for every sy_status function: SY_OK passes, anything else raises.

    The sy_error, when one was passed, is the last argument (the header's rule).
    """
    if status == SY_OK:
        return status
    err = args[-1] if args and isinstance(args[-1], SyError) else None
    raise error_from(status, err)


def check_status_sizing(status: int, func: Any, args: Tuple[Any, ...]) -> int:
    """errcheck for sy_match_to_json, sy_match_params_text and sy_match_params: SY_ERR_BUFFER_TOO_SMALL is
    the size query's answer."""
    if status == SY_ERR_BUFFER_TOO_SMALL:
        return status
    return check_status(status, func, args)


# ------------------------------------------------------------------------- declarations


def _declare(name: str, argtypes: Sequence[Any], restype: Any,
             errcheck: Callable[[int, Any, Tuple[Any, ...]], int] | None = None, *,
             keep_gil: bool = False) -> CFunction:
    """Declare one C function, with no ctypes defaults left (restype c_int truncates).

    ``keep_gil`` takes it from PyDLL.
    """
    fn = _declare_optional(name, argtypes, restype, errcheck, keep_gil=keep_gil)
    if fn is None:
        raise ImportError(f"switchyard: {library_path} has no {name}; it is not a matching libswitchyard")
    return fn


def _declare_optional(name: str, argtypes: Sequence[Any], restype: Any,
                      errcheck: Callable[[int, Any, Tuple[Any, ...]], int] | None = None, *,
                      keep_gil: bool = False) -> CFunction | None:
    """_declare for a function an older library may lack: None when it does (callers
    check)."""
    try:
        fn = getattr(pylib if keep_gil else lib, name)
    except AttributeError:
        return None
    fn.argtypes = argtypes
    fn.restype = restype
    if errcheck is not None:
        fn.errcheck = errcheck
    return fn  # type: ignore[no-any-return]


ErrPtr = POINTER(SyError)
StrPtr = POINTER(SyStr)
ParamPtr = POINTER(SyParam)

# Version and status (static strings, never freed).
sy_version_number = _declare("sy_version_number", [], c_uint32)
sy_version_string = _declare("sy_version_string", [], c_char_p)
sy_status_str = _declare("sy_status_str", [c_int], c_char_p)

# Options and routes.
sy_router_options_init = _declare(
    "sy_router_options_init", [POINTER(SyRouterOptions), c_uint32], c_int, check_status
)
sy_route_init = _declare("sy_route_init", [POINTER(SyRoute), c_uint32], c_int, check_status)
sy_router_options_preset = _declare(
    "sy_router_options_preset", [POINTER(SyRouterOptions), c_char_p, c_size_t, ErrPtr], c_int, check_status
)

# The router. Writers release the GIL: a big batch may take a while.
sy_router_new = _declare(
    "sy_router_new", [POINTER(RouterRef), POINTER(SyRouterOptions), ErrPtr], c_int, check_status
)
sy_router_free = _declare("sy_router_free", [RouterRef], None)
sy_router_add = _declare(
    "sy_router_add", [RouterRef, c_char_p, c_size_t, c_char_p, c_size_t, ErrPtr], c_int, check_status
)
sy_router_add_route = _declare(
    "sy_router_add_route", [RouterRef, POINTER(SyRoute), ErrPtr], c_int, check_status
)
sy_router_add_routes = _declare(
    "sy_router_add_routes", [RouterRef, POINTER(SyRoute), c_size_t, ErrPtr], c_int, check_status
)
sy_router_remove = _declare(
    "sy_router_remove", [POINTER(c_int), RouterRef, c_char_p, c_size_t, ErrPtr], c_int, check_status
)
# Rule documents: optional, so the package loads with a library that predates them.
sy_text_place = _declare_optional(
    "sy_text_place", [c_char_p, c_size_t, c_int32, POINTER(c_int32), POINTER(c_int32), ErrPtr], c_int, check_status)
sy_router_load_rules = _declare_optional(
    "sy_router_load_rules", [RouterRef, c_char_p, c_size_t, ErrPtr], c_int, check_status
)
sy_router_load_rules_file = _declare_optional(
    "sy_router_load_rules_file", [RouterRef, c_char_p, c_size_t, ErrPtr], c_int, check_status
)

class SyFixtureResult(ctypes.Structure):
    """sy_fixture_result: the counts of sy_router_run_fixtures."""

    _fields_ = [("cases", c_size_t), ("passed", c_size_t), ("failed", c_size_t),
                ("fixture_errors", c_size_t), ("uncovered_routes", c_size_t)]
    cases: int
    passed: int
    failed: int
    fixture_errors: int
    uncovered_routes: int


# Route fixtures (None if the library predates them): the counts, the report's JSON into a
# buffer (SY_ERR_BUFFER_TOO_SMALL is an answer there, so no errcheck).
sy_router_run_fixtures = _declare_optional(
    "sy_router_run_fixtures",
    [POINTER(SyFixtureResult), POINTER(c_char), c_size_t, POINTER(c_size_t), RouterRef, c_char_p, c_size_t, ErrPtr],
    c_int,
)


# Parameter types of the app's own (parameter_types.py): optional, as the rule documents.
#: int (*sy_type_parse_fn)(const char *text, size_t len, void *user_data)
SyTypeParseFn = ctypes.CFUNCTYPE(c_int, ctypes.c_void_p, c_size_t, ctypes.c_void_p)
#: int (*sy_type_format_fn)(const char *text, size_t len, char *buf, size_t cap, size_t *len_out,
#:                          void *user_data)
SyTypeFormatFn = ctypes.CFUNCTYPE(c_int, ctypes.c_void_p, c_size_t, ctypes.c_void_p, c_size_t,
                                  POINTER(c_size_t), ctypes.c_void_p)
#: void (*sy_release_fn)(void *data)
SyReleaseFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
SY_TYPE_ACCEPT = 1
SY_TYPE_DECLINE = 0
sy_router_register_type = _declare_optional(
    "sy_router_register_type",
    [RouterRef, c_char_p, c_size_t, SyTypeParseFn, SyTypeFormatFn, ctypes.c_void_p, SyReleaseFn, ErrPtr], c_int,
    check_status
)
sy_router_register_words = _declare_optional(
    "sy_router_register_words", [RouterRef, c_char_p, c_size_t, POINTER(SyStr), c_size_t, ErrPtr], c_int,
    check_status
)

# The match object.
sy_match_new = _declare("sy_match_new", [POINTER(MatchRef), ErrPtr], c_int, check_status)
sy_match_free = _declare("sy_match_free", [MatchRef], None)
# The hot path: no errcheck (a Python call per resolve); Router.resolve tests the status
# itself and hands failures to error_from(), so the outcome is the same as check_status.
# It releases the GIL (CDLL, not PyDLL) although the call is short: the first resolve
# after a change builds the new table under the router's lock (~100 ms for 10,000
# routes), and holding the GIL through that would stall every Python thread.
sy_router_resolve = _declare(
    "sy_router_resolve", [MatchRef, RouterRef, c_char_p, c_size_t, ErrPtr], c_int
)
# Router.resolve's own entry points: sy_router_resolve without argtypes, so ctypes
# converts nothing per call (declared argtypes measured ~100 ns more per resolve). Every
# argument is an object ctypes documents as a parameter of its C type, passed as it is:
# byref() for the pointers, bytes for the URL, None for the optional sy_error, and for
# the size_t length what c_size_t.from_param() returns (SIZE_ARGS). Nothing checks the
# types, so only Router.resolve uses them. The first keeps the GIL; the second releases
# it (for a resolve that may build a new table).
sy_router_resolve_raw = pylib["sy_router_resolve"]
sy_router_resolve_raw.restype = c_int
sy_router_resolve_raw_releasing_gil = lib["sy_router_resolve"]
sy_router_resolve_raw_releasing_gil.restype = c_int

# Router.resolve's own call: sy_router_resolve_params_text, without argtypes as above
# (the same arguments as sy_router_resolve_raw). Its restype c_char_p makes ctypes copy
# the returned text into a bytes object before the call returns (None for NULL), so the
# text is read in the call, before the match can be resolved into again.
sy_router_resolve_params_text_raw = pylib["sy_router_resolve_params_text"]
sy_router_resolve_params_text_raw.restype = c_char_p
sy_router_resolve_params_text_raw_releasing_gil = lib["sy_router_resolve_params_text"]
sy_router_resolve_params_text_raw_releasing_gil.restype = c_char_p
sy_router_resolve_params_text = _declare(
    "sy_router_resolve_params_text", [MatchRef, RouterRef, c_char_p, c_size_t, ErrPtr], c_char_p
)
# sy_router_resolve_params_cstr, the same resolve and text from three arguments (the
# match and the router as byref(), the URL as bytes, which ctypes passes NUL-terminated):
# each argument ctypes converts costs ~35 ns, so the two fewer (the length and the
# sy_error) and no length lookup measured ~60 ns less per resolve. A URL with a NUL byte,
# and a resolve that may build a new table (it releases the GIL), take
# sy_router_resolve_params_text.
sy_router_resolve_params_cstr_raw = pylib["sy_router_resolve_params_cstr"]
sy_router_resolve_params_cstr_raw.restype = c_char_p
sy_router_resolve_params_cstr = _declare(
    "sy_router_resolve_params_cstr", [MatchRef, RouterRef, c_char_p], c_char_p
)

# Router.resolve's call for a URL without a NUL byte: sy_resolver_params_cstr, the same
# resolve and text from two arguments, byref() of an SyResolver (the C match and the
# router, which each Scratch holds, filled for the router that uses it) and the URL as
# bytes. One argument fewer than sy_router_resolve_params_cstr measured ~450 instructions
# less per resolve (callgrind, CPython 3.11).
sy_resolver_params_cstr_raw = pylib["sy_resolver_params_cstr"]
sy_resolver_params_cstr_raw.restype = c_char_p


class SyResolver(ctypes.Structure):
    """sy_resolver: a C match and the router to resolve into it with, as addresses."""

    _fields_ = [("match", ctypes.c_void_p), ("router", ctypes.c_void_p)]


sy_resolver_params_cstr = _declare("sy_resolver_params_cstr", [POINTER(SyResolver), c_char_p], c_char_p)


def size_arg(n: int) -> Any:
    """n as a size_t function-call parameter: what c_size_t.from_param() returns, "an
    object that can be used as a function call parameter" (the ctypes reference). It is
    passed to C as it is, where a c_size_t instance is converted again on every call."""
    return c_size_t.from_param(n)


#: size_arg(n) for the lengths of most URLs, made once (making one per call measured
#: ~40 ns); longer inputs make their own.
SIZE_ARGS = tuple(size_arg(n) for n in range(1024))

# Accessors: short reads of one match, holding the GIL (see pylib above).
sy_match_found = _declare("sy_match_found", [MatchRef], c_int, keep_gil=True)
# The typed getters answer SY_ERR_NOT_FOUND and SY_ERR_TYPE as expected outcomes, so
# they have no errcheck: callers read the status.
sy_match_param_int = _declare("sy_match_param_int", [POINTER(c_int64), MatchRef, c_char_p, c_size_t, ErrPtr],
                              c_int, keep_gil=True)
sy_match_param_float = _declare("sy_match_param_float", [POINTER(c_double), MatchRef, c_char_p, c_size_t, ErrPtr],
                                c_int, keep_gil=True)
sy_match_param_bool = _declare("sy_match_param_bool", [POINTER(c_int), MatchRef, c_char_p, c_size_t, ErrPtr],
                               c_int, keep_gil=True)
sy_match_param_text = _declare("sy_match_param_text", [StrPtr, MatchRef, c_char_p, c_size_t, ErrPtr],
                               c_int, keep_gil=True)
# Deprecated in the header (1 or 0); kept while the library exports them.
sy_match_int = _declare("sy_match_int", [MatchRef, c_char_p, c_size_t, POINTER(c_int64)], c_int, keep_gil=True)
sy_match_float = _declare("sy_match_float", [MatchRef, c_char_p, c_size_t, POINTER(c_double)], c_int, keep_gil=True)
sy_match_text = _declare("sy_match_text", [MatchRef, c_char_p, c_size_t, StrPtr], c_int, keep_gil=True)
sy_router_route_count = _declare("sy_router_route_count", [RouterRef], c_size_t)
sy_router_route_at = _declare(
    "sy_router_route_at", [POINTER(SyRouteInfo), RouterRef, c_size_t, ErrPtr], c_int, check_status
)
sy_match_url = _declare("sy_match_url", [MatchRef], SyStr, keep_gil=True)
sy_match_pattern = _declare("sy_match_pattern", [MatchRef], SyStr, keep_gil=True)
sy_match_target = _declare("sy_match_target", [MatchRef], SyStr, keep_gil=True)
sy_match_name = _declare("sy_match_name", [MatchRef], SyStr, keep_gil=True)
sy_match_fragment = _declare("sy_match_fragment", [MatchRef], SyStr, keep_gil=True)
sy_match_remainder = _declare("sy_match_remainder", [MatchRef], SyStr, keep_gil=True)
sy_match_path_param_count = _declare(
    "sy_match_path_param_count", [MatchRef], c_size_t, keep_gil=True
)
sy_match_path_param_at = _declare(
    "sy_match_path_param_at", [ParamPtr, MatchRef, c_size_t, ErrPtr], c_int, check_status, keep_gil=True
)
sy_match_query_count = _declare("sy_match_query_count", [MatchRef], c_size_t, keep_gil=True)
sy_match_query_at = _declare(
    "sy_match_query_at", [StrPtr, StrPtr, MatchRef, c_size_t, ErrPtr], c_int, check_status, keep_gil=True
)
sy_match_param_count = _declare("sy_match_param_count", [MatchRef], c_size_t, keep_gil=True)
sy_match_param_at = _declare(
    "sy_match_param_at", [ParamPtr, MatchRef, c_size_t, ErrPtr], c_int, check_status, keep_gil=True
)
sy_match_param = _declare(
    "sy_match_param", [ParamPtr, POINTER(c_int), MatchRef, c_char_p, c_size_t, ErrPtr], c_int, check_status,
    keep_gil=True,
)
sy_match_redirect_count = _declare("sy_match_redirect_count", [MatchRef], c_size_t, keep_gil=True)
sy_match_redirect_at = _declare("sy_match_redirect_at", [MatchRef, c_size_t], SyStr, keep_gil=True)
sy_match_params_text = _declare(
    "sy_match_params_text", [POINTER(c_char), c_size_t, POINTER(c_size_t), MatchRef, c_int32, ErrPtr], c_int,
    check_status_sizing, keep_gil=True,
)
# The typed whole-list call of C callers (the binding reads lists as text, above: one
# decode of one buffer costs Python less than a ctypes structure per parameter).
sy_match_params = _declare(
    "sy_match_params", [ParamPtr, c_size_t, POINTER(c_size_t), MatchRef, c_int32, ErrPtr], c_int,
    check_status_sizing, keep_gil=True,
)
# Match.params' own entry point, without argtypes (as sy_router_resolve_raw above). The
# caller passes exactly (byref(c_char array), size_arg(cap), byref(c_size_t), byref(match
# object), `which` as _match._WHICH makes it, None). Only Match.params and
# Match.path_params use it, and they repeat a failed call through the declared function
# above for the error message.
sy_match_params_text_raw = pylib["sy_match_params_text"]
sy_match_params_text_raw.restype = c_int
sy_match_to_json = _declare(
    "sy_match_to_json", [POINTER(c_char), c_size_t, POINTER(c_size_t), MatchRef, ErrPtr], c_int,
    check_status_sizing, keep_gil=True,
)


# ------------------------------------------------------------------------- version check

library_version = sy_version_number()
if library_version // 10000 != BINDING_MAJOR:
    raise ImportError(
        f"switchyard: {library_path} is version {sy_version_string().decode()} (major "
        f"{library_version // 10000}); this binding needs major {BINDING_MAJOR}"
    )


def has_rules() -> bool:
    """Whether the loaded library can read rule documents."""
    return sy_router_load_rules is not None and sy_router_load_rules_file is not None


def declare_extension(name: str, argtypes: Sequence[Any], restype: Any = c_int) -> CFunction | None:
    """Declares one function of a section the feature modules (links, navigation) bind
    themselves, None if the library predates it, and enters it in this module's namespace:
    the binding's one table of the header's functions."""
    fn = getattr(lib, name, None)
    if fn is not None:
        fn.argtypes = argtypes
        fn.restype = restype
    globals()[name] = fn
    return fn

