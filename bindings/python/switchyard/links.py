"""App links: which app opens an https URL, offline (Universal Links and Android App Links).

    >>> from switchyard import links
    >>> aasa = {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"],
    ...                                   "components": [{"/": "/buy/*"}]}]}}
    >>> links.aasa_decisions(aasa, "example.com", "https://example.com/buy/42")
    [('ABCDE12345.com.example.app', 'match')]

An apple-app-site-association (AASA) file is evaluated as iOS evaluates it; Android's
``<data>`` patterns as AOSP's PatternMatcher matches them, with the site's assetlinks.json and
Android 15's dynamic rules; and both sites' files can be generated from a Router's https
routes. docs/APP-LINKS.md describes every function; these are the sy_links_* functions of
switchyard.h. Documents are given as a dict (or list), JSON text (str) or UTF-8 bytes.
"""

from __future__ import annotations

import ctypes
import json
import weakref
from collections.abc import Mapping, Sequence
from ctypes import POINTER, c_char, c_char_p, c_int, c_int32, c_size_t, c_uint32, c_void_p
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Literal, Optional, Tuple, TypedDict, Union

from . import _ffi
from ._errors import (SY_ERR_BUFFER_TOO_SMALL, SY_ERR_MISUSE, SY_OK, InvalidArgumentError, Status, SwitchyardError,
                      error_for)
from ._ffi import CFunction, CharPointer
from ._text import utf8
from .navigation import _require

from ._router import Router

__all__ = [
    "AASA",
    "aasa_decisions",
    "android_matches",
    "android_dynamic",
    "android_evaluate",
    "generate",
    "cross_check",
    "ANDROID_KINDS",
    "Decision",
    "Document",
    "Verdict",
]

#: A JSON document: a dict or list (serialised with json.dumps), JSON text, or its UTF-8
#: bytes.
Document = Union[Mapping[str, Any], List[Any], Tuple[Any, ...], str, bytes, bytearray]
#: What iOS decides for one app.
Verdict = Literal["match", "block"]


class Decision(TypedDict):
    """One app's decision for a URL (``AASA.decide``)."""

    app_id: str
    verdict: Verdict
    detail_index: int
    rule_index: int

# ------------------------------------------------------------------ ctypes declarations
# Declared here, next to their only user, from the "App links" section of switchyard.h.


class _Error(ctypes.Structure):
    """sy_error."""

    _fields_ = [
        ("code", c_int),
        ("position", c_int32),
        ("reserved", c_uint32 * 2),
        ("message", c_char * 256),
    ]
    code: int
    position: int
    message: bytes


class _Str(ctypes.Structure):
    """sy_str."""

    _fields_ = [("ptr", POINTER(c_char)), ("len", c_size_t)]
    ptr: CharPointer
    len: int


class _Decision(ctypes.Structure):
    """sy_links_decision."""

    _fields_ = [
        ("app_id", _Str),
        ("verdict", c_int32),
        ("detail_index", c_int32),
        ("rule_index", c_int32),
        ("reserved", c_int32),
    ]
    app_id: _Str
    verdict: int
    detail_index: int
    rule_index: int


_SY_LINKS_MATCH, _SY_LINKS_BLOCK = 1, 2
_SY_LINKS_ALLOW_HTTP = 1 << 0
_SY_LINKS_LEGACY_SIMPLE_GLOB = 1 << 0

#: The kinds of Android <data> patterns, by the names android-vectors.json uses.
ANDROID_KINDS: Dict[str, int] = {"literal": 0, "prefix": 1, "simpleGlob": 2, "advancedGlob": 3, "suffix": 4, "host": 5}

_lib: ctypes.CDLL = getattr(_ffi, "lib", None) or ctypes.CDLL(_ffi.library_path)


def _raise_for(status: int, err: _Error) -> None:
    if status == SY_OK:
        return
    message = err.message.decode("utf-8", "replace") if err.code == status and err.message else f"status {status}"
    raise error_for(status, message, err.position if err.position >= 0 else None)


def _declare(name: str, argtypes: Any, restype: Any = c_int) -> Optional[CFunction]:
    """Declares one sy_links_* function (None if the library predates it)."""
    return _ffi.declare_extension(name, argtypes, restype)


_ErrP = POINTER(_Error)
_SizeP = POINTER(c_size_t)
_BufP = POINTER(c_char)

