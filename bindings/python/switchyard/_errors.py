"""The exception hierarchy, one class per kind of failure a Python caller handles differently.

Each exception keeps the three fields of the C ``sy_error`` (libarchive-c's
``ArchiveError(msg, errno, retcode)``): the negative ``sy_status`` code, the message in
plain words, and the byte position in the input (``None`` where the C layer says -1).
Codes this binding does not know map to the base class, since the header allows new
codes to appear in later library versions.
"""

# sy_status values from include/switchyard.h (never renumbered there).
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


class SwitchyardError(Exception):
    """A failure reported by libswitchyard, or a misuse of the binding.

    ``code`` is the C ``sy_status`` (negative), ``message`` the sentence the library
    wrote, ``position`` the 0-based byte offset into the UTF-8 input (pattern, URL or
    rule document) that caused it, or ``None``.
    """

    def __init__(self, code, message, position=None):
        super().__init__(code, message, position)
        self.code = code
        self.message = message
        self.position = position

    def __str__(self):
        return self.message


class PatternError(SwitchyardError):
    """A pattern is malformed (SY_ERR_INVALID_PATTERN); ``position`` is the byte."""


class ConflictError(SwitchyardError):
    """A route has the same shape and priority as an existing one (SY_ERR_CONFLICT)."""


class RuleError(SwitchyardError):
    """A rule document is invalid (SY_ERR_RULE); the message names the JSON path."""


class RedirectError(SwitchyardError):
    """A redirect chain is too long (SY_ERR_REDIRECT_LIMIT), loops (SY_ERR_REDIRECT_LOOP),
    or produced a URL that leaves its template's scheme or host or the redirect allowlist
    (SY_ERR_REDIRECT_UNSAFE)."""


class LimitError(SwitchyardError):
    """An input is over one of the router's limits (SY_ERR_LIMIT)."""


class InvalidURLError(SwitchyardError):
    """A URL cannot be read (SY_ERR_INVALID_URL); ``position`` is the byte."""


_CLASS_FOR_CODE = {
    SY_ERR_INVALID_PATTERN: PatternError,
    SY_ERR_CONFLICT: ConflictError,
    SY_ERR_RULE: RuleError,
    SY_ERR_REDIRECT_LIMIT: RedirectError,
    SY_ERR_REDIRECT_LOOP: RedirectError,
    SY_ERR_REDIRECT_UNSAFE: RedirectError,
    SY_ERR_LIMIT: LimitError,
    SY_ERR_INVALID_URL: InvalidURLError,
}


def error_for(code, message, position=None):
    """The exception for a status code: its subclass, or the base class when unknown."""
    return _CLASS_FOR_CODE.get(code, SwitchyardError)(code, message, position)
