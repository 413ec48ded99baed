"""Regular-expression constraints (`<re:name:regexp>`) are part of the pattern string: a
constrained route matches and captures, and what the linear-time engine refuses
(lookaround) is a PatternError at its byte."""

import pytest

from switchyard import PatternError, Router, _errors


def test_constraint_route_matches_and_captures(router: Router) -> None:
    router.add("/lang/<re:code:[a-z]{2,3}>", "Lang")
    router.add("/lang/:other", "Other")
    m = router.resolve("/lang/en")
    assert m.target == "Lang"
    assert m.params == {"code": "en"}
    m = router.resolve("/lang/english")
    assert m.target == "Other"


@pytest.mark.parametrize(
    "pattern, position, words",
    [
        ("/p/<re:x:a(?=b)>", 10, "lookahead"),
        ("/p/<re:x:(?<!a)b>", 9, "lookbehind"),
        ("/p/<re:x:(a)\\1>", 12, "backreference"),
    ],
)
def test_non_linear_constructs_are_refused_at_their_byte(router: Router, pattern: str, position: int, words: str) -> None:
    with pytest.raises(PatternError) as info:
        router.add(pattern, "T")
    assert info.value.code == _errors.SY_ERR_INVALID_PATTERN
    assert info.value.position == position, info.value.message
    assert words in info.value.message
    assert not router.resolve("/p/ab")
