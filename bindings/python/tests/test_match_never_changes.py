"""A Match is its own forever: whatever later resolves do (on this thread or others), its
attributes, vars(match) and match.__dict__ keep the values of the URL it resolved,
whether they were read before those resolves or after, and whatever the caller kept of it.
"""

from __future__ import annotations

from typing import Any, Iterator

import threading

import pytest

from switchyard import Match, Router, _match

URLS = ["/a/1?q=x#f", "/b/2", "/a/three", "/nowhere", "/b/40?q=y"]


@pytest.fixture
def table() -> Iterator[Router]:
    r = Router()
    r.add("/a/:x", "A", name="a")
    r.add("/b/<int:y>", "B", defaults={"d": 1.5})
    yield r
    r.close()


def expected(table: Router) -> dict[str, dict[str, Any]]:
    return {url: vars(table.resolve(url)) for url in URLS}


def churn(table: Router, rounds: int = 3) -> None:
    # Enough resolves, dropped at once, to reuse every C match the pool holds.
    for _ in range(rounds):
        for _ in range(_match.POOL_LIMIT + 5):
            for url in URLS:
                table.resolve(url).params


def test_kept_vars_never_change(table: Router) -> None:
    want = expected(table)
    kept = [(url, vars(table.resolve(url))) for url in URLS]  # only the dicts are kept
    snapshots = [(url, dict(d)) for url, d in kept]
    churn(table)
    for (url, d), (_, snapshot) in zip(kept, snapshots):
        assert d == snapshot
        assert {key: d[key] for key in want[url]} == want[url]


def test_kept_dunder_dict_never_changes(table: Router) -> None:
    d = table.resolve(URLS[0]).__dict__
    before = dict(d)
    churn(table)
    assert d == before and d["params"] == {"x": "1", "q": "x"} and d["fragment"] == "f"


def test_vars_is_a_new_dict_of_every_attribute(table: Router) -> None:
    m = table.resolve(URLS[1])
    d = vars(m)
    assert d == {name: getattr(m, name) for name in _match.ATTRIBUTES}
    assert vars(m) is not d
    d["target"] = "changed"
    assert m.target == "B" and vars(m)["target"] == "B"


@pytest.mark.parametrize("read_first", [(), ("target",), ("params",), _match.ATTRIBUTES])
def test_a_kept_match_keeps_its_values_whatever_was_read_before(table: Router, read_first: tuple[str, ...]) -> None:
    want = expected(table)
    kept = []
    for url in URLS:
        m = table.resolve(url)
        for name in read_first:
            getattr(m, name)
        kept.append((url, m))
    churn(table)
    for url, m in kept:
        assert vars(m) == want[url]


def test_kept_attribute_values_never_change(table: Router) -> None:
    params = table.resolve(URLS[0]).params
    query = table.resolve(URLS[0]).query
    churn(table)
    assert params == {"x": "1", "q": "x"} and query == {"q": ("x",)}


def test_a_match_kept_by_another_thread_while_this_one_resolves(table: Router) -> None:
    want = expected(table)
    handed: list[tuple[str, Match]] = []
    seen = []
    ready = threading.Event()

    def reader() -> None:
        ready.wait()
        for url, m in handed:
            seen.append((url, vars(m)))

    t = threading.Thread(target=reader)
    t.start()
    for url in URLS:
        handed.append((url, table.resolve(url)))
    ready.set()
    churn(table, rounds=1)
    t.join()
    assert seen and all(d == want[url] for url, d in seen)


def test_attributes_cannot_be_set(table: Router) -> None:
    m = table.resolve(URLS[0])
    with pytest.raises(AttributeError):
        m.target = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        m.anything = 1  # type: ignore[attr-defined]
    assert m.target == "A"



def test_a_match_brought_back_by_a_finalizer_never_shows_another_urls_values(table: Router) -> None:
    # A garbage cycle holds a Match and an object whose __del__ resolves another URL and
    # then reads the Match, which may already have given its C match back (the cycle's
    # finalizers run in no set order). What was read before stays; what was not read
    # raises AttributeError; nothing reads the C match the other URL now uses.
    import gc

    seen = []

    class Reader:
        match: Match

        def __del__(self) -> None:
            table.resolve(URLS[1]).params  # may take the C match the Match gave back
            for name in ("target", "params"):
                try:
                    seen.append((name, getattr(self.match, name)))
                except Exception as exc:  # noqa: BLE001  (raised in __del__, would be lost)
                    seen.append((name, type(exc)))

    for first in range(2):  # the Match made before or after the Reader
        for _ in range(10):
            m = table.resolve(URLS[0]) if first == 0 else None
            reader = Reader()
            reader.match = m or table.resolve(URLS[0])
            reader.match.target  # read before; params not
            reader.match._cache["cycle"] = reader  # type: ignore[index]  # the Match's own cache closes the cycle
            del reader, m
            gc.collect()
    assert len(seen) == 40 and ("target", "A") in seen
    assert all(value in ("A", {"x": "1", "q": "x"}, AttributeError) for _, value in seen), seen
