"""Router(**options): each keyword reaches sy_router_options and changes behaviour."""

from __future__ import annotations

from typing import Any

import pytest

import switchyard
from switchyard import Match, Router


def routed(options: dict[str, Any], routes: list[tuple[str, str]], url: str) -> Match:
    r = Router(**options)
    try:
        for pattern, target in routes:
            r.add(pattern, target)
        return r.resolve(url)
    finally:
        r.close()


def test_defaults() -> None:
    m = routed({}, [("/a/b", "AB")], "/a//b/")
    assert m.target == "AB"


def test_strict_trailing_slash() -> None:
    assert routed({"strict_trailing_slash": False}, [("/a", "A")], "/a/")
    assert not routed({"strict_trailing_slash": True}, [("/a", "A")], "/a/")


def test_keep_empty_segments() -> None:
    assert routed({}, [("/a/b", "AB")], "/a//b")
    assert not routed({"keep_empty_segments": True}, [("/a/b", "AB")], "/a//b")


def test_case_insensitive_literals() -> None:
    assert not routed({}, [("/Users/:id", "U")], "/users/Bob")
    m = routed({"case_insensitive_literals": True}, [("/Users/:id", "U")], "/users/Bob")
    assert m.params == {"id": "Bob"}  # values keep their case


def test_plus_as_space_in_path() -> None:
    assert routed({}, [("/s/:q", "S")], "/s/a+b").params == {"q": "a+b"}
    assert routed({"plus_as_space_in_path": True}, [("/s/:q", "S")], "/s/a+b").params == {"q": "a b"}


def test_plus_as_space_in_query() -> None:
    assert routed({}, [("/s", "S")], "/s?q=a+b").query == {"q": ("a b",)}
    assert routed({"plus_as_space_in_query": False}, [("/s", "S")], "/s?q=a+b").query == {"q": ("a+b",)}


def test_decode_path() -> None:
    assert routed({}, [("/s/:q", "S")], "/s/a%20b").params == {"q": "a b"}
    assert routed({"decode_path": False}, [("/s/:q", "S")], "/s/a%20b").params == {"q": "a%20b"}


def test_trailing_wildcard_needs_segment() -> None:
    assert routed({}, [("/a/*", "A")], "/a")
    assert not routed({"trailing_wildcard_needs_segment": True}, [("/a/*", "A")], "/a")
    assert routed({"trailing_wildcard_needs_segment": True}, [("/a/*", "A")], "/a/b")


def test_query_over_path() -> None:
    assert routed({}, [("/u/:id", "U")], "/u/1?id=2").params == {"id": "1"}
    assert routed({"query_over_path": True}, [("/u/:id", "U")], "/u/1?id=2").params == {"id": "2"}


def test_host_handling() -> None:
    # default: a deep-link scheme's authority is the first path segment
    assert routed({}, [("/user/:id", "U")], "myapp://user/1")
    # always_segment: even https's host is a segment
    assert routed({"host_handling": "always_segment"}, [("/example.com/:id", "E")], "https://example.com/1")
    assert not routed({}, [("/example.com/:id", "E")], "https://example.com/1")
    # host_when_dotted: "user" is a segment, "example.com" a host
    assert routed({"host_handling": "host_when_dotted"}, [("/user/:id", "U")], "myapp://user/1")
    assert routed({"host_handling": "host_when_dotted"}, [("/:id", "I")], "myapp://example.com/1")
    assert routed({"host_handling": "web_schemes"}, [("/user/:id", "U")], "myapp://user/1")


def test_web_schemes() -> None:
    # with myapp as a web scheme, myapp://user/1 has the host "user" and the path /1
    assert routed({"web_schemes": ["myapp"]}, [("/:id", "I")], "myapp://user/1").params == {"id": "1"}
    assert routed({"web_schemes": []}, [("/example.com/:id", "E")], "https://example.com/1")


def test_precedence() -> None:
    routes = [("/a/:x", "Param"), ("/a/b", "Literal")]
    assert routed({}, routes, "/a/b").target == "Literal"
    assert routed({"precedence": "specificity"}, routes, "/a/b").target == "Literal"
    assert routed({"precedence": "registration_order"}, routes, "/a/b").target == "Param"
    routes = [("/:x/:y/c", "OneLiteral"), ("/a/b/:z", "TwoLiterals")]
    assert routed({"precedence": "most_literals"}, routes, "/a/b/c").target == "TwoLiterals"


@pytest.mark.parametrize("name", ["max_url_length", "max_segments", "max_parameters", "max_pattern_length",
                                  "max_document_size", "max_redirects", "max_alternatives"])
def test_every_limit_keyword_is_accepted(name: str) -> None:
    for value in (5, 0, None):  # 0 and None: the default
        options: dict[str, Any] = {name: value}
        Router(**options).close()


def test_max_alternatives_bounds_a_pattern() -> None:
    # "/a(/b)(/c)" has 4 alternatives; one group more gives 8.
    r = Router(max_alternatives=4)
    r.add("/a(/b)(/c)", "Four")
    with pytest.raises(switchyard.LimitError) as info:
        r.add("/a(/b)(/c)(/d)", "Eight")
    assert info.value.position == 10 and "alternatives" in str(info.value)
    r.close()
    r = Router()  # the default, 256
    r.add("/a(/b)(/c)(/d)", "Eight")
    r.close()


@pytest.mark.parametrize("value, error", [(257, switchyard.InvalidArgumentError), (-1, ValueError),
                                          ("4", ValueError), (True, ValueError)])
def test_max_alternatives_refused(value: object, error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        Router(max_alternatives=value)  # type: ignore[arg-type]  # wrong on purpose
    assert "max_alternatives" in str(info.value)

