"""Route fixtures: URLs and what resolving each must give, run against a Router.

    >>> from switchyard import Router
    >>> router = Router()
    >>> router.add("myapp://hotels/<int:hotel>", "Hotel", name="hotel")
    >>> result = router.run_fixtures('[{"url": "myapp://hotels/12", "route": "hotel", "params": {"hotel": 12}}]')
    >>> result.ok, result.passed
    (True, 1)

docs/TESTING-ROUTES.md describes the document; this is sy_router_run_fixtures of switchyard.h.
In a pytest test, ``router.run_fixtures("tests/routes.json").assert_ok()`` fails with every
case that did not pass, field by field.
"""

from __future__ import annotations

import ctypes
import json
import os
from ctypes import byref, c_size_t
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, List, Mapping, Optional, Tuple, Union

from . import _ffi
from ._errors import SY_ERR_BUFFER_TOO_SMALL, SY_OK
from ._ffi import SyError, SyFixtureResult
from ._text import utf8
from .navigation import _raise_for, _require

if TYPE_CHECKING:
    from ._router import Router

__all__ = ["FixtureResult", "FixtureFailure", "FixtureDifference", "Fixtures"]

#: A fixture document: JSON text (str or bytes starting with '[' or '{'), a list or dict
#: (serialised with json.dumps), or the path of a file holding one.
Fixtures = Union[str, bytes, "os.PathLike[str]", List[Any], Mapping[str, Any]]


@dataclass(frozen=True)
class FixtureDifference:
    """One field that differs, both sides written as in a fixture (``42``, ``"42"``)."""

    field: str
    expected: str
    got: str


@dataclass(frozen=True)
class FixtureFailure:
    """A case that did not pass: ``kind`` is "mismatch" (see ``differences``) or
    "fixture-error" (the case names a route the router lacks: see ``message``)."""

    index: int
    url: str
    description: Optional[str]
    line: int
    column: int
    kind: str
    message: Optional[str]
    differences: Tuple[FixtureDifference, ...]

    def __str__(self) -> str:
        about = self.url + (f" ({self.description})" if self.description else "")
        head = f"case {self.index} at line {self.line}, column {self.column}: {about}"
        if self.kind == "fixture-error":
            return f"{head}: {self.message}"
        return "\n".join([head] + [f"    {d.field}: expected {d.expected}, got {d.got}" for d in self.differences])


@dataclass(frozen=True)
class FixtureResult:
    """What ``Router.run_fixtures`` found. Truthy when every case passed."""

    cases: int
    passed: int
    failed: int
    fixture_errors: int
    failures: Tuple[FixtureFailure, ...]
    #: The routes no case reached, as (name or None, pattern).
    uncovered_routes: Tuple[Tuple[Optional[str], str], ...]
    #: The report as sy_router_run_fixtures writes it.
    json: str

    @property
    def ok(self) -> bool:
        return not self.failures

    def __bool__(self) -> bool:
        return self.ok

    def assert_ok(self) -> None:
        """Raise AssertionError listing every failure (for a test)."""
        if self.failures:
            raise AssertionError(f"{len(self.failures)} of {self.cases} route fixtures failed:\n"
                                 + "\n".join(str(f) for f in self.failures))


def _document(fixtures: object) -> bytes:
    if isinstance(fixtures, (list, tuple, Mapping)):
        return utf8(json.dumps(fixtures, ensure_ascii=False, allow_nan=False), "the fixtures")
    if isinstance(fixtures, str):
        if fixtures.lstrip()[:1] in ("[", "{"):
            return utf8(fixtures, "the fixtures")
        return _read(fixtures)
    if isinstance(fixtures, (bytes, bytearray)):
        if bytes(fixtures).lstrip()[:1] in (b"[", b"{"):
            return bytes(fixtures)
        return _read(os.fsdecode(bytes(fixtures)))
    if isinstance(fixtures, os.PathLike):
        return _read(os.fspath(fixtures))
    raise TypeError(f"run_fixtures takes JSON text, a list, a dict or a path, not {type(fixtures).__name__}")


def _read(path: Union[str, bytes]) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def _result(counts: SyFixtureResult, text: str) -> FixtureResult:
    doc = json.loads(text)
    failures = tuple(
        FixtureFailure(f["index"], f["url"], f["description"], f["line"], f["column"], f["kind"], f["message"],
                       tuple(FixtureDifference(d["field"], d["expected"], d["got"]) for d in f["differences"]))
        for f in doc["failures"])
    uncovered = tuple((r["name"], r["pattern"]) for r in doc["uncovered_routes"])
    return FixtureResult(counts.cases, counts.passed, counts.failed, counts.fixture_errors, failures, uncovered, text)


def _run_fixtures(router: "Router", fixtures: Fixtures) -> FixtureResult:
    """Router.run_fixtures (its docstring says what it does)."""
    data = _document(fixtures)
    run = _require(_ffi.sy_router_run_fixtures, "sy_router_run_fixtures")
    ref = router._ref()
    counts = SyFixtureResult()
    length = c_size_t()
    err = SyError()
    size = 4096
    status = SY_ERR_BUFFER_TOO_SMALL
    # A second call runs the cases again: the report may differ if the routes changed.
    for _ in range(3):
        buf = ctypes.create_string_buffer(size)
        status = run(byref(counts), buf, size, byref(length), ref, data, len(data), byref(err))
        if status == SY_OK:
            return _result(counts, buf.raw[: length.value].decode("utf-8"))
        if status != SY_ERR_BUFFER_TOO_SMALL:
            break
        size = length.value + 1
    _raise_for(status, err)
    raise AssertionError("sy_router_run_fixtures: the report kept growing between calls")
