"""Query contracts (docs/SEMANTICS.md "Query contracts"): declared query items come out
typed in Match.params, defaults typed as declared, lists through Match.values, and a
query the contract refuses lets the next route match."""

from __future__ import annotations

import pytest

from switchyard import PatternError, Router


@pytest.fixture(scope="module")
def router() -> Router:
    r = Router()
    r.add("/search?q=<string:q>&page=<int:page=1>&zoom=<float:zoom?>&tag=<[string]:tags?>", "Search")
    r.add("/items?id=<[int]:ids>", "Items")
    r.load_rules({"version": 1, "routes": [
        {"pattern": "/search", "target": "Plain", "priority": -1},
        {"pattern": "/doc", "target": "Doc", "query_unknown": "refuse",
         "query": {"n": {"type": "int", "default": 5}, "lang": {"type": "re:[a-z]{2}", "required": False}}},
    ]})
    return r


@pytest.mark.parametrize("url, target, params", [
    ("/search?q=a", "Search", {"q": "a", "page": 1}),
    ("/search?page=3&q=a+b&zoom=-2.5", "Search", {"q": "a b", "page": 3, "zoom": -2.5}),
    ("/search?q=%26%3D%2B%23%3F%25&page=1", "Search", {"q": "&=+#?%", "page": 1}),
    ("/search?q=%C3%A9t%C3%A9", "Search", {"q": "été", "page": 1}),
    ("/search?q=&page=2", "Search", {"q": "", "page": 2}),
    ("/search?page=2", "Plain", {"page": "2"}),
    ("/search?q=a&page=x", "Plain", {"q": "a", "page": "x"}),
    ("/doc", "Doc", {"n": 5}),
    ("/doc?n=-1&lang=fr", "Doc", {"n": -1, "lang": "fr"}),
])
def test_typed_values_and_fallbacks(router: Router, url: str, target: str, params: dict[str, object]) -> None:
    m = router.resolve(url)
    assert m.target == target
    assert dict(m.params) == params
    for name, value in params.items():
        assert type(m.params[name]) is type(value)


def test_refused_documents_items(router: Router) -> None:
    assert not router.resolve("/doc?n=1&other=2")
    assert not router.resolve("/doc?lang=fra")


def test_lists_are_read_value_by_value(router: Router) -> None:
    m = router.resolve("/items?id=3&x=1&id=-4")
    assert m.target == "Items"
    assert m.values("ids") == (3, -4)
    assert m.params["ids"] == -4
    assert "id" not in m.params
    m = router.resolve("/search?q=a&tag=x&tag=y")
    assert m.values("tags") == ("x", "y")
    assert not router.resolve("/items")


@pytest.mark.parametrize("pattern, at", [
    ("/a?x=<int:x>&x=<int:y>", 13),
    ("/a?x=<date:x>", 6),
    ("/a?x=<int:x=abc>", 12),
    ("/a/:id?id=<int:id>", 15),
])
def test_malformed_contracts_name_their_byte(pattern: str, at: int) -> None:
    with pytest.raises(PatternError) as info:
        Router().add(pattern, "T")
    assert info.value.position == at


def test_url_for_writes_declared_items_and_names_a_missing_one() -> None:
    r = Router()
    r.add("/search?q=<string:q>&page=<int:page=1>", "S", name="s")
    assert r.url_for("s", q="a&b é", page=1) == "/search?q=a%26b%20%C3%A9"
    url = r.url_for("s", q="x", page=3)
    assert url == "/search?q=x&page=3"
    assert dict(r.resolve(url).params) == {"q": "x", "page": 3}
    with pytest.raises(ValueError, match="needs query item 'q'"):
        r.url_for("s")


def test_url_for_writes_each_value_of_a_list() -> None:
    r = Router()
    r.add("/search/:area?q=<string:q>&tag=<[string]:tags?>&n=<[int]:ns?>", "S", name="s")
    url = r.url_for("s", area="x", q="a", tags=["red", "a&b", "", "é"], ns=(3, -1))
    assert url == "/search/x?q=a&tag=red&tag=a%26b&tag=&tag=%C3%A9&n=3&n=-1"
    m = r.resolve(url)
    assert m.values("tags") == ("red", "a&b", "", "é")
    assert m.values("ns") == (3, -1)
    assert r.url_for("s", area="x", q="a", tags=[]) == "/search/x?q=a"
    assert r.url_for("s", area="x", q=["only"]) == "/search/x?q=only"
    assert r.url_for("s", area="x", q="a", more=["1", "2"]) == "/search/x?q=a&more=1&more=2"
    with pytest.raises(ValueError, match="parameter 'area' of route 's' takes one value, and 2 are given"):
        r.url_for("s", area=["x", "y"], q="a")
    with pytest.raises(ValueError, match="query item 'q' of route 's' takes one value, and 2 are given"):
        r.url_for("s", area="x", q=["a", "b"])
    with pytest.raises(ValueError, match="query item 'ns' of route 's' must be"):
        r.url_for("s", area="x", q="a", ns=["three"])
    with pytest.raises(TypeError, match="url_for parameter 'tags'"):
        r.url_for("s", area="x", q="a", tags=[b"raw"])


def test_url_for_with_defaults_writes_every_item_that_has_one() -> None:
    r = Router()
    r.add("/search?q=<string:q>&page=<int:page=1>&z=<float:z?>&tag=<[string]:tags?>", "S", name="s")
    assert r.url_for("s", q="a") == "/search?q=a"
    assert r.url_for_with_defaults("s", q="a") == "/search?q=a&page=1"
    assert r.url_for_with_defaults("s", q="a", page=1, tags=["x"]) == "/search?q=a&page=1&tag=x"
    assert r.url_for_with_defaults("s", q="a", page=4) == "/search?q=a&page=4"
    assert dict(r.resolve(r.url_for_with_defaults("s", q="a")).params) == {"q": "a", "page": 1}
    with pytest.raises(ValueError, match="needs query item 'q'"):
        r.url_for_with_defaults("s")
