"""The exception hierarchy, one class per kind of failure a Python caller handles differently.

Each exception keeps the three fields of the C ``sy_error`` (libarchive-c's
``ArchiveError(msg, errno, retcode)``): the negative ``sy_status`` code, the message in
plain words, and the byte position in the input (``None`` where the C layer says -1).
Codes this binding does not know map to the base class, since the header allows new
codes to appear in later library versions.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Dict, Optional, Type


class Status(IntEnum):
    """The C ``sy_status`` codes (include/switchyard.h, never renumbered there), under their
    C names. An IntEnum, so ``err.code == -12`` and ``err.code == Status.SY_ERR_IO`` both
    hold."""

    __module__ = "switchyard"

    SY_OK = 0
    SY_ERR_MISUSE = -1
    SY_ERR_INTERNAL = -2
    SY_ERR_NOMEM = -3
    SY_ERR_INVALID_ARGUMENT = -4
    SY_ERR_INVALID_PATTERN = -5
    SY_ERR_CONFLICT = -6
    SY_ERR_INVALID_URL = -7
    SY_ERR_LIMIT = -8
    SY_ERR_RULE = -9
    SY_ERR_REDIRECT_LIMIT = -10
    SY_ERR_REDIRECT_LOOP = -11
    SY_ERR_IO = -12
    SY_ERR_BUFFER_TOO_SMALL = -13
    SY_ERR_REDIRECT_UNSAFE = -14
    SY_ERR_HANDLER = -15
    SY_ERR_NOT_FOUND = -16
    SY_ERR_TYPE = -17
    SY_ERR_TOKEN_MALFORMED = -20
    SY_ERR_TOKEN_TAMPERED = -21
    SY_ERR_TOKEN_OTHER_KEY = -22
    SY_ERR_TOKEN_EXPIRED = -23
    SY_ERR_ROUTE_GONE = -24
    SY_ERR_ROUTE_CHANGED = -25


# The codes as module constants, for the binding's own modules.
SY_OK = Status.SY_OK
SY_ERR_MISUSE = Status.SY_ERR_MISUSE
SY_ERR_INTERNAL = Status.SY_ERR_INTERNAL
SY_ERR_NOMEM = Status.SY_ERR_NOMEM
SY_ERR_INVALID_ARGUMENT = Status.SY_ERR_INVALID_ARGUMENT
SY_ERR_INVALID_PATTERN = Status.SY_ERR_INVALID_PATTERN
SY_ERR_CONFLICT = Status.SY_ERR_CONFLICT
SY_ERR_INVALID_URL = Status.SY_ERR_INVALID_URL
SY_ERR_LIMIT = Status.SY_ERR_LIMIT
SY_ERR_RULE = Status.SY_ERR_RULE
SY_ERR_REDIRECT_LIMIT = Status.SY_ERR_REDIRECT_LIMIT
SY_ERR_REDIRECT_LOOP = Status.SY_ERR_REDIRECT_LOOP
SY_ERR_IO = Status.SY_ERR_IO
SY_ERR_BUFFER_TOO_SMALL = Status.SY_ERR_BUFFER_TOO_SMALL
SY_ERR_REDIRECT_UNSAFE = Status.SY_ERR_REDIRECT_UNSAFE
SY_ERR_HANDLER = Status.SY_ERR_HANDLER


def _status(code: int) -> int:
    """``code`` as a Status when the binding knows it; a newer library's code as an int."""
    try:
        return Status(code)
    except ValueError:
        return code


class SwitchyardError(Exception):
    """A failure reported by libswitchyard, or a misuse of the binding.

    ``code`` is the C ``sy_status`` as a Status (a plain negative int for a code this
    binding does not know), ``message`` the sentence in plain words, ``position`` the
    0-based byte offset into the UTF-8 input (pattern, URL or rule document) that caused
    it, or ``None``; ``route_index`` the index of the route at fault in a batch
    (``Router.add_routes``), or ``None``. For an error in a rule document
    (``Router.load_rules``, ``load_rules_file``), ``document_position`` is its byte in the
    document, ``line`` and ``column`` its line and column (from 1, columns in characters);
    ``None`` otherwise.
    """

    __module__ = "switchyard"
    code: int
    message: str
    position: Optional[int]
    route_index: Optional[int]
    document_position: Optional[int]
    line: Optional[int]
    column: Optional[int]

    def __init__(self, code: int, message: str, position: Optional[int] = None,
                 route_index: Optional[int] = None) -> None:
        Exception.__init__(self, _status(code), message, position)
        self.code = _status(code)
        self.message = message
        self.position = position
        self.route_index = route_index
        self.document_position = None
        self.line = None
        self.column = None

    def __str__(self) -> str:
        return self.message


