"""AASA path patterns through switchyard.links against a plain matcher written here: random
patterns of letters, `?` and `*` on random paths decide as the definition says, pieces longer
than a machine word included; files of many components decide as the plain matcher read rule
by rule says (the library then matches them together in one scan of the path); and a 32 KB
path against a long piece of wildcards."""

from __future__ import annotations

import json
import random

import pytest

import switchyard

from switchyard import links

APP = "ABCDE12345.com.example.app"


def plain_match(pattern: str, text: str) -> bool:
    """Whole-text glob match by dynamic programming: `*` any run, `?` one character."""
    reach = [True] + [False] * len(text)
    for t in pattern:
        nxt = [False] * (len(text) + 1)
        for p, ok in enumerate(reach):
            if not ok:
                continue
            if t == "*":
                for q in range(p, len(text) + 1):
                    nxt[q] = True
            elif p < len(text) and (t == "?" or text[p] == t):
                nxt[p + 1] = True
        reach = nxt
    return reach[len(text)]


def one_rule(pattern: str) -> links.AASA:
    doc = {"applinks": {"details": [{"appIDs": [APP], "components": [{"/": "/" + pattern}]}]}}
    return links.AASA(json.dumps(doc))


def random_pattern(g: random.Random) -> str:
    out = []
    for _ in range(g.randrange(1, 150 if g.random() < 0.3 else 30)):
        r = g.random()
        out.append("*" if r < 0.04 else "?" if r < 0.35 else g.choice("ab"))
    return "".join(out)


def fitting_text(pattern: str, g: random.Random) -> str:
    """A text made of the pattern's own characters, sometimes with one changed."""
    out = []
    for t in pattern:
        if t == "*":
            out.append("".join(g.choice("ab") for _ in range(g.randrange(40))))
        else:
            out.append(g.choice("ab") if t == "?" else t)
    text = "".join(out)
    if text and g.random() < 0.3:
        k = g.randrange(len(text))
        text = text[:k] + g.choice("ab") + text[k + 1:]
    return text


def test_random_patterns_decide_as_the_plain_matcher() -> None:
    g = random.Random(20261128)
    matched = 0
    for round_ in range(400):
        pattern = random_pattern(g)
        text = fitting_text(pattern, g) if round_ % 2 == 0 else "".join(g.choice("ab") for _ in range(g.randrange(300)))
        with one_rule(pattern) as aasa:
            got = aasa.decisions("example.com", "https://example.com/" + text) == [(APP, "match")]
        want = plain_match("/" + pattern, "/" + text)
        assert got == want, (pattern, text)
        matched += want
    assert 60 < matched < 340, matched


def test_a_long_piece_of_wildcards_on_a_32_kb_path() -> None:
    piece = "a?" * 5000 + "b"
    with one_rule("*" + piece + "*") as aasa:
        assert aasa.decisions("example.com", "https://example.com/" + "a" * 16000) == []
        assert aasa.decisions("example.com", "https://example.com/" + "a" * 10000 + "bb") == [(APP, "match")]
        # On a 32 KB path the scan would cost more than the decision step limit.
        with pytest.raises(switchyard.LimitError):
            aasa.decisions("example.com", "https://example.com/" + "a" * 32000)


def many_star_pattern(g: random.Random) -> str:
    """Short pieces between many `*`, so that pieces are found often and in order."""
    return "".join(g.choice(["a", "b", "ab", "ba", "aab", "?", "*", "*", "*"]) for _ in range(g.randrange(1, 12)))


def test_many_components_decide_as_the_plain_matcher_rule_by_rule() -> None:
    g = random.Random(20261129)
    outcomes = {"match": 0, "block": 0, None: 0}
    for _ in range(40):
        # Each pattern ends in "z", which some paths lack: no rule matches them.
        components = [("/" + many_star_pattern(g) + "z", g.random() < 0.15) for _ in range(g.randrange(20, 200))]
        doc = {"applinks": {"details": [{"appIDs": [APP], "components": [
            {"/": p, "exclude": True} if exclude else {"/": p} for p, exclude in components]}]}}
        with links.AASA(json.dumps(doc)) as aasa:
            for _ in range(6):
                path = "/" + "".join(g.choice("aab") for _ in range(g.randrange(300))) + ("z" if g.random() < 0.7 else "")
                want = next(("block" if exclude else "match" for p, exclude in components if plain_match(p, path)), None)
                got = aasa.decisions("example.com", "https://example.com" + path)
                assert got == ([(APP, want)] if want else []), (path, want)
                outcomes[want] += 1
    # Every outcome occurs often enough for the comparison to mean something.
    assert outcomes["match"] > 30 and outcomes["block"] > 5 and outcomes[None] > 30, outcomes
