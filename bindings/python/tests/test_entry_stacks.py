"""Entry-aware stacks: the operations a dispatch or a resume gives for an entry kind and
the open screens, Match.stack_operations, errors with their JSON place, and fixtures that
expect operations and a pending requirement."""

from __future__ import annotations

import json
from typing import Dict, List, Optional, Tuple

import pytest
from hypothesis import given, strategies as st

import switchyard
from switchyard import InvalidArgumentError, LimitError, Router
from switchyard.stacks import COLD, LINK, NOTIFICATION, WARM, Operation, PopTo, Push, Screen, SelectTab, Tabs
from conftest import needs_rules

pytestmark = needs_rules

KEY = bytes(range(16))
T0 = 1_800_000_000
RULES = {"version": 1, "routes": [
    {"pattern": "myapp://hotels", "target": "Screen", "name": "hotels", "stack": {"tab": "home", "default": "merge"}},
    {"pattern": "myapp://hotels/<int:hotel>", "target": "Screen", "name": "hotel", "parent": "hotels",
     "stack": {"tab": "home", "cold": "replace", "warm": "merge", "link": "extend"}},
    {"pattern": "myapp://login", "target": "Screen", "name": "login", "stack": {"tab": "account", "default": "extend"}},
    {"pattern": "myapp://orders", "target": "Screen", "name": "orders"},
    {"pattern": "myapp://orders/<int:id>", "target": "Screen", "name": "order", "parent": "orders",
     "requires": ["signed-in"], "else": "login", "stack": {"tab": "account", "default": "merge"}},
    {"pattern": "myapp://settings", "target": "Screen", "name": "settings"},
]}
OPEN = Tabs("search", {"search": [Screen("results")], "home": [Screen("hotels"), Screen("hotel", {"hotel": 7})],
                       "account": []})


def launch() -> Router:
    r = Router()
    r.load_rules(RULES)
    r.set_resume_key(KEY, max_age=3600)
    r.require("signed-in", lambda who: bool(who))
    r.handle("Screen", lambda m, who: m.name)
    return r


@pytest.mark.parametrize("entry, expected", [
    (WARM, (SelectTab("home"), PopTo(1), Push("hotel", {"hotel": 12}))),
    (COLD, (SelectTab("home"), PopTo(0), Push("hotels"), Push("hotel", {"hotel": 12}))),
    (LINK, (SelectTab("home"), Push("hotels"), Push("hotel", {"hotel": 12}))),
    (NOTIFICATION, (SelectTab("home"), PopTo(0), Push("hotels"), Push("hotel", {"hotel": 12}))),  # default: replace
    ("widget", (SelectTab("home"), PopTo(0), Push("hotels"), Push("hotel", {"hotel": 12}))),
])
def test_operations_per_entry_kind(entry: str, expected: Tuple[Operation, ...]) -> None:
    result = launch().dispatch("myapp://hotels/12", context=True, entry=entry, open=OPEN)
    assert result.value == "hotel"
    assert result.operations == expected


def test_no_entry_no_operations_and_undeclared_routes_replace() -> None:
    r = launch()
    assert r.dispatch("myapp://hotels/12", context=True).operations == ()
    assert r.dispatch("myapp://settings", context=True, entry=WARM, open=["results"]).operations == (
        PopTo(0), Push("settings"))
    assert r.resolve("myapp://hotels/12").stack_operations(COLD) == (Push("hotels"), Push("hotel", {"hotel": 12}))
    assert r.resolve("myapp://nowhere").stack_operations(COLD, OPEN) == ()


def test_waits_for_login_resumes_after_restart_and_lands_on_its_tab() -> None:
    waiting = launch().dispatch("myapp://orders/42", context=False, now=T0, entry=NOTIFICATION, open=OPEN)
    assert waiting.pending.requirement == "signed-in"
    assert waiting.operations == (SelectTab("account"), Push("login", {"resume": waiting.pending.token}))
    stored = waiting.pending.token
    resumed = launch().resume(stored, context=True, now=T0 + 60, entry=COLD,
                              open=Tabs("home", {"home": [], "account": []}))
    assert resumed.value == "order"
    assert resumed.operations == (SelectTab("account"), Push("orders"), Push("order", {"id": 42}))


def test_bad_open_screens_are_refused_before_any_handler() -> None:
    r = Router()
    r.load_rules(RULES)
    calls: List[Optional[str]] = []

    def screen(m: switchyard.Match, who: object) -> Optional[str]:
        calls.append(m.name)
        return m.name

    r.handle("Screen", screen)
    with pytest.raises(InvalidArgumentError, match=r"\$\.tab \(line 1, column 9\)") as e:
        r.dispatch("myapp://settings", entry=COLD, open=Tabs("homes", {"home": []}))
    assert e.value.position == 8
    with pytest.raises(InvalidArgumentError, match="entry kind 'co ld'"):
        r.dispatch("myapp://settings", entry="co ld")
    with pytest.raises(LimitError):
        r.dispatch("myapp://settings", entry=COLD, open=["a"] * (switchyard.stacks.MAX_OPEN_SCREENS + 1))
    assert calls == []
    # The route's tab is not one of the app's: known only once the route is known.
    with pytest.raises(InvalidArgumentError, match="tab 'home'"):
        r.dispatch("myapp://hotels/12", entry=COLD, open=Tabs("search", {"search": []}))
    with pytest.raises(TypeError):
        r.dispatch("myapp://settings", entry=COLD, open=42)  # type: ignore[arg-type]


