"""Match fields, typed values, text round trips, and to_dict() == the C library's JSON."""

from __future__ import annotations

from typing import Any, Iterator

import json
import uuid

import pytest

from switchyard import Router

ROUTES: list[tuple[str, dict[str, Any]]] = [
    ("myapp://user/<int:id>", {"target": "UserProfile", "name": "user"}),
    ("https://blog.example.com/:user/article/details/:id", {"target": "BlogDetail"}),
    ("myapp://live/room/:id", {"target": "LiveRoom", "defaults": {"tab": "chat", "n": 1, "r": 0.25}}),
    ("/f/<float:x>/*", {"target": "F"}),
    ("/u/<uuid:u>", {"target": "U"}),
    ("/docs/<path:rest>", {"target": "Docs"}),
    ("/opt(/:a)(/:b)", {"target": "Opt"}),
    ("https://*.example.com/s/*tail", {"target": "Wild"}),
]

URLS = [
    "myapp://user/42?tab=a",
    "myapp://user/-7?tab=a&tab=b&x#frag",
    "https://blog.example.com/ann/article/details/99?from=feed",
    "https://BLOG.example.com:443/ann/article/details/%E2%9C%93",
    "myapp://live/room/r1?n=5",
    "/f/2.5/a/b%2Fc/d",
    "/f/1e3",
    "/u/123E4567-e89b-12d3-a456-426614174000",
    "/docs/a/b/c",
    "/opt",
    "/opt/1",
    "/opt/1/2",
    "https://a.b.example.com/s/x/y?q=%20+",
    "https://a.example.com/s",
    "/nothing/here?a=1#x",
    "",
    "/",
    "/caf%C3%A9?na%C3%AFve=%F0%9F%9A%80",
]


@pytest.fixture(scope="module")
def table() -> Iterator[Router]:
    r = Router()
    for pattern, kw in ROUTES:
        r.add(pattern, **kw)
    yield r
    r.close()


@pytest.mark.parametrize("url", URLS)
def test_to_dict_equals_c_json(table: Router, url: str) -> None:
    m = table.resolve(url)
    c = json.loads(m._c_json())
    d = m.to_dict()
    assert d == c
    # same key order as the canonical JSON
    assert list(d) == list(c) == [
        "matched", "url", "pattern", "target", "name", "params", "path_params", "query",
        "fragment", "remainder", "redirects",
    ]
    # and each value has the JSON type (int stays int, float stays float)
    for key in ("params", "path_params"):
        for name, value in d[key].items():
            assert type(value) is type(c[key][name]), (key, name)


def test_to_dict_is_json_serialisable(table: Router) -> None:
    d = table.resolve("myapp://user/42?tab=a").to_dict()
    assert json.loads(json.dumps(d)) == d


def test_example_from_the_issue(table: Router) -> None:
    assert table.resolve("myapp://user/42?tab=a").to_dict() == {
        "matched": True, "url": "myapp://user/42?tab=a", "pattern": "myapp://user/<int:id>",
        "target": "UserProfile", "name": "user", "params": {"id": 42, "tab": "a"},
        "path_params": {"id": 42}, "query": {"tab": ["a"]}, "fragment": None, "remainder": None,
        "redirects": [],
    }


def test_typed_values(table: Router) -> None:
    m = table.resolve("myapp://user/007")
    assert m.path_params == {"id": 7} and type(m.path_params["id"]) is int
    m = table.resolve("/f/-2.5e1")
    assert m.path_params == {"x": -25.0} and type(m.path_params["x"]) is float
    m = table.resolve("myapp://live/room/r1")
    assert m.params == {"id": "r1", "tab": "chat", "n": 1, "r": 0.25}
    assert m.path_params == {"id": "r1"}
    # a query item is text even when the default of that name was a number
    assert table.resolve("myapp://live/room/r1?n=5").params["n"] == "5"


def test_uuid_is_a_uuid_and_keeps_its_case_in_the_json(table: Router) -> None:
    m = table.resolve("/u/123E4567-e89b-12d3-a456-426614174000")
    assert m.params == {"u": uuid.UUID("123e4567-e89b-12d3-a456-426614174000")}
    assert type(m.path_params["u"]) is uuid.UUID
    assert m.to_dict()["params"] == {
        "u": "123E4567-e89b-12d3-a456-426614174000"
    }


def test_query_names_in_first_appearance_order_with_repeats(table: Router) -> None:
    m = table.resolve("myapp://user/1?b=1&a=2&b=3&c&a=")
    assert m.query == {"b": ("1", "3"), "a": ("2", ""), "c": ("",)}
    assert list(m.query) == ["b", "a", "c"]
    assert m.params == {"id": 1, "b": "3", "a": "", "c": ""}
    assert list(m.params) == ["id", "b", "a", "c"]


def test_plus_is_space_in_query_only(table: Router) -> None:
    m = table.resolve("https://a.b.example.com/s/x+y?q=a+b%2B")
    assert m.query == {"q": ("a b+",)}
    assert m.remainder == "x+y"


def test_unicode_and_percent_encoding(table: Router) -> None:
    m = table.resolve("https://blog.example.com/%C3%A9mile/article/details/%E2%9C%93")
    assert m.params == {"user": "émile", "id": "✓"}
    # raw non-ASCII in the URL is accepted and comes back as text
    m = table.resolve("https://blog.example.com/émile/article/details/日本")
    assert m.params == {"user": "émile", "id": "日本"}
    assert m.url == "https://blog.example.com/émile/article/details/日本"


def test_encoded_slash_stays_in_its_segment(table: Router) -> None:
    m = table.resolve("/f/1/a%2Fb/c")
    assert m.remainder == "a/b/c"  # decoded segments joined by '/'
    m = table.resolve("https://blog.example.com/a%2Fb/article/details/1")
    assert m.params["user"] == "a/b"


def test_invalid_escapes_and_non_utf8_stay_as_written(table: Router) -> None:
    m = table.resolve("https://blog.example.com/%zz/article/details/%FF")
    assert m.params == {"user": "%zz", "id": "%FF"}


def test_embedded_nul_in_query_is_rejected_or_kept(table: Router) -> None:
    # control characters (NUL included) make a URL invalid
    from switchyard import InvalidURLError

    with pytest.raises(InvalidURLError):
        table.resolve("myapp://user/1?a=\x00")


def test_wildcard_host_and_named_tail(table: Router) -> None:
    m = table.resolve("https://a.b.example.com/s/x/y")
    assert m.target == "Wild" and m.params == {"tail": "x/y"} and m.remainder == "x/y"
    m = table.resolve("https://a.example.com/s")
    assert m.params == {"tail": ""} and m.remainder == ""
    assert not table.resolve("https://example.com/s/x")


def test_optional_groups(table: Router) -> None:
    assert table.resolve("/opt").path_params == {}
    assert table.resolve("/opt/1").path_params == {"a": "1"}
    assert table.resolve("/opt/1/2").path_params == {"a": "1", "b": "2"}


def test_attributes_read_once_then_cached(table: Router) -> None:
    m = table.resolve("myapp://user/42")
    assert m.params is m.params
    assert m.query is m.query
    assert m.redirects is m.redirects


def test_truthiness_follows_matched(table: Router) -> None:
    assert bool(table.resolve("myapp://user/1")) is True
    assert bool(table.resolve("/nope")) is False