class PatternError(SwitchyardError):
    """A pattern is malformed (SY_ERR_INVALID_PATTERN); ``position`` is the byte."""

    __module__ = "switchyard"


class ConflictError(SwitchyardError):
    """A route has the same shape and priority as an existing one (SY_ERR_CONFLICT)."""

    __module__ = "switchyard"


class RuleError(SwitchyardError):
    """A rule document is invalid (SY_ERR_RULE); the message names the JSON path, and
    ``line``, ``column`` and ``document_position`` say where it is in the document."""

    __module__ = "switchyard"


class RedirectError(SwitchyardError):
    """A redirect chain is too long (SY_ERR_REDIRECT_LIMIT), loops (SY_ERR_REDIRECT_LOOP),
    or produced a URL that leaves its template's scheme or host or the redirect allowlist
    (SY_ERR_REDIRECT_UNSAFE)."""

    __module__ = "switchyard"


class LimitError(SwitchyardError):
    """An input is over one of the router's limits (SY_ERR_LIMIT)."""

    __module__ = "switchyard"


class InvalidURLError(SwitchyardError):
    """A URL cannot be read (SY_ERR_INVALID_URL); ``position`` is the byte."""

    __module__ = "switchyard"


class InvalidArgumentError(SwitchyardError, ValueError):
    """An argument or a Router option the library refuses (SY_ERR_INVALID_ARGUMENT): also
    a ValueError, like the checks the binding makes itself."""

    __module__ = "switchyard"


class FileError(SwitchyardError, OSError):
    """A file cannot be read (SY_ERR_IO): also an OSError. ``filename`` is the path."""

    __module__ = "switchyard"

    def __init__(self, code: int, message: str, position: Optional[int] = None,
                 route_index: Optional[int] = None) -> None:
        SwitchyardError.__init__(self, code, message, position, route_index)
        # OSError's own fields: no errno is known (the library reports none).
        self.errno = None
        self.strerror = message
        self.filename = None

    def __str__(self) -> str:
        return self.message


class ResumeTokenError(SwitchyardError):
    """``Router.resume`` refused a token; the subclass says why."""

    __module__ = "switchyard"


class TokenMalformedError(ResumeTokenError):
    """Not a resume token: bad characters, cut short, too long (SY_ERR_TOKEN_MALFORMED)."""

    __module__ = "switchyard"


class TokenTamperedError(ResumeTokenError):
    """The token's integrity tag does not match its content (SY_ERR_TOKEN_TAMPERED)."""

    __module__ = "switchyard"


class TokenKeyError(ResumeTokenError):
    """Another key made the token (SY_ERR_TOKEN_OTHER_KEY)."""

    __module__ = "switchyard"


class TokenExpiredError(ResumeTokenError):
    """The token is older than the router's maximum age (SY_ERR_TOKEN_EXPIRED)."""

    __module__ = "switchyard"


class RouteGoneError(ResumeTokenError):
    """The routes changed and no route takes the token's link now (SY_ERR_ROUTE_GONE)."""

    __module__ = "switchyard"


class RouteChangedError(ResumeTokenError):
    """The routes changed and the token's link opens another route now (SY_ERR_ROUTE_CHANGED)."""

    __module__ = "switchyard"


_CLASS_FOR_CODE: Dict[int, Type[SwitchyardError]] = {
    Status.SY_ERR_TOKEN_MALFORMED: TokenMalformedError,
    Status.SY_ERR_TOKEN_TAMPERED: TokenTamperedError,
    Status.SY_ERR_TOKEN_OTHER_KEY: TokenKeyError,
    Status.SY_ERR_TOKEN_EXPIRED: TokenExpiredError,
    Status.SY_ERR_ROUTE_GONE: RouteGoneError,
    Status.SY_ERR_ROUTE_CHANGED: RouteChangedError,
    SY_ERR_INVALID_PATTERN: PatternError,
    SY_ERR_CONFLICT: ConflictError,
    SY_ERR_RULE: RuleError,
    SY_ERR_REDIRECT_LIMIT: RedirectError,
    SY_ERR_REDIRECT_LOOP: RedirectError,
    SY_ERR_REDIRECT_UNSAFE: RedirectError,
    SY_ERR_LIMIT: LimitError,
    SY_ERR_INVALID_URL: InvalidURLError,
    SY_ERR_INVALID_ARGUMENT: InvalidArgumentError,
    SY_ERR_IO: FileError,
}


def error_for(code: int, message: str, position: Optional[int] = None,
              route_index: Optional[int] = None) -> SwitchyardError:
    """The exception for a status code: its subclass, or the base class when unknown."""
    return _CLASS_FOR_CODE.get(code, SwitchyardError)(code, message, position, route_index)
