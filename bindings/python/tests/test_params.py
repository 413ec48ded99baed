"""Match.params and Match.path_params, read in one foreign call (sy_match_params_text):
checked against the one-parameter-at-a-time accessors, with texts that stress the format
(separator-like bytes, NUL, non-ASCII, long values that outgrow the buffer) and threads."""

from __future__ import annotations

from typing import Iterator

import threading
from ctypes import byref

import pytest

from switchyard import Match, ParamValue, Router, SwitchyardError, _ffi
from switchyard._ffi import SyError, SyParam


def params_one_by_one(match: Match, path: bool) -> dict[str, ParamValue]:
    """The list read with sy_match_(path_)param_count / _at: the oracle."""
    count = _ffi.sy_match_path_param_count if path else _ffi.sy_match_param_count
    at = _ffi.sy_match_path_param_at if path else _ffi.sy_match_param_at
    out: dict[str, ParamValue] = {}
    p = SyParam()
    for i in range(count(match._ref)):
        at(byref(p), match._ref, i, SyError())
        name = p.name_ptr[: p.name_len].decode()
        if p.type == _ffi.SY_VALUE_INT:
            out[name] = p.int_value
        elif p.type == _ffi.SY_VALUE_FLOAT:
            out[name] = p.float_value
        else:
            out[name] = p.text_ptr[: p.text_len].decode() if p.text_len else ""
    return out


@pytest.fixture(scope="module")
def router() -> Iterator[Router]:
    r = Router()
    r.add("/s/:a/:b", "S")
    r.add("/n/<int:i>/<float:f>/:s", "N")
    r.add("/d/:x", "D", defaults={"page": 1, "ratio": 0.1, "sort": "new", "x": "unused"})
    r.add("/rest/*tail", "R")
    r.add("/empty", "E")
    yield r
    r.close()


LONG = "v" * 700  # over the 256-byte buffer a thread starts with

CASES = [
    ("/s/p1/p2", {"a": "p1", "b": "p2"}),
    ("/s/%00/%EF%BF%BF", {"a": "\x00", "b": "\uffff"}),  # NUL, and a noncharacter (valid UTF-8)
    ("/s/%FF/%C3", {"a": "%FF", "b": "%C3"}),  # would-be invalid UTF-8 stays encoded: no 0xFF byte
    ("/s/caf%C3%A9/%F0%9F%9A%80", {"a": "café", "b": "🚀"}),
    ("/s/a%26b%3Dc/%2F", {"a": "a&b=c", "b": "/"}),
    ("/s/x/y?a=q&z=&z=last&%E2%9C%93=ok", {"a": "x", "b": "y", "z": "last", "✓": "ok"}),
    ("/n/-7/2.5e3/t", {"i": -7, "f": 2500.0, "s": "t"}),
    ("/n/+0042/0.1/t?extra=1", {"i": 42, "f": 0.1, "s": "t", "extra": "1"}),
    ("/n/9223372036854775807/1e-300/t", {"i": 9223372036854775807, "f": 1e-300, "s": "t"}),
    ("/d/v", {"x": "v", "page": 1, "ratio": 0.1, "sort": "new"}),
    ("/d/v?page=9", {"x": "v", "page": "9", "ratio": 0.1, "sort": "new"}),
    ("/rest/a/b/c", {"tail": "a/b/c"}),
    # one to six parameters: small lists take another way through the reader than long ones
    ("/s/x/y?c=1", {"a": "x", "b": "y", "c": "1"}),
    ("/s/x/y?c=1&d=2&e=3", {"a": "x", "b": "y", "c": "1", "d": "2", "e": "3"}),
    ("/n/1/2/x?c=1&d=2&e=3", {"i": 1, "f": 2.0, "s": "x", "c": "1", "d": "2", "e": "3"}),
    ("/empty?only=1", {"only": "1"}),
    (f"/s/{LONG}/{LONG}?q={LONG}", {"a": LONG, "b": LONG, "q": LONG}),
    ("/empty", {}),
    ("/missing?a=1", {}),
]


@pytest.mark.parametrize("url, expected", CASES)
def test_params_match_the_one_by_one_accessors(router: Router, url: str, expected: dict[str, ParamValue]) -> None:
    m = router.resolve(url)
    assert m.params == expected
    assert m.params == params_one_by_one(m, path=False)
    assert m.path_params == params_one_by_one(m, path=True)
    for value in m.params.values():  # int and float come out typed, never as bool
        assert type(value) in (str, int, float)


def test_typed_values_keep_their_type(router: Router) -> None:
    m = router.resolve("/n/3/3/3")
    assert m.path_params == {"i": 3, "f": 3.0, "s": "3"}
    assert [type(v) for v in m.path_params.values()] == [int, float, str]


