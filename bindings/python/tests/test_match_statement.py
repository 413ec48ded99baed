"""Structural pattern matching on a Match (Python 3.10+): class patterns by keyword and by
position (__match_args__ = ("target", "params")), mapping patterns on params."""

from __future__ import annotations

from switchyard import Match, Router


def route(m: Match) -> str:
    match m:
        case Match(target="User", params={"id": int(uid)}):
            return f"user {uid}"
        case Match("Post", {"slug": str(slug)}):
            return f"post {slug}"
        case Match(matched=False):
            return "miss"
    return "other"


def test_match_statement() -> None:
    r = Router()
    r.add("/user/<int:id>", "User")
    r.add("/post/:slug", "Post")
    r.add("/static", "Static")
    assert route(r.resolve("/user/42")) == "user 42"
    assert route(r.resolve("/post/hello?x=1")) == "post hello"
    assert route(r.resolve("/nowhere")) == "miss"
    assert route(r.resolve("/static")) == "other"
