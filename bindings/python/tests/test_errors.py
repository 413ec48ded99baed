"""Every error class from bad input, the fields kept from sy_error, and the errcheck path."""

from __future__ import annotations

from typing import Any

import ctypes

import pytest

import switchyard
from switchyard import (
    ConflictError,
    InvalidArgumentError,
    InvalidURLError,
    LimitError,
    PatternError,
    RedirectError,
    RuleError,
    Router,
    SwitchyardError,
    _errors,
    _ffi,
)
from switchyard import Router


def test_hierarchy() -> None:
    for cls in (PatternError, ConflictError, RuleError, RedirectError, LimitError, InvalidURLError):
        assert issubclass(cls, SwitchyardError)
    assert issubclass(SwitchyardError, Exception)


@pytest.mark.parametrize(
    "pattern, position, words",
    [
        ("/a/<date:x>", 4, "date"),  # the type name
        ("/a/<int:x", 3, "<"),  # the unclosed '<'
        ("/a/:a:b", 5, "two parameters"),  # two parameters with no literal text between them
        ("/a/:x/:x", 7, "x"),  # the second use of a name
    ],
)
def test_pattern_error_with_position(router: Router, pattern: str, position: int, words: str) -> None:
    with pytest.raises(PatternError) as info:
        router.add(pattern, "T")
    exc = info.value
    assert exc.code == _errors.SY_ERR_INVALID_PATTERN
    assert exc.position == position, exc.message
    assert words in exc.message
    assert str(exc) == exc.message
    assert exc.args == (exc.code, exc.message, exc.position)


def test_pattern_errors_are_reported_not_added(router: Router) -> None:
    with pytest.raises(PatternError) as info:
        router.add("/a/<uuid:x", "T")
    assert info.value.position == 3
    with pytest.raises(PatternError):
        router.add("/a/b*c", "T")
    assert not router.resolve("/a/b*c")


def test_conflict_names_both_patterns(router: Router) -> None:
    router.add("/u/:id", "A")
    with pytest.raises(ConflictError) as info:
        router.add("/u/:name", "B")
    exc = info.value
    assert exc.code == _errors.SY_ERR_CONFLICT
    assert "/u/:id" in exc.message and "/u/:name" in exc.message
    # a different priority is not a conflict
    router.add("/u/:name", "B", priority=1)
    assert router.resolve("/u/x").target == "B"


@pytest.mark.parametrize(
    "url, position",
    [
        ("12:30/x", 0),  # the scheme must start with a letter
        ("/a/b\x01c", 4),  # a control character
        ("/a\x7f", 2),
        (b"/a/\xff", 3),  # not UTF-8
    ],
)
def test_invalid_url_with_position(router: Router, url: str, position: int) -> None:
    with pytest.raises(InvalidURLError) as info:
        router.resolve(url)
    assert info.value.code == _errors.SY_ERR_INVALID_URL
    assert info.value.position == position, info.value.message
    assert info.value.message


def test_positions_are_utf8_byte_offsets(router: Router) -> None:
    # 'é' is two bytes: the control character after it is at byte 4, index 3 in the str.
    with pytest.raises(InvalidURLError) as info:
        router.resolve("/é/\x02")
    assert info.value.position == 4


def test_surrogate_escaped_input_reaches_the_library_as_bytes(router: Router) -> None:
    # a str that came from the OS with surrogateescape is encoded back to its raw bytes
    bad = b"/x/\xff".decode("utf-8", "surrogateescape")
    with pytest.raises(InvalidURLError) as info:
        router.resolve(bad)
    assert info.value.position == 3


def test_url_limits() -> None:
    r = Router(max_url_length=20, max_segments=3)
    r.add("/a/*", "A")
    assert r.resolve("/a/b/c")
    with pytest.raises(LimitError) as info:
        r.resolve("/a/" + "b" * 30)
    assert info.value.code == _errors.SY_ERR_LIMIT
    with pytest.raises(LimitError):
        r.resolve("/a/b/c/d")
    r.close()


def test_pattern_limits() -> None:
    r = Router(max_pattern_length=10, max_parameters=2, max_segments=3)
    with pytest.raises(LimitError):
        r.add("/abcdefghijk", "T")
    with pytest.raises(LimitError):
        r.add("/:a/:b/:c", "T")
    with pytest.raises(LimitError):
        r.add("/a/b/c/d", "T")
    r.add("/:a/:b", "T")
    r.close()


def test_default_url_limit_is_32_kib(router: Router) -> None:
    router.add("/a/*", "A")
    assert router.resolve("/a/" + "x" * 1000)
    with pytest.raises(LimitError):
        router.resolve("/a/" + "x" * 40000)


def test_unknown_option_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        Router(strict=True)  # type: ignore[call-arg]  # the type checker catches it too


