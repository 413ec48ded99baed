"""Web URLs read as a browser reads them: never another host, port or path than a browser's.

The oracle is ada-url, a WHATWG URL parser: for hostile URLs made at random, Switchyard
either refuses the URL or reads exactly the host, port and path segments ada reads. The URL
Standard's own test data (Tests/Data/url-wpt) is checked the same way. A match's URL is the
form Switchyard read the URL in, so its host, port and path are compared.
"""

from __future__ import annotations

from typing import Any, Iterator, List, Tuple

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import switchyard
from switchyard import Router

ada_url = pytest.importorskip("ada_url")

DATA = Path(__file__).resolve().parents[3] / "Tests" / "Data" / "url-wpt" / "urltestdata.json"
WEB = {"http", "https", "ws", "wss", "ftp"}


@pytest.fixture(scope="module")
def catch_all() -> Iterator[Router]:
    r = switchyard.Router()
    r.add("/*", "any")
    yield r
    r.close()


def segments(path: str) -> list[bytes]:
    """A path as Switchyard's segment rules read it: split on '/', each decoded once (as
    bytes), dot segments removed, empty segments dropped (docs/SEMANTICS.md §8)."""
    out: list[bytes] = []
    for raw in path.split("/"):
        b = re.sub(rb"%([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), raw.encode("utf-8", "surrogateescape"))
        if b == b".":
            continue
        if b == b"..":
            if out:
                out.pop()
            continue
        out.append(b)
    return [b for b in out if b]


def host_and_port(url: str) -> tuple[str, str]:
    rest = url.split("://", 1)[1]
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
    host_port = authority.rsplit("@", 1)[-1]
    if host_port.startswith("["):
        close = host_port.index("]")
        after = host_port[close + 1 :]
        return host_port[: close + 1], after[1:] if after.startswith(":") else ""
    host, _, port = host_port.partition(":")
    return host, port


#: (host, port, path segments) as a URL reader sees them.
Reading = Tuple[str, str, List[bytes]]


def read(router: Router, url: str) -> Reading | None:
    """(host, port, segments) as Switchyard reads `url`, or None when it refuses it."""
    try:
        m = router.resolve(url)
    except switchyard.SwitchyardError:
        return None
    host, port = host_and_port(m.url)
    path = re.split(r"[?#]", m.url.split("://", 1)[1], maxsplit=1)[0]
    path = path[len(re.split(r"[/]", path, maxsplit=1)[0]) :]
    return host, port, segments(path)


def browser(url: str) -> Reading | None:
    try:
        u = ada_url.parse_url(url)
    except ValueError:
        return None
    return u["hostname"], u["port"], segments(u["pathname"])


def entries() -> Iterator[dict[str, Any]]:
    for o in json.loads(DATA.read_text(encoding="utf-8")):
        if not isinstance(o, dict):
            continue
        text = o["input"]
        if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
            continue  # a str with a lone surrogate is not text a URL can hold
        trimmed = text.lstrip("".join(map(chr, range(0x21))))
        scheme, colon, rest = trimmed.partition(":")
        if not colon or scheme.lower() not in WEB:
            continue
        rest = re.sub("[\t\n\r]", "", rest)
        if o.get("base") not in (None, "about:blank") and not re.match(r"[\\/]{2}", rest):
            continue
        yield o


def test_url_standard_data(catch_all: Router) -> None:
    valid = read_count = 0
    for o in entries():
        got = read(catch_all, o["input"])
        if o.get("failure"):
            assert got is None, f"{o['input']!r} is refused by browsers but was read as {got}"
            continue
        valid += 1
        if got is None:
            continue
        read_count += 1
        want = (o["hostname"], o["port"], segments(o["pathname"]))
        assert got == want, o["input"]
    assert valid > 150
    assert read_count * 4 >= valid * 3, f"only {read_count} of {valid} valid entries read"


# Hostile URLs: pieces a browser and an RFC 3986 reader disagree on, put together at random.
schemes = st.sampled_from(["http", "https", "HTTPS", "ws", "wss", "ftp", "hTtP"])
after_scheme = st.sampled_from(["://", ":/", ":", ":\\\\", ":///", ":\\/", "://\t", ":/\\/"])
host_char = st.sampled_from(
    list("abcxyzABC019.-_~") + ["%2e", "%41", "%6F", "%25", "%00", "%", "@", ":", "\\", "[", "]", "\t", " ", "<", "^", "|", "0x", "xn--", "é"]
)
hosts = st.one_of(
    st.lists(host_char, min_size=0, max_size=8).map("".join),
    st.sampled_from(["good.example.com", "evil.com", "127.0.0.1", "0x7f.1", "2130706433", "[::1]", "[0:0::1]",
                     "[::1", "1.2.3.4.", "256.1", "0177.0.0.1", "xn--n3h", "xn--pokxncvks", "a..b", "."]),
)
userinfo = st.sampled_from(["", "u@", "u:p@", "evil.com\\@", "@", "a@b@", ":@", "%40@"])
ports = st.sampled_from(["", ":", ":80", ":443", ":0443", ":8443", ":65535", ":65536", ":8443:443", ":-1", ": 1", ":0x1"])
path_piece = st.sampled_from(["/", "\\", "a", "..", ".", "%2e", "%2E%2e", ".%2e", "%2F", "%5C", "b c", "\t", "\n", "?", "#", "é", "%zz", ";", "//"])
paths = st.lists(path_piece, max_size=8).map("".join)


@settings(max_examples=1500)
@given(schemes, after_scheme, userinfo, hosts, ports, paths)
def test_never_another_host_or_path_than_a_browser(catch_all: Router, scheme: str, sep: str, user: str, host: str, port: str,
                                                   path: str) -> None:
    url = scheme + sep + user + host + port + path
    ours = read(catch_all, url)
    if ours is None:
        return  # refusing is always safe
    theirs = browser(url)
    assert theirs is not None, f"{url!r}: read as {ours}, but a browser refuses it"
    assert ours == theirs, url


@pytest.mark.parametrize(
    "routes, url, winner",
    [
        (["https://good.example.com/*"], "https://evil.com\\@good.example.com/x", None),
        (["https://*.example.com/*"], "https://evil.com\\.example.com/x", None),
        (["/public/*", "/admin"], "/public/..\\admin", "/admin"),
        (["https://good.example.com/*"], "https://g%6Fod.example.com/x", "https://good.example.com/*"),
        (["https://good.example.com/*"], "https://good.example.com:0443/x", "https://good.example.com/*"),
        (["https://x.com/a/*", "/b"], "https:/b", None),
    ],
)
def test_routes_see_the_browsers_host_and_path(routes: list[str], url: str, winner: str | None) -> None:
    r = switchyard.Router()
    for p in routes:
        r.add(p, p)
    m = r.resolve(url)
    assert m.pattern == winner


@pytest.mark.parametrize(
    "url", ["https://good.example.com:65536/", "https://good.example.com:8443:443/", "https://[::1", "https://a<b/"]
)
def test_refused_as_a_browser_refuses(catch_all: Router, url: str) -> None:
    with pytest.raises(switchyard.SwitchyardError):
        catch_all.resolve(url)
