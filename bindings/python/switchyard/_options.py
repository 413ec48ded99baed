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
    "fragment_as_path": (_ffi.SY_OPT_FRAGMENT_AS_PATH, False),
    "encoded_plus_as_space": (_ffi.SY_OPT_ENCODED_PLUS_AS_SPACE, False),
    "case_sensitive_scheme": (_ffi.SY_OPT_CASE_SENSITIVE_SCHEME, False),
    "scheme_tables": (_ffi.SY_OPT_SCHEME_TABLES, False),
    "parallel_build": (_ffi.SY_OPT_NO_PARALLEL_BUILD, True),
}

# The presets (sy_router_options_preset), in sy_pattern_reading order.
PRESETS = ("switchyard", "jlroutes", "urlnavigator", "mgjrouter", "deeplinkkit", "waapprouting",
           "kickstarter", "routingkit")

_CHOICES: Dict[str, Dict[str, int]] = {
    "host_handling": {"web_schemes": 0, "always_segment": 1, "host_when_dotted": 2, "always_host": 3},
    "precedence": {"specificity": 0, "registration_order": 1, "most_literals": 2, "code_point": 3},
    "pattern_reading": {name: k for k, name in enumerate(PRESETS)},
}

# Options that are lists of strings: (array field, count field).
_STRING_LISTS = {
    "web_schemes": ("web_schemes", "web_schemes_count"),
    "host_prefixes": ("host_prefixes", "host_prefixes_count"),
    "global_fallback_schemes": ("global_fallback_schemes", "global_fallback_schemes_count"),
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


def build_options(options: Mapping[str, object], preset: object = None) -> Tuple[SyRouterOptions, List[object]]:
    """A SyRouterOptions for the keywords, plus the objects its pointers refer to (keep
    them alive until sy_router_new returns). With a preset, its options first; a keyword
    that is None keeps the preset's value (or the default)."""
    opts = SyRouterOptions()
    _ffi.sy_router_options_init(opts, _ffi.SY_ROUTER_OPTIONS_VERSION)
    keep: List[object] = []
    if preset is not None:
        if not isinstance(preset, str):
            raise ValueError(f"Router option preset must be a preset name, not {preset!r}")
        name = utf8(preset, "a preset name")
        _ffi.sy_router_options_preset(opts, name, len(name), _ffi.SyError())
    for key, value in options.items():
        if value is None and (key in _FLAGS or key in _CHOICES or key == "dialect"):
            continue  # the preset's value, or the default
        if key in _FLAGS:
            bit, default = _FLAGS[key]
            if not isinstance(value, bool):
                raise ValueError(f"Router option {key} must be True or False, not {value!r}")
            if value != default:
                opts.flags |= bit
            else:
                opts.flags &= ~bit
        elif key in _CHOICES:
            choices = _CHOICES[key]
            if not isinstance(value, str) or value not in choices:
                raise InvalidArgumentError(
                    Status.SY_ERR_INVALID_ARGUMENT,
                    f"Router option {key} must be one of {', '.join(map(repr, choices))}, not {value!r}")
            setattr(opts, key, choices[value])
        elif key == "dialect":
            opts.flags &= ~_ffi.SY_OPT_URLPATTERN_DIALECT
            opts.flags |= dialect_flag(value, router=True)
        elif key in _LIMITS:
            if value is None:
                continue  # the library's default, like 0
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _UINT32_MAX:
                raise ValueError(f"Router option {key} must be an int from 0 (the default) up, not {value!r}")
            setattr(opts, key, value)
        elif key in _STRING_LISTS:
            if value is None:
                continue
            if isinstance(value, (str, bytes)):
                raise ValueError(f"Router option {key} must be a list of names, not one string")
            value = list(cast(Iterable[object], value))  # a non-iterable raises TypeError here, as before
            if not all(isinstance(s, (str, bytes)) for s in value):
                raise ValueError(f"Router option {key} must hold str, not {value!r}")
            names = [utf8(s, f"a name in {key}") for s in value]
            array = (SyStr * max(len(names), 1))()
            for slot, text in zip(array, names):
                slot.ptr, slot.len = _ffi.str_in(text)
            keep += [array, names]
            field, count = _STRING_LISTS[key]
            setattr(opts, field, array)
            setattr(opts, count, len(names))
        else:
            raise TypeError(f"Router() got an unexpected keyword argument {key!r}")
    return opts, keep