@pytest.mark.parametrize(
    "options",
    [
        {"strict_trailing_slash": "yes"},
        {"decode_path": 1},
        {"host_handling": "sometimes"},
        {"host_handling": 1},
        {"precedence": ["specificity"]},
        {"max_segments": -1},
        {"max_segments": 2**32},
        {"max_redirects": 1.5},
        {"max_url_length": True},
        {"web_schemes": "https"},
        {"web_schemes": [1]},
    ],
)
def test_bad_option_values_are_value_errors(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Router(**options)


@pytest.mark.parametrize(
    "options",
    [
        {"max_redirects": 1001},  # at most 1000
        {"max_url_length": 2**31},  # at most 1048576
        {"max_url_length": 1048577},
        {"web_schemes": ["HTTPS"]},  # must be lowercase ASCII
    ],
)
def test_options_the_library_rejects(options: dict[str, Any]) -> None:
    with pytest.raises(SwitchyardError) as info:
        Router(**options)
    assert info.value.code == _errors.SY_ERR_INVALID_ARGUMENT
    assert type(info.value) is InvalidArgumentError and isinstance(info.value, ValueError)
    assert info.value.message and "opts" not in info.value.message


def test_bad_default_value_from_the_library(router: Router) -> None:
    # Python checks the value types; an empty name is the library's to reject.
    with pytest.raises(SwitchyardError) as info:
        router.add("/a", "A", defaults={"": "x"})
    assert info.value.code == _errors.SY_ERR_INVALID_ARGUMENT


def test_unknown_status_maps_to_base_class() -> None:
    exc = _errors.error_for(-99, "from the future", None)
    assert type(exc) is SwitchyardError and exc.code == -99


def test_status_str_used_without_an_sy_error() -> None:
    exc = _ffi.error_from(_errors.SY_ERR_CONFLICT, None)
    assert type(exc) is ConflictError
    assert exc.message == _ffi.sy_status_str(_errors.SY_ERR_CONFLICT).decode() != ""
    assert exc.position is None


# ---------------------------------------------------------------- errcheck (libarchive-c)


def test_check_status_passes_ok() -> None:
    assert _ffi.check_status(0, None, ()) == 0


def test_check_status_reads_the_sy_error_argument() -> None:
    err = _ffi.SyError()
    err.code = _errors.SY_ERR_INVALID_PATTERN
    err.position = 7
    err.message = "unclosed '<' at 7".encode()
    with pytest.raises(PatternError) as info:
        _ffi.check_status(_errors.SY_ERR_INVALID_PATTERN, None, ("x", err))
    assert (info.value.code, info.value.message, info.value.position) == (-5, "unclosed '<' at 7", 7)


def test_check_status_without_error_struct_uses_the_status_string() -> None:
    with pytest.raises(LimitError) as info:
        _ffi.check_status(_errors.SY_ERR_LIMIT, None, (1, 2))
    assert info.value.message == _ffi.sy_status_str(_errors.SY_ERR_LIMIT).decode()


def test_errcheck_is_installed_on_status_functions() -> None:
    for name in ("sy_router_new", "sy_router_add", "sy_router_add_route", "sy_router_remove", "sy_match_new",
                 "sy_match_param_at", "sy_match_query_at", "sy_match_path_param_at", "sy_router_options_init"):
        assert getattr(_ffi, name).errcheck is _ffi.check_status, name


def test_monkeypatched_errcheck_sees_every_failing_call(monkeypatch: pytest.MonkeyPatch, router: Router) -> None:
    # Replace the errcheck of one declared function (libarchive-c's test style): the
    # binding must route the C status through it, and its exception must reach the caller.
    seen = []

    def spy(status: int, func: Any, args: tuple[Any, ...]) -> int:
        seen.append(status)
        return _ffi.check_status(status, func, args)

    monkeypatch.setattr(_ffi.sy_router_add_route, "errcheck", spy)
    router.add("/a/:x", "A")
    with pytest.raises(ConflictError):
        router.add("/a/:y", "B")
    assert seen == [0, _errors.SY_ERR_CONFLICT]


def test_unknown_code_from_the_library_is_the_base_class(monkeypatch: pytest.MonkeyPatch, router: Router) -> None:
    # A newer library may return a code this binding does not know.
    def future(status: int, func: Any, args: tuple[Any, ...]) -> int:
        err = args[-1]
        err.code, err.position, err.message = -42, 3, b"a future failure"
        return _ffi.check_status(-42, func, args)

    monkeypatch.setattr(_ffi.sy_router_add_route, "errcheck", future)
    with pytest.raises(SwitchyardError) as info:
        router.add("/b", "B")
    assert type(info.value) is SwitchyardError
    assert (info.value.code, info.value.message, info.value.position) == (-42, "a future failure", 3)


def test_opaque_types_are_distinct(router: Router) -> None:
    # Passing a match where a router is expected raises instead of crashing.
    m = router.resolve("/x")
    with pytest.raises(ctypes.ArgumentError):
        _ffi.sy_router_resolve(m._ref, m._ref, b"/x", 2, None)
    with pytest.raises(ctypes.ArgumentError):
        _ffi.sy_match_found(router._h)
    with pytest.raises(ctypes.ArgumentError):
        _ffi.sy_router_free(ctypes.c_void_p(0))


def test_misuse_from_c_is_a_switchyard_error() -> None:
    # A NULL router is SY_ERR_MISUSE, turned into the base class by errcheck.
    with pytest.raises(SwitchyardError) as info:
        _ffi.sy_router_add(_ffi.RouterRef(), b"/a", 2, b"A", 1, _ffi.SyError())
    assert info.value.code == _errors.SY_ERR_MISUSE
    assert type(info.value) is SwitchyardError


def test_public_names() -> None:
    for name in switchyard.__all__:
        assert hasattr(switchyard, name), name