def test_rule_document_errors_name_the_path() -> None:
    bad = {"version": 1, "routes": [{"pattern": "/a", "target": "A", "stack": {"warm": "push"}}]}
    with pytest.raises(switchyard.RuleError, match=r"\$\.routes\[0\]\.stack\.warm: unknown stack mode 'push'"):
        Router().load_rules(bad)


def _apply(ops: Tuple[Operation, ...], stack: List[Screen]) -> List[Screen]:
    out = list(stack)
    for op in ops:
        if isinstance(op, PopTo):
            del out[op.depth:]
        elif isinstance(op, Push):
            out.append(Screen(op.route, op.params))
    return out


SCREENS = [Screen("hotels"), Screen("hotel", {"hotel": 12}), Screen("hotel", {"hotel": 7}), Screen("results")]


@given(st.lists(st.sampled_from(SCREENS), max_size=6), st.sampled_from([COLD, WARM, LINK]))
def test_property_applying_the_operations(open_stack: List[Screen], entry: str) -> None:
    r = Router()
    r.load_rules({"version": 1, "routes": [
        {"pattern": "myapp://hotels", "target": "S", "name": "hotels"},
        {"pattern": "myapp://hotels/<int:hotel>", "target": "S", "name": "hotel", "parent": "hotels",
         "stack": {"cold": "replace", "warm": "merge", "link": "extend"}}]})
    target = [Screen("hotels"), Screen("hotel", {"hotel": 12})]
    ops = r.resolve("myapp://hotels/12").stack_operations(entry, open_stack)
    after = _apply(ops, open_stack)
    if entry == LINK:
        assert after[: len(open_stack)] == open_stack and after[-2:] == target
    else:
        assert after == target
    if entry == WARM:
        kept = 0
        while kept < min(len(open_stack), 2) and open_stack[kept] == target[kept]:
            kept += 1
        assert sum(isinstance(op, Push) for op in ops) == 2 - kept


def test_fixtures_expect_operations_and_pending() -> None:
    r = launch()
    cases = [
        {"url": "myapp://hotels/12", "entry": "warm",
         "open": {"tab": "search", "tabs": {"search": [], "home": [{"route": "hotels"}]}},
         "operations": [{"select_tab": "home"}, {"push": "hotel", "params": {"hotel": 12}}]},
        {"url": "myapp://orders/42", "pending": "signed-in", "operations": []},
        {"url": "myapp://orders/42", "context": {"signed-in": True}, "pending": None},
        {"url": "myapp://orders/42", "context": {"signed-in": True}, "pending": "signed-in"},
    ]
    result = r.run_fixtures(cases)
    assert (result.passed, result.failed) == (3, 1)
    diff = result.failures[0].differences[0]
    assert (diff.field, diff.expected, diff.got) == ("pending", '"signed-in"', "(none)")
    with pytest.raises(InvalidArgumentError, match=r"\$\[0\]\.operations\[0\]\.pop"):
        r.run_fixtures([{"url": "myapp://hotels", "operations": [{"pop": 1}]}])




def test_route_added_in_code_declares_its_stack() -> None:
    r = launch()
    r.add("myapp://wishlist/<int:id>", "Screen", name="wish", requires=["signed-in"], else_routes="login",
          stack={"tab": "account", "warm": "extend", "default": "merge"})
    r.add("myapp://news", "Screen", name="news", stack="extend")
    r.add("myapp://deals", lambda m, who: "deals", name="deals", stack={"tab": "home"})
    assert r.dispatch("myapp://wishlist/5", context=True, entry=COLD, open=OPEN).operations == (
        SelectTab("account"), Push("wish", {"id": 5}))
    assert r.dispatch("myapp://wishlist/5", context=False, now=T0).pending.requirement == "signed-in"
    assert r.resolve("myapp://news").stack_operations(COLD, ["results"]) == (Push("news"),)
    assert r.dispatch("myapp://deals", entry=WARM, open=OPEN).operations == (
        SelectTab("home"), PopTo(0), Push("deals"))
    with pytest.raises(InvalidArgumentError, match=r"\$\.cold: unknown stack mode 'push'"):
        r.add("myapp://bad", "Screen", stack={"cold": "push"})
    with pytest.raises(TypeError):
        r.add("myapp://bad", "Screen", stack=3)  # type: ignore[arg-type]
    assert not r.resolve("myapp://bad")