def test_a_grown_buffer_serves_later_reads(router: Router) -> None:
    big = router.resolve(f"/s/{LONG}/b").params
    assert big["a"] == LONG
    # A short read after the buffer grew, and another long one.
    assert router.resolve("/s/a/b").params == {"a": "a", "b": "b"}
    assert router.resolve(f"/s/a/{LONG * 3}").params["b"] == LONG * 3


def test_threads_read_their_own_buffers(router: Router) -> None:
    """Each thread reads params of its own sizes at once; no answer may mix with another's."""
    errors: list[tuple[int, object]] = []

    def work(k: int) -> None:
        try:
            value = "w%d" % k * (50 * k + 1)  # thread 3 and up outgrow the first buffer
            for _ in range(300):
                m = router.resolve(f"/s/{value}/{k}?t={k}")
                if m.params != {"a": value, "b": str(k), "t": str(k)}:
                    errors.append((k, m.params))
                    return
        except Exception as e:  # pragma: no cover - reported below
            errors.append((k, e))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


@pytest.mark.parametrize("url, expected", CASES)
def test_resolve_reads_the_params_in_its_one_call(router: Router, url: str, expected: dict[str, ParamValue],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Router.resolve gets the merged list's text from sy_router_resolve_params_text, so
    reading .params calls C again only for a list holding a NUL byte (which a
    NUL-terminated text cannot carry: the text is then 0xFE)."""
    from switchyard import _match

    calls: list[object] = []
    real = _match._params_text

    def counting(*args: object) -> int:
        calls.append(args)
        return real(*args)  # type: ignore[no-any-return]

    monkeypatch.setattr(_match, "_params_text", counting)
    m = router.resolve(url)
    has_nul = any("\x00" in k or "\x00" in str(v) for k, v in expected.items())
    if has_nul:
        assert m._text == b"\xfe"
    else:
        assert isinstance(m._text, bytes) and m._text != b"\xfe"
    assert m.params == expected
    assert len(calls) == (1 if has_nul else 0)


@pytest.mark.parametrize("url", ["/empty\x00/more", b"/empty\x00", "/rest/a\x00b", "/empty?q=\x00", "\x00"])
def test_a_url_with_a_nul_byte_is_read_whole(router: Router, url: str | bytes) -> None:
    """resolve passes the URL without its length (NUL-terminated, sy_resolver_params_cstr)
    only when it holds no NUL byte: one that does is read whole, so the control character
    fails the resolve at its position instead of ending the URL early."""
    from switchyard import InvalidURLError

    raw = url.encode() if isinstance(url, str) else url
    with pytest.raises(InvalidURLError) as caught:
        router.resolve(url)
    assert caught.value.position == raw.index(0)


def test_resolve_takes_two_arguments_without_a_nul_byte(router: Router, monkeypatch: pytest.MonkeyPatch) -> None:
    """A URL without a NUL byte is resolved by the two-argument call (the router's
    sy_resolver and the URL); the sized call is left for URLs with one (and the first
    resolve after a change)."""
    from switchyard import _router

    router.resolve("/empty")  # the first resolve after the routes were added builds the table
    calls: list[int] = []
    three, sized = _router._resolve, _router._resolve_text

    def count_three(*args: object) -> object:
        calls.append(len(args))
        return three(*args)

    def count_sized(*args: object) -> object:
        calls.append(len(args))
        return sized(*args)

    monkeypatch.setattr(_router, "_resolve", count_three)
    monkeypatch.setattr(_router, "_resolve_text", count_sized)
    assert router.resolve("/s/x/y").params == {"a": "x", "b": "y"}
    assert router.resolve(b"/rest/a/b").params == {"tail": "a/b"}
    assert router.resolve("/rest/a%00b").params == {"tail": "a\x00b"}  # %00 is no NUL byte of the URL
    assert calls == [2, 2, 2]
    with pytest.raises(SwitchyardError):
        router.resolve("/s/x\x00/y")
    assert calls == [2, 2, 2, 5]


def test_a_bytes_subclass_url_is_read_as_its_bytes(router: Router) -> None:
    """A URL of a bytes subclass is resolved as the plain bytes it holds: whatever its own
    `in` says, a NUL byte in it is found and fails the resolve at its position."""
    from switchyard import InvalidURLError

    class Blind(bytes):
        def __contains__(self, item: object) -> bool:
            return False

    with pytest.raises(InvalidURLError) as caught:
        router.resolve(Blind(b"/empty\x00/more"))
    assert caught.value.position == 6
    assert router.resolve(Blind(b"/s/x/y")).params == {"a": "x", "b": "y"}
