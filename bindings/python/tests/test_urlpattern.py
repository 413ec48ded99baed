"""The urlpattern dialect from Python: Router(dialect=...), add(..., dialect=, ignore_case=,
search=, hash=), add_routes, rule documents, errors with their byte."""

from typing import Dict, Optional

import pytest

from switchyard import ConflictError, InvalidArgumentError, PatternError, Router


def groups(r: Router, url: str) -> Optional[Dict[str, str]]:
    m = r.resolve(url)
    if not m:
        return None
    return {name: str(value) for name, value in m.path_params.items()}


def test_router_dialect() -> None:
    with Router(dialect="urlpattern") as r:
        r.add("/books/:id(\\d+)", "Book")
        r.add("/books/<int:id>", "Typed", dialect="switchyard")
        assert groups(r, "/books/42") == {"id": "42"}
        assert r.resolve("/books/42").target == "Typed"
        assert r.resolve("/books/abc").matched is False
        kinds = {route.pattern: route.dialect for route in r.routes}
        assert kinds == {"/books/:id(\\d+)": None, "/books/<int:id>": "switchyard"}


def test_route_dialect_and_ignore_case() -> None:
    with Router() as r:
        r.add("/Docs/:page", "Docs", dialect="urlpattern", ignore_case=True)
        r.add("/files/*", "Files", dialect="urlpattern")
        assert groups(r, "/dOCS/Intro") == {"page": "Intro"}
        assert groups(r, "/files/a/b.txt") == {"0": "a/b.txt"}
        (docs,) = [route for route in r.routes if route.target == "Docs"]
        assert docs.dialect == "urlpattern" and docs.ignore_case


@pytest.mark.parametrize("url, target, params", [
    ("/books/42", "Numeric", {"id": "42"}),
    ("/books/abc", "Slug", {"slug": "abc"}),
    ("/books/7/x", "Unnamed", {"0": "7", "1": "x"}),
    ("/books/-3", "Slug", {"slug": "-3"}),
])
def test_constrained_group_ranks_as_a_constraint(url: str, target: str, params: Dict[str, str]) -> None:
    # A segment that is exactly one regexp group ranks as <re:name:regexp>: before :name.
    with Router() as r:
        r.add("/books/:slug", "Slug")
        r.add("/books/:id(\\d+)", "Numeric", dialect="urlpattern")
        r.add("/books/(\\d+)/(\\w+)", "Unnamed", dialect="urlpattern")
        m = r.resolve(url)
        assert m.target == target
        assert groups(r, url) == params


def test_constrained_group_conflicts_with_the_same_constraint() -> None:
    with Router() as r:
        r.add("/books/:id(\\d+)", "Numeric", dialect="urlpattern")
        with pytest.raises(ConflictError):
            r.add("/books/<re:n:\\d+>", "Again")
        r.add("/books/<int:n>", "Typed")
        assert r.resolve("/books/42").target == "Typed"


def test_optional_group_is_absent() -> None:
    with Router() as r:
        r.add("/blog/:slug{/:part}?", "Blog", dialect="urlpattern")
        assert groups(r, "/blog/hello") == {"slug": "hello"}
        assert groups(r, "/blog/hello/x") == {"slug": "hello", "part": "x"}


def test_rule_document() -> None:
    with Router() as r:
        r.load_rules({"version": 1, "dialect": "urlpattern", "routes": [
            {"pattern": "/s", "target": "Search", "search": "q=:q"},
            {"pattern": "/u/<int:id>", "target": "User", "dialect": "switchyard"},
        ]})
        assert groups(r, "/s?q=cats") == {"q": "cats"}
        assert r.resolve("/u/7").target == "User"


