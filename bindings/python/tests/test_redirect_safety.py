"""Redirects an attacker would steer to another site (docs/SECURITY.md), through the binding:
the known reproducers, and the open-redirect corpus (Tests/Data/open-redirect-corpus.json,
shared with the Swift suite), each row's outcome checked and every produced URL read here,
as a browser reads it, to stay on its template's scheme and host and in the allowlist."""

from __future__ import annotations

from typing import Any

import json
import re
from urllib.parse import unquote

import pytest

from switchyard import LimitError, RedirectError, RuleError, Router, SwitchyardError, _errors
from conftest import REPO_ROOT, needs_rules

CORPUS = json.loads((REPO_ROOT / "Tests" / "Data" / "open-redirect-corpus.json").read_text(encoding="utf-8"))
GOOD = ["https://good.example.com"]

pytestmark = needs_rules


def document(routes: list[tuple[str, str]], allowlist: list[str] | None = GOOD) -> dict[str, Any]:
    doc: dict[str, Any] = {"version": 1, "routes": [{"pattern": p, "redirect": t} for p, t in routes]}
    if allowlist is not None:
        doc["redirect_allowlist"] = allowlist
    return doc


# -------------------------------------------------------------- a browser's reading

SPECIAL = {"http", "https", "ws", "wss", "ftp", "file"}
DEFAULT_PORTS = {"http": "80", "ws": "80", "https": "443", "wss": "443", "ftp": "21"}


def _host_port(authority: str, scheme: str) -> tuple[str, str]:
    host = authority.rpartition("@")[2]
    port = ""
    if ":" in host and "]" not in host[host.rindex(":"):]:
        host, port = host[: host.rindex(":")], host[host.rindex(":") + 1 :]
    host = unquote(host, errors="strict").lower() if "%" in host else host.lower()
    host = host[:-1] if host.endswith(".") else host
    port = port.lstrip("0") or ("0" if port else "")
    return host, "" if DEFAULT_PORTS.get(scheme) == port else port


def browser_target(url: str) -> tuple[str | None, ...]:
    """('same-site',), ('network', host) or ('origin', scheme, host or None, port): where a
    browser goes (the WHATWG URL Standard's scheme and authority rules, what matters here)."""
    s = url.strip("".join(map(chr, range(0x21))))
    s = re.sub("[\t\n\r]", "", s)
    m = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", s)
    if not m:
        if re.match(r"[/\\]{2}", s):
            rest = s.lstrip("/\\")
            return ("network", _host_port(re.split(r"[/\\?#]", rest)[0], "")[0])
        return ("same-site",)
    scheme = m.group(1).lower()
    rest = s[m.end() :]
    if scheme in SPECIAL:
        rest = rest.lstrip("/\\")
    elif rest.startswith("//"):
        rest = rest[2:]
    else:
        return ("origin", scheme, None, "")
    authority = re.split(r"[/\\?#]", rest)[0]
    return ("origin", scheme, *_host_port(authority, scheme))


def allowlist_covers(allowlist: list[str], target: tuple[str | None, ...]) -> bool:
    if target[0] != "origin":
        return target == ("same-site",)
    _, scheme, host, port = target
    for entry in allowlist:
        if "://" not in entry:
            if entry.lower() == scheme:
                return True
            continue
        _, es, eh, ep = browser_target(entry.replace("*.", ""))
        if es == scheme and ep == port and host is not None:
            if (host.endswith(f".{eh}") if "*." in entry else host == eh):
                return True
    return False


def test_browser_reading_of_the_known_tricks() -> None:
    # The oracle itself, on the URLs browsers are known to open elsewhere.
    assert browser_target("//evil.com") == ("network", "evil.com")
    assert browser_target("/\\evil.com") == ("network", "evil.com")
    assert browser_target(" \t//evil.com") == ("network", "evil.com")
    assert browser_target("https:evil.com") == ("origin", "https", "evil.com", "")
    assert browser_target("https://evil.com\\@good.example.com/") == ("origin", "https", "evil.com", "")
    assert browser_target("https://good.example.com:0443/") == ("origin", "https", "good.example.com", "")
    assert browser_target("/a//b") == ("same-site",)


DOT_SEGMENTS = {".", "%2e", "..", ".%2e", "%2e.", "%2e%2e"}


def dot_segments(url: str, skip_placeholders: bool) -> int:
    """The path segments of ``url`` (after its scheme, before its query or fragment) that a
    browser removes as '.' or '..', in any of the URL Standard's spellings; with
    ``skip_placeholders``, a template's, not counting segments holding a placeholder."""
    m = re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", url)
    text = url[m.end():] if m else url
    text = re.split(r"[?#]", text, maxsplit=1)[0]
    return sum(1 for p in re.split(r"[/\\]", text)
               if p.lower() in DOT_SEGMENTS and not (skip_placeholders and "{" in p))


# -------------------------------------------------------------- the corpus