sy_links_aasa_new = _declare("sy_links_aasa_new", [POINTER(c_void_p), c_char_p, c_size_t, c_uint32, c_size_t, _ErrP])
sy_links_aasa_free = _declare("sy_links_aasa_free", [c_void_p], None)
sy_links_aasa_findings = _declare("sy_links_aasa_findings", [_BufP, c_size_t, _SizeP, c_void_p, _ErrP])
sy_links_aasa_decide = _declare(
    "sy_links_aasa_decide",
    [POINTER(_Decision), c_size_t, _SizeP, c_void_p, c_char_p, c_size_t, c_char_p, c_size_t, _ErrP],
)
sy_links_android_match = _declare(
    "sy_links_android_match", [POINTER(c_int), c_int32, c_uint32, c_char_p, c_size_t, c_char_p, c_size_t, _ErrP]
)
sy_links_android_dynamic = _declare(
    "sy_links_android_dynamic", [POINTER(c_int), c_char_p, c_size_t, c_char_p, c_size_t, _ErrP]
)
sy_links_android_evaluate = _declare(
    "sy_links_android_evaluate",
    [_BufP, c_size_t, _SizeP, c_char_p, c_size_t, c_char_p, c_size_t, c_char_p, c_size_t, _ErrP],
)
sy_links_generate = _declare("sy_links_generate", [_BufP, c_size_t, _SizeP, c_void_p, c_char_p, c_size_t, _ErrP])
sy_links_cross_check = _declare(
    "sy_links_cross_check",
    [_BufP, c_size_t, _SizeP, c_void_p, c_void_p, c_char_p, c_size_t, c_char_p, c_size_t, _ErrP],
)


# ------------------------------------------------------------------ helpers


def _text(value: object, what: str) -> bytes:
    """UTF-8 bytes of a str or bytes argument."""
    if isinstance(value, str):
        return utf8(value, what)
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    raise TypeError(f"{what} must be str or bytes, not {type(value).__name__}")


def _document(value: object, what: str) -> bytes:
    """A document as UTF-8 JSON bytes: a dict or list is serialised (member order kept)."""
    if isinstance(value, (Mapping, list, tuple)):
        # A lone surrogate becomes bytes that are not UTF-8: the library refuses them with
        # their position, as it does for text.
        return utf8(json.dumps(value, ensure_ascii=False, allow_nan=False), what)
    return _text(value, what)


def _json_call(call: Optional[CFunction], *args: Any) -> Any:
    """Calls a sy_links_* function that writes JSON into a buffer; returns the parsed JSON."""
    size = 16384
    for _ in range(3):
        buf = ctypes.create_string_buffer(size)
        length = c_size_t()
        err = _Error()
        status = call(buf, size, ctypes.byref(length), *args, ctypes.byref(err))  # type: ignore[misc]  # callers _require it
        if status == SY_ERR_BUFFER_TOO_SMALL:
            size = length.value + 1
            continue
        _raise_for(status, err)
        return json.loads(buf.raw[: length.value].decode("utf-8"))
    raise SwitchyardError(SY_ERR_BUFFER_TOO_SMALL, "the answer kept growing between calls", None)


def _router_address(router: Router) -> Tuple[_ffi.RouterObj, int]:
    """The C router of a switchyard.Router, as an address (kept alive by the caller's Router)."""
    ref = getattr(router, "_ref", None)
    if ref is None:
        raise TypeError(f"router must be a switchyard.Router, not {type(router).__name__}")
    return ref(), ctypes.addressof(ref())


# ------------------------------------------------------------------ AASA


