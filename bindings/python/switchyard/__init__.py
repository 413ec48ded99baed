"""Switchyard: an embeddable URL and deep-link router (Python binding over libswitchyard).

    >>> import switchyard
    >>> router = switchyard.Router()
    >>> router.add("myapp://user/<int:id>", "UserProfile")
    >>> m = router.resolve("myapp://user/42?tab=a")
    >>> m.target, m.int("id"), m.str("tab")
    ('UserProfile', 42, 'a')

docs/PYTHON.md describes the API, the errors, lifetimes and threads.
"""

from __future__ import annotations

from typing import List

from . import _ffi
from ._errors import (
    ConflictError,
    FileError,
    InvalidArgumentError,
    InvalidURLError,
    LimitError,
    PatternError,
    RedirectError,
    ResumeTokenError,
    RouteChangedError,
    RouteGoneError,
    RuleError,
    Status,
    SwitchyardError,
    TokenExpiredError,
    TokenKeyError,
    TokenMalformedError,
    TokenTamperedError,
)
from ._match import Match
from ._router import Dialect, HostHandling, Precedence, Preset, Router, RouteSpec
from ._routes import DefaultValue, Route
from ._typed import ParamValue
from .introspection import ExplainedCandidate, Explanation
from .navigation import DECLINED, DispatchResult, Handler, StackEntry, UrlValue
from . import fixtures, introspection, links, navigation, requirements, stacks

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
    "ResumeTokenError",
    "TokenMalformedError",
    "TokenTamperedError",
    "TokenKeyError",
    "TokenExpiredError",
    "RouteGoneError",
    "RouteChangedError",
    "Status",
    "Route",
    "ParamValue",
    "DefaultValue",
    "UrlValue",
    "RouteSpec",
    "HostHandling",
    "Precedence",
    "Preset",
    "Dialect",
    "DispatchResult",
    "Handler",
    "DECLINED",
    "StackEntry",
    "Explanation",
    "ExplainedCandidate",
    "library_version",
]

#: The public submodules; the private ones (``_ffi``, ``_match``, ...) are not part of the API.
_SUBMODULES = ["fixtures", "introspection", "links", "navigation", "requirements"]


def library_version() -> str:
    """The version string of the loaded libswitchyard, e.g. "0.1.0"."""
    version: bytes = _ffi.sy_version_string()
    return version.decode()


def __dir__() -> List[str]:
    # dir(switchyard): the API and the public submodules, not the private modules the
    # import system also sets here.
    return sorted(__all__ + _SUBMODULES + ["__version__"])