@pytest.mark.parametrize("row", CORPUS, ids=[r["id"] for r in CORPUS])
def test_open_redirect_corpus(row: dict[str, Any]) -> None:
    r = Router(**row.get("options", {}))
    try:
        doc = document([(row["pattern"], row["template"])], row["allowlist"])
        if "dialect" in row:
            doc["dialect"] = row["dialect"]
        if row["expect"] == "load_error":
            with pytest.raises(RuleError) as info:
                r.load_rules(doc)
            if "position" in row:
                assert info.value.position == row["position"], info.value.message
            return
        r.load_rules(doc)
        if row["expect"] == "refused":
            with pytest.raises(RedirectError) as refused:
                r.resolve(row["url"])
            assert refused.value.code == _errors.SY_ERR_REDIRECT_UNSAFE
            assert f"'{row['refused_url']}'" in refused.value.message or len(refused.value.message) >= 255
            return
        m = r.resolve(row["url"])
        assert m.redirects[1] == row["produced"]
        template_target = browser_target(row["template"].replace("{", "x").replace("}", ""))
        for produced in m.redirects[1:]:
            target = browser_target(produced)
            if template_target == ("same-site",):
                assert target == ("same-site",), produced
            else:
                assert target == template_target, produced
            if row["allowlist"] is not None:
                assert allowlist_covers(row["allowlist"], target), produced
            assert dot_segments(produced, False) <= dot_segments(row["template"], True), produced
    finally:
        r.close()


def test_corpus_has_every_outcome() -> None:
    outcomes = {row["expect"] for row in CORPUS}
    assert len(CORPUS) >= 100 and outcomes == {"url", "refused", "load_error"}


# -------------------------------------------------------------- the reproducers


def test_empty_remainder_cannot_choose_the_host() -> None:
    for allowlist in (GOOD, None):
        r = Router()
        r.load_rules(document([("/go/:h/*rest", "/{rest}/{h}")], allowlist))
        with pytest.raises(RedirectError) as info:
            r.resolve("/go/evil.com")
        assert info.value.code == -14 and isinstance(info.value, SwitchyardError)
        assert "'/go/:h/*rest'" in info.value.message and "'//evil.com'" in info.value.message
        assert r.resolve("/go/evil.com/a/b").redirects == ("/go/evil.com/a/b", "/a/b/evil.com")
        r.close()


@pytest.mark.parametrize(
    "template, position",
    [("/\\evil.com", 1), ("\\\\evil.com", 0), ("\\/evil.com", 0), ("/\\{h}", 1), ("\\\\{h}", 0),
     ("https:{h}", 6), ("http:{h}", 5), ("https:/{h}", 6), ("https:///{h}", 8), ("https://{h}/", 8)],
)
def test_unsafe_templates_are_refused_at_their_byte(router: Router, template: str, position: int) -> None:
    with pytest.raises(SwitchyardError) as info:
        router.add("/go/:h", redirect=template)
    assert info.value.code == _errors.SY_ERR_INVALID_ARGUMENT and info.value.position == position
    with pytest.raises(RuleError) as rule_info:
        router.load_rules(document([("/go/:h", template)]))
    assert rule_info.value.position == position and "$.routes[0].redirect" in rule_info.value.message


@pytest.mark.parametrize(
    "template, allowlist",
    [("https://evil.com\\@good.example.com/", GOOD), ("https://evil.com\\.example.com/", ["https://*.example.com"])],
)
def test_backslash_hosts_do_not_pass_the_allowlist(router: Router, template: str, allowlist: list[str]) -> None:
    with pytest.raises(RuleError) as info:
        router.load_rules(document([("/go/:h", template)], allowlist))
    assert info.value.position == 16


def test_doubling_chain_stops_at_its_byte_bound() -> None:
    r = Router(max_url_length=1048576, max_redirects=1000)  # the ceilings
    r.add("/d/:x", redirect="/d/{x}{x}")
    with pytest.raises(LimitError) as info:
        r.resolve("/d/abcde")
    assert "'/d/:x'" in info.value.message
    r.close()


def test_refused_redirect_leaves_earlier_matches_alone(router: Router) -> None:
    router.add("/ok/:x", "OK")
    router.add("/go/:h/*rest", redirect="/{rest}/{h}")
    kept = router.resolve("/ok/1")
    with pytest.raises(RedirectError):
        router.resolve("/go/evil.com")
    assert kept.target == "OK" and kept.params == {"x": "1"}


# Allowlist entries that would allow every host: a web scheme alone, a wildcard over a
# public suffix (the Public Suffix List) or over an IP address.
@pytest.mark.parametrize(
    "allowlist,words",
    [
        (["https"], "web scheme without a host"),
        (["https://*.com"], "'com' is a public suffix"),
        (["myapp", "https://*.co.uk"], "'co.uk' is a public suffix"),
        (["https://*.github.io"], "'github.io' is a public suffix"),
        (["https://*.1.2.3"], "IP address"),
    ],
)
def test_allowlist_entries_that_allow_every_host_are_refused(router: Router, allowlist: list[str], words: str) -> None:
    with pytest.raises(RuleError) as info:
        router.load_rules(document([("/go/:h", "https://a.example.com/{h}")], allowlist))
    assert f"$.redirect_allowlist[{len(allowlist) - 1}]" in info.value.message
    assert words in info.value.message


def test_allowlist_wildcard_over_a_registrable_domain_loads(router: Router) -> None:
    router.load_rules(document([("/go/:h", "https://a.example.co.uk/{h}")], ["myapp", "https://*.example.co.uk"]))
    assert router.resolve("/go/x").redirects[-1] == "https://a.example.co.uk/x"
