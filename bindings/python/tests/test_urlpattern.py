"""The urlpattern dialect from Python: Router(dialect=...), add(..., dialect=, ignore_case=),
rule documents, errors with their byte."""

from typing import Dict, Optional

import pytest

from switchyard import ConflictError, PatternError, Router


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
            r.add("/a", "A", dialect="regex")
        with pytest.raises(TypeError):
            r.add("/a", "A", dialect="urlpattern", ignore_case=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Router(dialect="glob")