class AASA:
    """A compiled apple-app-site-association file: compile once, evaluate many URLs.

    ``AASA(doc, allow_http=False, size_limit=0)``; ``doc`` is a dict, JSON text or bytes.
    Raises RuleError (the message names the JSON path) for a file iOS cannot use, and
    LimitError for a file over ``size_limit`` bytes (0: Apple's 128 KiB, over which iOS
    ignores the file; a validator may raise it, up to 16 MiB, and gets a finding instead).
    Thread-safe; ``close()`` (or ``with``) releases it early.
    """

    __slots__ = ("_h", "__weakref__")
    _h: Optional[c_void_p]

    def __init__(self, doc: Document, *, allow_http: bool = False, size_limit: int = 0) -> None:
        new = _require(sy_links_aasa_new, "sy_links_aasa_new")
        data = _document(doc, "the AASA file")
        handle = c_void_p()
        err = _Error()
        flags = _SY_LINKS_ALLOW_HTTP if allow_http else 0
        _raise_for(new(ctypes.byref(handle), data, len(data), flags, size_limit, ctypes.byref(err)), err)
        self._h = handle
        weakref.finalize(self, sy_links_aasa_free, handle.value).atexit = False  # type: ignore[arg-type]

    def close(self) -> None:
        """Forget the compiled file (it is freed once no call uses it). Idempotent."""
        self._h = None

    def __enter__(self) -> AASA:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _handle(self) -> c_void_p:
        if self._h is None:
            raise SwitchyardError(SY_ERR_MISUSE, "the AASA file is closed", None)
        return self._h

    @property
    def findings(self) -> List[Dict[str, str]]:
        """What the file says that iOS ignores or that never matches: a list of
        ``{"severity": "warning" | "error", "path": "$...", "message": "..."}``."""
        findings: List[Dict[str, str]] = _json_call(sy_links_aasa_findings, self._handle())
        return findings

    def decide(self, host: Union[str, bytes], url: Union[str, bytes]) -> List[Decision]:
        """Every app decided for ``url`` on ``host``, in decision order: dicts with
        ``app_id``, ``verdict`` ("match" or "block"), ``detail_index`` and ``rule_index``."""
        h = self._handle()
        host_b, url_b = _text(host, "host"), _text(url, "url")
        cap = 8
        while True:
            out = (_Decision * cap)()
            count = c_size_t()
            err = _Error()
            decide = sy_links_aasa_decide  # present with sy_links_aasa_new
            status = decide(out, cap, ctypes.byref(count), h, host_b, len(host_b), url_b, len(url_b),  # type: ignore[misc]
                                  ctypes.byref(err))
            if status == SY_ERR_BUFFER_TOO_SMALL:
                cap = count.value
                continue
            _raise_for(status, err)
            return [
                {
                    "app_id": d.app_id.ptr[: d.app_id.len].decode("utf-8"),
                    "verdict": "match" if d.verdict == _SY_LINKS_MATCH else "block",
                    "detail_index": d.detail_index,
                    "rule_index": d.rule_index,
                }
                for d in out[: count.value]
            ]

    def decisions(self, host: Union[str, bytes], url: Union[str, bytes]) -> List[Tuple[str, Verdict]]:
        """``[(app_id, "match" | "block"), ...]`` for ``url`` on ``host``, in decision order."""
        return [(d["app_id"], d["verdict"]) for d in self.decide(host, url)]

    def __repr__(self) -> str:
        return f"<switchyard.links.AASA {'closed' if self._h is None else 'open'}>"


def aasa_decisions(aasa: Union[AASA, Document], host: Union[str, bytes],
                   url: Union[str, bytes]) -> List[Tuple[str, Verdict]]:
    """``[(app_id, "match" | "block"), ...]``: what iOS decides for ``url`` with the AASA file
    ``aasa`` (a dict, JSON text or bytes) served by ``host``. The app that opens the URL is
    the first "match" that is installed; an empty list means Safari opens it."""
    if isinstance(aasa, AASA):
        return aasa.decisions(host, url)
    with AASA(aasa) as compiled:
        return compiled.decisions(host, url)


# ------------------------------------------------------------------ Android


def android_matches(kind: str, pattern: Union[str, bytes], text: Union[str, bytes], *,
                    legacy: bool = False) -> bool:
    """Whether ``text`` (a decoded path; a host for "host") matches one Android <data> pattern.

    ``kind``: "literal" (android:path), "prefix", "simpleGlob" (pathPattern), "advancedGlob"
    (pathAdvancedPattern), "suffix" or "host". ``legacy``: read an escaped '.' in a simple glob
    as a wildcard, as framework sources up to Android 15 do. An advanced glob Android rejects
    raises PatternError.
    """
    fn = _require(sy_links_android_match, "sy_links_android_match")
    if kind not in ANDROID_KINDS:
        raise InvalidArgumentError(Status.SY_ERR_INVALID_ARGUMENT,
                                   f"kind must be one of {', '.join(ANDROID_KINDS)}, not {kind!r}")
    p, t = _text(pattern, "pattern"), _text(text, "text")
    matched = c_int()
    err = _Error()
    flags = _SY_LINKS_LEGACY_SIMPLE_GLOB if legacy else 0
    _raise_for(fn(ctypes.byref(matched), ANDROID_KINDS[kind], flags, p, len(p), t, len(t), ctypes.byref(err)), err)
    return matched.value == 1