def test_errors() -> None:
    with Router() as r:
        with pytest.raises(PatternError) as e:
            r.add("/:x(a\\1)", "X", dialect="urlpattern")
        assert e.value.position == 5
        assert "backreference" in str(e.value)
        with pytest.raises(ValueError):
            r.add("/a", "A", dialect="regex")  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            r.add("/a", "A", dialect="urlpattern", ignore_case=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Router(dialect="glob")  # type: ignore[arg-type]


def test_search_and_hash() -> None:
    with Router() as r:
        r.add("/books/:id", "Book", dialect="urlpattern", search="page=:n", hash="sec-:s")
        r.add("/list", "List", dialect="urlpattern", search="sort=:key(\\w+)")
        r.add("/doc", "Doc", dialect="urlpattern", hash="top")
        r.add("/plain", "Plain", dialect="urlpattern", search="")
        assert groups(r, "/books/7?page=3#sec-2") == {"id": "7", "n": "3", "s": "2"}
        assert groups(r, "/books/7?page=3") is None
        assert groups(r, "/books/7?other=3#sec-2") is None
        # No hash pattern: any fragment; no search pattern: any query.
        assert groups(r, "/list?sort=name#anything") == {"key": "name"}
        assert groups(r, "/list?sort=a-b") is None
        assert r.resolve("/doc?x=1#top").target == "Doc"
        assert not r.resolve("/doc#bottom")
        # An empty pattern matches only an empty query.
        assert r.resolve("/plain").target == "Plain"
        assert not r.resolve("/plain?x=1")
        # With data the route goes through another C call; the patterns go with it.
        payload = object()
        r.add("/data", "Data", dialect="urlpattern", search="x=:x", data=payload)
        assert r.resolve("/data?x=1").data is payload
        assert not r.resolve("/data?y=1")


def test_search_under_the_router_dialect() -> None:
    with Router(dialect="urlpattern") as r:
        r.add("/s", "Search", search="q=:q")
        assert groups(r, "/s?q=cats") == {"q": "cats"}
        with pytest.raises(InvalidArgumentError) as e:
            r.add("/t", "T", dialect="switchyard", search="q=:q")
        assert "urlpattern dialect" in str(e.value)


def test_add_routes_with_search_and_hash() -> None:
    with Router() as r:
        r.add_routes([
            {"pattern": "/s", "target": "Search", "dialect": "urlpattern", "search": "q=:q"},
            {"pattern": "/h", "target": "Hash", "dialect": "urlpattern", "hash": ":frag"},
            ("/plain", "Plain"),
        ])
        assert groups(r, "/s?q=dogs") == {"q": "dogs"}
        assert groups(r, "/h#intro") == {"frag": "intro"}
        assert r.resolve("/plain").target == "Plain"
        with pytest.raises(PatternError) as e:
            r.add_routes([
                {"pattern": "/ok", "target": "Ok", "dialect": "urlpattern", "search": "a=:a"},
                {"pattern": "/bad", "target": "Bad", "dialect": "urlpattern", "hash": "sec-:s(a\\1)"},
            ])
        assert e.value.route_index == 1
        assert e.value.position == 8
        assert str(e.value).startswith("routes[1]: urlpattern hash:")
        assert [route.pattern for route in r.routes] == ["/s", "/h", "/plain"]


def test_search_and_hash_errors() -> None:
    with Router() as r:
        with pytest.raises(PatternError) as e:
            r.add("/a", "A", dialect="urlpattern", search="q=:x(a\\1)")
        assert e.value.position == 6
        assert "urlpattern search" in str(e.value) and "backreference" in str(e.value)
        with pytest.raises(PatternError) as e:
            r.add("/a", "A", dialect="urlpattern", hash="x(b")
        assert e.value.position == 1
        assert "urlpattern hash" in str(e.value)
        # One parameter map: a name may not be used by two components.
        with pytest.raises(PatternError) as e:
            r.add("/:id", "A", dialect="urlpattern", search="id=:id")
        assert e.value.position == 2
        # search and hash belong to the urlpattern dialect.
        with pytest.raises(InvalidArgumentError) as invalid:
            r.add("/a", "A", search="q=:q")
        assert invalid.value.position is None
        with pytest.raises(InvalidArgumentError):
            r.add("/a", "A", hash="top")
        with pytest.raises(TypeError):
            r.add("/a", "A", dialect="urlpattern", search=5)  # type: ignore[arg-type]
        assert r.routes == []


@pytest.mark.parametrize("url, final", [
    ("https://ex.com/a/caf%C3%A9/7", "https://ex.com/to/caf%C3%A9/7"),
    ("https://ex.com/a/%2F%2Fevil.com/7", "https://ex.com/to/%2F%2Fevil.com/7"),
    ("https://ex.com/a/..%2F..%2Fx/7", "https://ex.com/to/..%2F..%2Fx/7"),
    ("https://ex.com/a/%5Cevil.com/7", "https://ex.com/to/%5Cevil.com/7"),
])
def test_redirect_names_tail_groups(url: str, final: str) -> None:
    # A tail's groups, named and numbered, fill the template decoded once, then encoded.
    with Router() as r:
        r.add("/a/:x(.*)/(\\d+)", redirect="https://ex.com/to/{x}/{0}", dialect="urlpattern",
              append_params=False)
        m = r.resolve(url)
        assert m.redirects[-1] == final


def test_redirect_appends_tail_groups_once_encoded() -> None:
    with Router() as r:
        r.add("/a/:x(.*)", redirect="https://ex.com/to", dialect="urlpattern")
        assert r.resolve("https://ex.com/a/a%20b").redirects[-1] == "https://ex.com/to?x=a%20b"
