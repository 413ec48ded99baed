"""A Match's values are read-only and compare by value: params and query are Mappings no
reader can change for another, and two Matches of the same result are equal."""

from __future__ import annotations

from typing import Iterator

import copy
from collections.abc import Mapping

import pytest

from switchyard import Router


@pytest.fixture
def table() -> Iterator[Router]:
    r = Router()
    r.add("/user/<int:id>", "User", defaults={"tab": "posts"})
    r.add("/post/:slug", "Post")
    yield r
    r.close()


@pytest.mark.parametrize("attribute", ["params", "path_params", "query"])
def test_mappings_are_read_only(table: Router, attribute: str) -> None:
    m = table.resolve("/user/7?q=a&q=b")
    value = getattr(m, attribute)
    assert isinstance(value, Mapping)
    with pytest.raises(TypeError):
        value["id"] = 0  # type: ignore[index]
    with pytest.raises(AttributeError):
        value.clear()  # type: ignore[attr-defined]
    assert getattr(table.resolve("/user/7?q=a&q=b"), attribute) == value


def test_a_copy_on_request_is_a_plain_dict_of_its_own(table: Router) -> None:
    m = table.resolve("/user/7?q=a")
    mine = dict(m.params)
    mine["id"] = 0
    assert m.params["id"] == 7 and mine == {"id": 0, "q": "a", "tab": "posts"}


def test_query_values_are_tuples(table: Router) -> None:
    assert table.resolve("/post/x?q=a&q=b&r=").query == {"q": ("a", "b"), "r": ("",)}
    assert table.resolve("/post/x").query == {}


def test_redirects_are_a_tuple() -> None:
    r = Router()
    r.add("/old", redirect="/new")
    r.add("/new", "New")
    assert r.resolve("/old").redirects == ("/old", "/new")
    assert r.resolve("/new").redirects == ()


@pytest.mark.parametrize("url", ["/user/7?q=a", "/post/x#f", "/nowhere", "/user/7?q=a&q=b"])
def test_matches_of_the_same_url_are_equal_and_hash_alike(table: Router, url: str) -> None:
    a, b = table.resolve(url), table.resolve(url)
    assert a is not b and a == b and not (a != b)
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert a == copy.copy(a)


@pytest.mark.parametrize("one, other", [
    ("/user/7", "/user/8"),
    ("/user/7", "/user/7?q=a"),
    ("/post/x#f", "/post/x#g"),
    ("/post/x", "/nowhere"),
])
def test_matches_of_different_results_differ(table: Router, one: str, other: str) -> None:
    a, b = table.resolve(one), table.resolve(other)
    assert a != b and not (a == b)


def test_a_match_is_not_equal_to_other_kinds(table: Router) -> None:
    m = table.resolve("/user/7")
    assert m != m.to_dict() and m != "User" and m != None  # noqa: E711


def test_equal_matches_from_two_routers(table: Router) -> None:
    other = Router()
    other.add("/user/<int:id>", "User", defaults={"tab": "posts"})
    assert other.resolve("/user/7") == table.resolve("/user/7")
