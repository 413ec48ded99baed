"""Property tests: any text percent-encoded into a URL comes back unchanged as a value."""

from __future__ import annotations

from typing import Iterator

from urllib.parse import quote, urlencode

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from switchyard import Router, SwitchyardError

# Text as Python has it: any code point except surrogates (not encodable as UTF-8).
text = st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=40)


@pytest.fixture(scope="module")
def r() -> Iterator[Router]:
    router = Router()
    router.add("/v/:value", "V")
    router.add("/q", "Q")
    router.add("/t/<int:n>", "Int")
    router.add("/rest/*", "Rest")
    yield router
    router.close()


@given(value=text)
def test_path_value_round_trip(r: Router, value: str) -> None:
    assume(value not in (".", ".."))  # dot segments are removed before matching
    m = r.resolve("/v/" + quote(value, safe=""))
    assert m.target == "V"
    assert m.params == {"value": value}


@given(value=text)
def test_raw_unicode_path_value(r: Router, value: str) -> None:
    # unencoded non-ASCII goes through as UTF-8; only the URL's own delimiters need escaping
    assume(value not in (".", ".."))
    raw = quote(value, safe="".join(ch for ch in set(value) if ord(ch) > 0x7F))
    assert r.resolve("/v/" + raw).params == {"value": value}


@given(items=st.lists(st.tuples(text, st.text(st.characters(blacklist_categories=["Cs"]), max_size=20)),
                      min_size=1, max_size=6))
def test_query_round_trip(r: Router, items: list[tuple[str, str]]) -> None:
    m = r.resolve("/q?" + urlencode(items))
    expected: dict[str, tuple[str, ...]] = {}
    for name, value in items:
        expected[name] = expected.get(name, ()) + (value,)
    assert m.query == expected
    assert list(m.query) == list(expected)  # first-appearance order
    assert m.params == {name: values[-1] for name, values in expected.items()}


@given(n=st.integers(min_value=-(2**63), max_value=2**63 - 1))
def test_int_round_trip(r: Router, n: int) -> None:
    m = r.resolve(f"/t/{n}")
    assert m.params == {"n": n} and type(m.params["n"]) is int


@given(parts=st.lists(text, min_size=1, max_size=5))
def test_remainder_round_trip(r: Router, parts: list[str]) -> None:
    assume(all(p not in (".", "..") for p in parts))
    m = r.resolve("/rest/" + "/".join(quote(p, safe="") for p in parts))
    assert m.remainder == "/".join(parts)


@given(value=text)
def test_to_dict_matches_c_json_for_any_value(r: Router, value: str) -> None:
    import json

    assume(value not in (".", ".."))
    m = r.resolve("/v/" + quote(value, safe="") + "?x=" + quote(value, safe=""))
    assert m.to_dict() == json.loads(m._c_json())


# Values an attacker would pick for a built URL: delimiters, dots, spaces, empty, emoji, and
# the texts of the literal routes beside the built one.
HOSTILE = st.sampled_from(["/", "%", "+", ":", "&", "?", "#", "@", ".", "..", " ", "", "😀", "a/b",
                           "x@settings", "settings", "%2e%2e", "u:pw@h", "new"]) | text


@pytest.fixture(scope="module")
def built() -> Iterator[Router]:
    router = Router()
    for pattern, name in [("myapp://:screen/home", "home"), ("myapp://settings/home", None),
                          ("/user/:uname", "user"), ("/user/settings", None), ("/user/:uname/<int:n>", "post"),
                          ("/files/*path", "files"), ("/files/new", None), ("/*", None)]:
        router.add(pattern, name or pattern, name=name)
    yield router
    router.close()


@given(name=st.sampled_from(["home", "user", "post", "files"]), value=HOSTILE, n=st.integers(-5, 5))
def test_built_url_resolves_back_or_is_refused(built: Router, name: str, value: str, n: int) -> None:
    """url_for gives a URL that resolves to the same route and values, or refuses with a
    reason naming the route."""
    key = {"home": "screen", "user": "uname", "post": "uname", "files": "path"}[name]
    params: dict[str, str | int] = {key: value}
    if name == "post":
        params["n"] = n
    try:
        url = built.url_for(name, **params)
    except SwitchyardError as e:
        assert f"'{name}'" in str(e)
        return
    m = built.resolve(url)
    assert m.name == name, url
    want = "/".join(p for p in value.split("/") if p) if name == "files" else value
    got = m.params.get(key, "")
    assert got == want, url
    if name == "post":
        assert m.params["n"] == n