def android_dynamic(rules: Document, path_and_query: Union[str, bytes]) -> Literal["open", "excluded"]:
    """"open" or "excluded": Android 15's dynamic rules (a ``dynamic_app_link_components``
    list) for a path with its query and fragment. Rules Android drops (a malformed or empty
    field) give "open": the manifest alone decides."""
    fn = _require(sy_links_android_dynamic, "sy_links_android_dynamic")
    r, p = _document(rules, "rules"), _text(path_and_query, "path_and_query")
    is_open = c_int()
    err = _Error()
    _raise_for(fn(ctypes.byref(is_open), r, len(r), p, len(p), ctypes.byref(err)), err)
    return "open" if is_open.value == 1 else "excluded"


def android_evaluate(app: Document, url: Union[str, bytes], assetlinks: Optional[Document] = None) -> Dict[str, Any]:
    """Would the Android ``app`` open ``url`` as a verified App Link?

    ``app`` describes the app (docs/APP-LINKS.md: package, sha256_cert_fingerprints, filters
    with one object per <data> element); ``assetlinks`` is the URL's host's assetlinks.json,
    or None to leave verification unchecked. Returns ``{"opens", "filter_index", "verified",
    "dynamic", "reasons", "findings"}``. Raises LimitError past Android's verifier's limits:
    an assetlinks.json over 1 MiB, or autoVerify hosts over 1 MiB as Android counts them.
    """
    fn = _require(sy_links_android_evaluate, "sy_links_android_evaluate")
    a = _document(app, "app")
    links = None if assetlinks is None else _document(assetlinks, "assetlinks")
    u = _text(url, "url")
    result: Dict[str, Any] = _json_call(fn, a, len(a), links, 0 if links is None else len(links), u, len(u))
    return result


# ------------------------------------------------------------------ from a router


def generate(router: Router, domain: str, app_ids: Sequence[str] = (), *, package: Optional[str] = None,
             fingerprints: Iterable[str] = (), names: Optional[Iterable[str]] = None,
             targets: Optional[Iterable[str]] = None) -> Dict[str, Any]:
    """The AASA components and Android intent filters for ``router``'s https routes that
    reach ``domain``: ``{"aasa", "android", "assetlinks", "manifest_xml", "rules",
    "skipped", "notes"}``. ``names`` / ``targets`` choose a subset of the routes; each rule's
    ``widened`` list names the URLs the system opens that the router does not match."""
    fn = _require(sy_links_generate, "sy_links_generate")
    if isinstance(app_ids, str) or not isinstance(app_ids, Sequence):
        raise TypeError("app_ids must be a list of strings")
    request: Dict[str, object] = {"domain": domain, "app_ids": list(app_ids)}
    if package is not None:
        request["package"] = package
    if fingerprints:
        request["sha256_cert_fingerprints"] = list(fingerprints)
    if names is not None:
        request["names"] = list(names)
    if targets is not None:
        request["targets"] = list(targets)
    data = utf8(json.dumps(request, ensure_ascii=False), "the request")
    keep, address = _router_address(router)
    result: Dict[str, Any] = _json_call(fn, address, data, len(data))
    del keep
    return result


def cross_check(router: Router, aasa: Union[AASA, Document], host: Union[str, bytes],
                app_id: Union[str, bytes]) -> Dict[str, Any]:
    """The routes of ``router`` whose links ``aasa`` (served by ``host``) does not open in
    ``app_id`` (``routes_not_opened``), and the file's rules for the app that open URLs no
    route handles (``rules_not_handled``), found by example URLs."""
    fn = _require(sy_links_cross_check, "sy_links_cross_check")
    compiled = aasa if isinstance(aasa, AASA) else AASA(aasa)
    h, a = _text(host, "host"), _text(app_id, "app_id")
    keep, address = _router_address(router)
    result: Dict[str, Any] = _json_call(fn, address, compiled._handle(), h, len(h), a, len(a))
    del keep
    return result
