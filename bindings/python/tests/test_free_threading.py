"""Free-threaded Python (3.13t and later, GIL disabled): Router.resolve returns detached
Matches, whose every attribute is read before they are returned, so reading them never
calls C. This interpreter has a GIL, so the tests call that resolve by its own name; the
switch itself is tested against sys._is_gil_enabled.
"""

from __future__ import annotations

from typing import Iterator

import sys
import threading

import pytest

from switchyard import Router, _ffi, _match

URLS = [
    "myapp://user/42?tab=a&tab=b#top",  # typed parameter, repeated query item, fragment
    "https://example.com/files/a/b/c.txt",  # remainder
    "/old/7",  # redirect
    "/nowhere",  # miss
]


@pytest.fixture
def table() -> Iterator[Router]:
    r = Router()
    r.add("myapp://user/<int:id>", "User", name="user")
    r.add("https://example.com/files/*path", "Files", defaults={"v": 1})
    r.add("/old/:x", redirect="/new/:x")
    r.add("/new/:x", "New")
    yield r
    r.close()


def test_resolve_is_detached_exactly_when_the_gil_is_disabled() -> None:
    gil = getattr(sys, "_is_gil_enabled", lambda: True)()
    assert _match.GIL_DISABLED is (not gil)
    assert (Router.resolve is Router._resolve_detached) is (not gil)


@pytest.mark.parametrize("url", URLS)
def test_a_detached_match_says_what_an_attached_one_says(table: Router, url: str) -> None:
    attached = table.resolve(url).to_dict()
    detached = table._resolve_detached(url)
    assert detached.to_dict() == attached
    assert bool(detached) == attached["matched"]
    assert repr(detached).startswith("<Match")
    for name in _match.ATTRIBUTES:
        assert detached.to_dict()[name] == attached[name]


def test_reading_a_detached_match_calls_no_c_accessor(table: Router, monkeypatch: pytest.MonkeyPatch) -> None:
    m = table._resolve_detached(URLS[0])

    def refuse(*args: object) -> None:
        raise AssertionError("a C accessor was called")

    for name in vars(_ffi):
        if name.startswith("sy_match_") and name not in ("sy_match_new", "sy_match_free"):
            monkeypatch.setattr(_ffi, name, refuse)
    monkeypatch.setattr(_match, "_params_text", refuse)
    assert m.to_dict()["target"] == "User" and vars(m)["params"] == {"id": 42, "tab": "b"}


def test_a_detached_match_outlives_everything(table: Router) -> None:
    m = table._resolve_detached(URLS[0])
    for url in URLS * 3:
        table.resolve(url)
        table._resolve_detached(url)
    table.close()
    assert m.params == {"id": 42, "tab": "b"} and m.query == {"tab": ("a", "b")}
    assert m.fragment == "top" and m.name == "user"


def test_a_dropped_detached_matchs_c_match_is_reused(table: Router) -> None:
    first = table._resolve_detached(URLS[0])
    c_match = first._ref
    del first
    second = table._resolve_detached(URLS[1])
    assert second._ref is c_match
    assert second.target == "Files" and second.remainder == "a/b/c.txt"


def test_detached_matches_shared_between_threads(table: Router) -> None:
    # Writers resolve and publish their Matches; readers read every published Match at
    # the same time. Each value must be the one its URL gives.
    expected = {url: table.resolve(url).to_dict() for url in URLS}
    published, errors = [], []
    done = threading.Event()

    def writer(k: int) -> None:
        try:
            for i in range(300):
                url = URLS[(i + k) % len(URLS)]
                published.append((url, table._resolve_detached(url)))
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    def reader() -> None:
        try:
            while not done.is_set():
                for url, m in list(published[-50:]):
                    assert m.to_dict() == expected[url]
        except BaseException as exc:
            errors.append(exc)

    writers = [threading.Thread(target=writer, args=(k,)) for k in range(3)]
    readers = [threading.Thread(target=reader) for _ in range(2)]
    for t in readers + writers:
        t.start()
    for t in writers:
        t.join()
    done.set()
    for t in readers:
        t.join()
    assert not errors, errors[0]
    assert len(published) == 900
    assert all(m.to_dict() == expected[url] for url, m in published)
