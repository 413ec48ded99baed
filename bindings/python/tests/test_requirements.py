"""Requirements on routes and resume tokens: Router.require, pending dispatches,
Router.resume, the else route, and refused tokens with their exception classes."""

from __future__ import annotations

from typing import Iterator

import pytest

import switchyard
from switchyard import (InvalidArgumentError, ResumeTokenError, RouteChangedError, RouteGoneError, Router,
                        SwitchyardError, TokenExpiredError, TokenKeyError, TokenMalformedError,
                        TokenTamperedError)
from conftest import needs_rules

KEY = bytes(range(16))
T0 = 1_800_000_000
RULES = {
    "version": 1,
    "routes": [
        {"pattern": "myapp://login", "target": "Login", "name": "login"},
        {"pattern": "myapp://orders/<int:id>", "target": "Order", "requires": ["signed-in"]},
        {"pattern": "myapp://account", "target": "Account", "requires": ["signed-in", "onboarded"],
         "else": {"signed-in": "login"}},
    ],
}

pytestmark = needs_rules


def app() -> Router:
    """The app as it starts: the document, the key it keeps, its checks and handlers."""
    r = switchyard.Router()
    r.load_rules(RULES)
    r.set_resume_key(KEY, max_age=3600)
    r.require("signed-in", lambda ctx: ctx is not None and ctx.get("user") is not None)
    r.require("onboarded", lambda ctx: bool(ctx and ctx.get("onboarded")))
    r.handle("Order", lambda m, ctx: ("order", m.params["id"], ctx["user"]))
    r.handle("Account", lambda m, ctx: "account")
    r.handle("Login", lambda m, ctx: ("login", m.params["resume"]))
    return r


@pytest.fixture
def router() -> Iterator[Router]:
    r = app()
    yield r
    r.close()


def test_an_unmet_requirement_makes_the_link_wait(router: Router) -> None:
    result = router.dispatch("myapp://orders/7", context={"user": None}, now=T0)
    assert not result.accepted and result.match is None
    assert result.pending is not None
    assert result.pending.requirement == "signed-in"
    token = result.pending.token
    assert 0 < len(token) <= switchyard.requirements.RESUME_TOKEN_MAX
    assert all(c.isalnum() or c in "-_" for c in token)
    # Met: no pending, the handler runs, with the context.
    done = router.dispatch("myapp://orders/7", context={"user": 5}, now=T0)
    assert done.pending is None and done.value == ("order", 7, 5)


def test_resume_after_a_restart_gives_the_fresh_dispatch(router: Router) -> None:
    token = router.dispatch("myapp://orders/7", context={}, now=T0).pending.token
    restarted = app()
    resumed = restarted.resume(token, context={"user": 5}, now=T0 + 60)
    fresh = restarted.dispatch("myapp://orders/7", context={"user": 5}, now=T0 + 60)
    assert resumed.value == fresh.value == ("order", 7, 5)
    assert resumed.match is not None and fresh.match is not None
    assert resumed.match.pattern == fresh.match.pattern and resumed.match.params == fresh.match.params
    again = restarted.resume(token, context={"user": None}, now=T0 + 60)
    assert again.pending.requirement == "signed-in" and again.match is None
    restarted.close()


def test_the_else_route_gets_the_token_and_nothing_else(router: Router) -> None:
    result = router.dispatch("myapp://account?next=https://evil.example/", context={}, now=T0)
    assert result.pending.requirement == "signed-in"
    assert result.value == ("login", result.pending.token)
    assert result.match is not None
    assert "next" not in result.match.params
    # Signed in but not onboarded: "onboarded" has no else route, the link just waits.
    half = router.dispatch("myapp://account", context={"user": 1}, now=T0)
    assert half.pending.requirement == "onboarded" and half.match is None


def test_a_requirement_without_a_check_raises(router: Router) -> None:
    router.require("onboarded", None)
    with pytest.raises(InvalidArgumentError, match="requires 'onboarded', but no check is registered"):
        router.dispatch("myapp://account", context={"user": 1}, now=T0)


def test_a_check_that_raises_ends_the_dispatch(router: Router) -> None:
    class Boom(Exception):
        pass

    def check(ctx: object) -> bool:
        raise Boom()

    router.require("signed-in", check)
    with pytest.raises(Boom):
        router.dispatch("myapp://orders/7", context={}, now=T0)


