"""Redirect routes through the binding (SEMANTICS.md §6): the chain, append_params, errors."""

from __future__ import annotations

import pytest

from switchyard import RedirectError, Router, SwitchyardError


def test_redirect_route_is_followed(router: Router) -> None:
    router.add("https://example.com/skill/:language", redirect="myapp://app/tiny?id=1")
    router.add("myapp://app/tiny", "Tiny")
    m = router.resolve("https://example.com/skill/cloud_native")
    assert m.target == "Tiny"
    assert m.redirects == ("https://example.com/skill/cloud_native", "myapp://app/tiny?id=1&language=cloud_native")
    assert m.url == m.redirects[-1]
    assert m.params == {"id": "1", "language": "cloud_native"}


def test_redirect_without_append_params(router: Router) -> None:
    router.add("/old/:x", redirect="/new", append_params=False)
    router.add("/new", "New")
    m = router.resolve("/old/1?q=2#f")
    assert m.target == "New"
    assert m.url == "/new#f"


def test_redirect_chain_ending_unrouted_is_a_miss_with_final_url(router: Router) -> None:
    router.add("/old", redirect="/gone")
    m = router.resolve("/old")
    assert not m
    assert m.url == "/gone"
    assert m.redirects == ("/old", "/gone")


def test_redirect_placeholder_filled_and_encoded(router: Router) -> None:
    router.add("/p/:who", redirect="myapp://profile/{who}")
    router.add("myapp://profile/:name", "Profile")
    m = router.resolve("/p/a%20b")
    assert m.target == "Profile"
    assert m.params["name"] == "a b"
    assert m.redirects[0] == "/p/a%20b"


def test_redirect_limit_is_an_error_showing_the_chain() -> None:
    r = Router(max_redirects=2)
    r.add("/r1", redirect="/r2")
    r.add("/r2", redirect="/r3")
    r.add("/r3", redirect="/r4")
    r.add("/r4", "End")
    with pytest.raises(RedirectError) as info:
        r.resolve("/r1")
    assert info.value.code == -10
    assert "/r1" in info.value.message and "/r3" in info.value.message
    r.close()
    r = Router(max_redirects=3)
    for pattern, target in (("/r1", "/r2"), ("/r2", "/r3"), ("/r3", "/r4")):
        r.add(pattern, redirect=target)
    r.add("/r4", "End")
    assert r.resolve("/r1").target == "End"
    r.close()


def test_redirect_loop_is_an_error(router: Router) -> None:
    router.add("/a", redirect="/b")
    router.add("/b", redirect="/a")
    with pytest.raises(RedirectError) as info:
        router.resolve("/a")
    assert info.value.code == -11
    assert "/a" in str(info.value) and "/b" in str(info.value)
    assert isinstance(info.value, SwitchyardError)


def test_failed_resolve_leaves_earlier_matches_alone(router: Router) -> None:
    router.add("/ok/:x", "OK")
    router.add("/a", redirect="/b")
    router.add("/b", redirect="/a")
    kept = router.resolve("/ok/1")
    with pytest.raises(RedirectError):
        router.resolve("/a")
    assert kept.target == "OK" and kept.params == {"x": "1"}
