"""Router(**options) keywords -> a filled sy_router_options (from sy_router_options_init).

Python-side checks raise TypeError (unknown keyword) or ValueError (a value of the wrong
kind or out of the C field's range); ranges the C library checks itself (a limit over its
ceiling, e.g. max_url_length over 1048576 or max_redirects over 1000, a web scheme that is
not lowercase ASCII) come back
from sy_router_new() as SwitchyardError.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Mapping, Tuple, cast

from . import _ffi
from ._errors import InvalidArgumentError, Status
from ._ffi import SyRouterOptions, SyStr
from ._text import utf8

# keyword -> (flag bit, the default value); the bit is set when the value differs.
_FLAGS: Dict[str, Tuple[int, bool]] = {
    "strict_trailing_slash": (_ffi.SY_OPT_STRICT_TRAILING_SLASH, False),
    "keep_empty_segments": (_ffi.SY_OPT_KEEP_EMPTY_SEGMENTS, False),
    "case_insensitive_literals": (_ffi.SY_OPT_CASE_INSENSITIVE_LITERALS, False),
    "plus_as_space_in_path": (_ffi.SY_OPT_PLUS_AS_SPACE_IN_PATH, False),
    "plus_as_space_in_query": (_ffi.SY_OPT_NO_PLUS_AS_SPACE_IN_QUERY, True),
    "decode_path": (_ffi.SY_OPT_NO_DECODE_PATH, True),
    "trailing_wildcard_needs_segment": (_ffi.SY_OPT_TRAILING_WILDCARD_NEEDS_SEGMENT, False),
    "query_over_path": (_ffi.SY_OPT_QUERY_OVER_PATH, False),
}

_CHOICES: Dict[str, Dict[str, int]] = {
    "host_handling": {"web_schemes": 0, "always_segment": 1, "host_when_dotted": 2},
    "precedence": {"specificity": 0, "registration_order": 1, "most_literals": 2},
}

_LIMITS = (
    "max_url_length",
    "max_segments",
    "max_parameters",
    "max_pattern_length",
    "max_document_size",
    "max_redirects",
    "max_candidates",
    "max_alternatives",
)

_UINT32_MAX = 2**32 - 1


def dialect_flag(value: object, *, router: bool) -> int:
    """The flag bit of a dialect name: "switchyard" or "urlpattern" (None: the router's,
    for a route). InvalidArgumentError (a ValueError) for anything else."""
    if value is None and not router:
        return 0
    if value == "urlpattern":
        return _ffi.SY_OPT_URLPATTERN_DIALECT if router else _ffi.SY_ROUTE_DIALECT_URLPATTERN
    if value == "switchyard":
        return 0 if router else _ffi.SY_ROUTE_DIALECT_SWITCHYARD
    what = "Router option dialect" if router else "dialect"
    raise InvalidArgumentError(Status.SY_ERR_INVALID_ARGUMENT,
                               f"{what} must be 'switchyard' or 'urlpattern', not {value!r}")


def build_options(options: Mapping[str, object]) -> Tuple[SyRouterOptions, List[object]]:
    """A SyRouterOptions for the keywords, plus the objects its pointers refer to (keep
    them alive until sy_router_new returns)."""
    opts = SyRouterOptions()
    _ffi.sy_router_options_init(opts, _ffi.SY_ROUTER_OPTIONS_VERSION)
    keep: List[object] = []
    for key, value in options.items():
        if key in _FLAGS:
            bit, default = _FLAGS[key]
            if not isinstance(value, bool):
                raise ValueError(f"Router option {key} must be True or False, not {value!r}")
            if value != default:
                opts.flags |= bit
        elif key in _CHOICES:
            choices = _CHOICES[key]
            if not isinstance(value, str) or value not in choices:
                raise InvalidArgumentError(
                    Status.SY_ERR_INVALID_ARGUMENT,
                    f"Router option {key} must be one of {', '.join(map(repr, choices))}, not {value!r}")
            setattr(opts, key, choices[value])
        elif key == "dialect":
            opts.flags |= dialect_flag(value, router=True)
        elif key in _LIMITS:
            if value is None:
                continue  # the library's default, like 0
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _UINT32_MAX:
                raise ValueError(f"Router option {key} must be an int from 0 (the default) up, not {value!r}")
            setattr(opts, key, value)
        elif key == "web_schemes":
            if value is None:
                continue
            if isinstance(value, (str, bytes)):
                raise ValueError("Router option web_schemes must be a list of scheme names, not one string")
            value = cast(Iterable[object], value)  # a non-iterable raises TypeError here, as before
            if not all(isinstance(s, (str, bytes)) for s in value):
                raise ValueError(f"Router option web_schemes must hold str, not {value!r}")
            schemes = [utf8(s, "a web scheme") for s in value]
            array = (SyStr * max(len(schemes), 1))()
            for slot, scheme in zip(array, schemes):
                slot.ptr, slot.len = _ffi.str_in(scheme)
            keep += [array, schemes]
            opts.web_schemes = array
            opts.web_schemes_count = len(schemes)
        else:
            raise TypeError(f"Router() got an unexpected keyword argument {key!r}")
    return opts, keep