@pytest.mark.parametrize("cls, code", [
    (TokenMalformedError, -20), (TokenTamperedError, -21), (TokenKeyError, -22),
    (TokenExpiredError, -23), (RouteGoneError, -24), (RouteChangedError, -25)])
def test_refused_tokens(router: Router, cls: type, code: int) -> None:
    token = router.dispatch("myapp://orders/7", context={}, now=T0).pending.token
    on, now, text = router, T0 + 1, token
    other = None
    if cls is TokenMalformedError:
        text = token[:-12]
    elif cls is TokenTamperedError:
        i = len(token) - 14
        text = token[:i] + ("B" if token[i] == "A" else "A") + token[i + 1:]
    elif cls is TokenKeyError:
        other = app()
        other.set_resume_key(None)
        on = other
    elif cls is TokenExpiredError:
        now = T0 + 3601
    elif cls is RouteGoneError:
        router.remove("myapp://orders/<int:id>")
    else:
        router.remove("myapp://orders/<int:id>")
        router.add("myapp://orders/:any", "Other")
    with pytest.raises(cls) as info:
        on.resume(text, context={"user": 5}, now=now)
    assert isinstance(info.value, ResumeTokenError) and isinstance(info.value, SwitchyardError)
    assert info.value.code == code and info.value.message
    if other is not None:
        other.close()


def test_bad_arguments(router: Router) -> None:
    with pytest.raises(ValueError):
        router.set_resume_key(b"short")
    with pytest.raises(InvalidArgumentError):
        router.set_resume_key(KEY, max_age=-1)
    with pytest.raises(TypeError):
        router.require("x", 3)  # type: ignore[arg-type]
    with pytest.raises(TokenMalformedError):
        router.resume("not a token!")


def test_a_route_added_in_code_waits_and_resumes(router: Router) -> None:
    router.add("myapp://cart/<int:id>", "Order", requires=["signed-in"])
    waiting = router.dispatch("myapp://cart/3", context={"user": None}, now=T0)
    assert waiting.pending.requirement == "signed-in" and waiting.match is None
    resumed = router.resume(waiting.pending.token, context={"user": 9}, now=T0 + 60)
    assert resumed.pending is None and resumed.value == ("order", 3, 9)


def test_a_route_added_in_code_sends_a_waiting_link_to_its_else_route(router: Router) -> None:
    # A handler of its own, per-requirement else routes, and data: each path of add().
    router.add("myapp://wallet", lambda m, ctx: "wallet", requires=["signed-in", "onboarded"],
               else_routes={"signed-in": "login"})
    sent = router.dispatch("myapp://wallet", context={}, now=T0)
    assert sent.pending.requirement == "signed-in" and sent.value == ("login", sent.pending.token)
    half = router.dispatch("myapp://wallet", context={"user": 1}, now=T0)
    assert half.pending.requirement == "onboarded" and half.match is None
    assert router.dispatch("myapp://wallet", context={"user": 1, "onboarded": True}, now=T0).value == "wallet"

    router.add("myapp://gift", "Order", data="mine", requires=["onboarded"], else_routes="login")
    gift = router.dispatch("myapp://gift", context={}, now=T0)
    assert gift.pending.requirement == "onboarded" and gift.value == ("login", gift.pending.token)
    assert router.resolve("myapp://gift").data == "mine"


@pytest.mark.parametrize("requires, else_routes, cls, words", [
    (["signed in"], None, InvalidArgumentError, "signed in"),
    (["signed-in", "signed-in"], None, InvalidArgumentError, "twice"),
    ([""], None, InvalidArgumentError, "not empty"),
    (["a" * 65], None, switchyard.LimitError, "at most 64 bytes"),
    ([f"r{i}" for i in range(9)], None, switchyard.LimitError, "at most 8"),
    (["signed-in"], {"paid": "login"}, ValueError, "does not require"),
    ("signed-in", None, TypeError, "not one name"),
])
def test_a_route_added_in_code_refuses_bad_requirements(router: Router, requires: object, else_routes: object,
                                                       cls: type, words: str) -> None:
    with pytest.raises(cls, match=words):
        router.add("myapp://bad", "Order", requires=requires, else_routes=else_routes)  # type: ignore[arg-type]
    assert not router.resolve("myapp://bad").matched
