"""Errors in Python's terms: codes as Status, the built-in kinds (ValueError, OSError),
route_index for a batch, and messages that name the Python argument, not the C field."""

from __future__ import annotations

from typing import Any

import pytest

import switchyard
from switchyard import InvalidArgumentError, Router, Status, SwitchyardError
from switchyard._messages import python_words

# Each limit option over the library's ceiling (SEMANTICS.md §7).
LIMITS = ["max_url_length", "max_segments", "max_parameters", "max_pattern_length",
          "max_document_size", "max_redirects"]


@pytest.mark.parametrize("option", LIMITS)
def test_a_limit_over_its_ceiling_names_the_keyword(option: str) -> None:
    with pytest.raises(ValueError) as info:
        options: dict[str, Any] = {option: 2**32 - 1}
        Router(**options)
    e = info.value
    assert isinstance(e, InvalidArgumentError) and e.code is Status.SY_ERR_INVALID_ARGUMENT
    assert e.message.startswith(f"{option} is 4294967295; at most ")
    assert "opts" not in e.message and "->" not in e.message


def test_a_web_scheme_the_library_refuses_names_the_keyword() -> None:
    with pytest.raises(ValueError) as info:
        Router(web_schemes=["ok", b"\xff"])
    assert isinstance(info.value, InvalidArgumentError)
    assert info.value.message.startswith("web_schemes[1] is not valid UTF-8")


@pytest.mark.parametrize("field, kwargs", [
    ("pattern", {"pattern": b"/a\xff", "target": "T"}),
    ("target", {"pattern": "/a", "target": b"\xfe"}),
    ("name", {"pattern": "/a", "target": "T", "name": b"\xfe"}),
])
def test_a_route_field_is_named_as_the_argument(router: Router, field: str, kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError) as info:
        router.add(**kwargs)
    assert isinstance(info.value, InvalidArgumentError)
    assert info.value.message.startswith(f"{field} is not valid UTF-8")


@pytest.mark.parametrize("c, python", [
    ("opts->max_redirects is 5000; at most 1000 is allowed", "max_redirects is 5000; at most 1000 is allowed"),
    ("opts->web_schemes[2] is absent", "web_schemes[2] is absent"),
    ("route.defaults gives 'x' twice", "defaults gives 'x' twice"),
    ("routes[3].pattern is not valid UTF-8 (byte 2)", "the pattern of routes[3] is not valid UTF-8 (byte 2)"),
    ("$.routes[0].pattern: unclosed '<' at 6", "$.routes[0].pattern: unclosed '<' at 6"),
    ("unknown type 'date' at 7", "unknown type 'date' at 7"),
])
def test_python_words(c: str, python: str) -> None:
    assert python_words(c) == python


def test_status_has_the_c_names() -> None:
    # An IntEnum equals its int (mypy's strict equality compares the two literals' types).
    assert Status.SY_ERR_IO == -12  # type: ignore[comparison-overlap]
    assert Status(-5) is Status.SY_ERR_INVALID_PATTERN
    assert [s.name for s in Status][:3] == ["SY_OK", "SY_ERR_MISUSE", "SY_ERR_INTERNAL"]


def test_err_code_is_a_status(router: Router) -> None:
    with pytest.raises(switchyard.PatternError) as info:
        router.add("/a/<date:d>", "T")
    assert info.value.code is Status.SY_ERR_INVALID_PATTERN
    assert info.value.code == -5  # type: ignore[comparison-overlap]  # an IntEnum equals its int


def test_an_unknown_code_stays_an_int() -> None:
    e = switchyard._errors.error_for(-99, "a future failure")
    assert type(e) is SwitchyardError and e.code == -99 and not isinstance(e.code, Status)
