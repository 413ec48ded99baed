"""A str holding surrogate code points (a lone "\\ud800", or OS bytes as surrogateescape
gives them) is never UnicodeEncodeError: every public function that takes text hands the
library the bytes they stand for, and the library reports invalid UTF-8 as its own error
(a SwitchyardError), with the byte position, as for the same bytes given as bytes."""

from __future__ import annotations

from typing import Any, Callable, Iterator, Optional

import pathlib

import pytest

import switchyard
from switchyard import InvalidArgumentError, InvalidURLError, RuleError, SwitchyardError, _errors
from switchyard import Router

# (text, the byte position of its first surrogate in the UTF-8 the library is given)
SURROGATES = [
    ("\ud800", 0),  # lone high surrogate
    ("\udfff", 0),  # lone low surrogate
    ("\udc80", 0),  # surrogateescape's byte 0x80
    ("é\ud83d\ude00", 2),  # a pair as two code points, after a two-byte character
    ("ok\udcff\ud800", 2),  # an escaped byte, then a lone surrogate
]


@pytest.fixture
def router() -> Iterator[Router]:
    r = switchyard.Router()
    r.add("/ok/:x", "OK")
    yield r
    r.close()


def check(exc_info: pytest.ExceptionInfo[Exception], code: int, position: int) -> None:
    error = exc_info.value
    assert isinstance(error, SwitchyardError) and error.code == code
    assert error.position == position, error.message
    assert "UTF-8" in error.message


@pytest.mark.parametrize("text,at", SURROGATES)
def test_resolve(router: Router, text: str, at: int) -> None:
    with pytest.raises(InvalidURLError) as info:
        router.resolve("/ok/" + text)
    check(info, _errors.SY_ERR_INVALID_URL, 4 + at)
    assert router.resolve("/ok/fine").params == {"x": "fine"}  # nothing left behind


@pytest.mark.parametrize("text,at", SURROGATES)
@pytest.mark.parametrize("field", ["pattern", "target", "redirect", "name", "default name", "default value"])
def test_add(router: Router, text: str, at: int, field: str) -> None:
    args: dict[str, Any] = {"pattern": "/p/x", "target": "T"}
    prefix = 0
    if field == "pattern":
        args["pattern"], prefix = "/p/" + text, 3
    elif field == "target":
        args["target"] = text
    elif field == "redirect":
        del args["target"]
        args["redirect"], prefix = "/r/" + text, 3
    elif field == "name":
        args["name"] = text
    elif field == "default name":
        args["defaults"] = {text: "v"}
    else:
        args["defaults"] = {"k": text}
    with pytest.raises(SwitchyardError) as info:
        router.add(args.pop("pattern"), args.pop("target", None), **args)
    check(info, _errors.SY_ERR_INVALID_ARGUMENT, prefix + at)
    assert not router.resolve("/p/x")  # all or nothing


@pytest.mark.parametrize("text,at", SURROGATES)
def test_remove(router: Router, text: str, at: int) -> None:
    with pytest.raises(SwitchyardError) as info:
        router.remove("/ok/" + text)
    check(info, _errors.SY_ERR_INVALID_ARGUMENT, 4 + at)
    assert router.resolve("/ok/still")


@pytest.mark.parametrize("text,at", SURROGATES)
def test_load_rules_text(router: Router, text: str, at: int) -> None:
    doc = '{"/a": {"class": "' + text + '"}}'
    with pytest.raises(RuleError) as info:
        router.load_rules(doc)
    assert info.value.position == 18 + at


@pytest.mark.parametrize("text,at", SURROGATES)
@pytest.mark.parametrize("kind", [str, pathlib.Path])
def test_load_rules_path(router: Router, text: str, at: int, kind: Callable[[str], str | pathlib.Path]) -> None:
    with pytest.raises(SwitchyardError) as info:
        router.load_rules_file(kind("/tmp/" + text + ".json"))
    check(info, _errors.SY_ERR_INVALID_ARGUMENT, 5 + at)


def test_load_rules_dict(router: Router) -> None:
    # json.dumps writes the surrogate as the escape \ud800, which the JSON reader refuses.
    with pytest.raises(RuleError) as info:
        router.load_rules({"/a/\ud800": {"class": "X"}})
    assert info.value.position is not None


@pytest.mark.parametrize("text,at", SURROGATES)
def test_web_schemes(text: str, at: int) -> None:
    with pytest.raises(SwitchyardError) as info:
        switchyard.Router(web_schemes=["x" + text])
    check(info, _errors.SY_ERR_INVALID_ARGUMENT, 1 + at)


def test_the_same_bytes_fail_the_same_way(router: Router) -> None:
    with pytest.raises(InvalidURLError) as from_str:
        router.resolve("/ok/\ud800")
    with pytest.raises(InvalidURLError) as from_bytes:
        router.resolve("/ok/\ud800".encode("utf-8", "surrogatepass"))
    assert str(from_str.value) == str(from_bytes.value)
    assert from_str.value.position == from_bytes.value.position == 4


# The app-link calls that take documents as dicts or request values: the JSON they are
# serialised to carries the surrogate's bytes, which the library refuses as it refuses text.
LINK_CALLS: list[tuple[str, Callable[[Router, str], Any]]] = [
    ("generate domain", lambda r, s: switchyard.links.generate(r, s, ["T.a"])),
    ("generate app id", lambda r, s: switchyard.links.generate(r, "x.com", [s])),
    ("generate package", lambda r, s: switchyard.links.generate(r, "x.com", ["T.a"], package=s)),
    ("generate fingerprint", lambda r, s: switchyard.links.generate(
        r, "x.com", ["T.a"], package="a.b", fingerprints=[s])),
    ("generate names", lambda r, s: switchyard.links.generate(r, "x.com", ["T.a"], names=[s])),
    ("aasa document", lambda r, s: switchyard.links.aasa_decisions(
        {"applinks": {"details": [{"appIDs": [s], "components": [{"/": "/a"}]}]}}, "x.com", "https://x.com/a")),
    ("aasa host", lambda r, s: switchyard.links.aasa_decisions({"applinks": {"details": []}}, s, "https://x.com/a")),
    ("android app", lambda r, s: switchyard.links.android_evaluate({"package": s}, "https://x.com/a")),
    ("cross-check app id", lambda r, s: switchyard.links.cross_check(r, {"applinks": {"details": []}}, "x.com", s)),
]


@pytest.mark.parametrize("text,at", SURROGATES)
@pytest.mark.parametrize("call", [c for _, c in LINK_CALLS], ids=[n for n, _ in LINK_CALLS])
def test_links(router: Router, text: str, at: int, call: Callable[[Router, str], Any]) -> None:
    with pytest.raises(SwitchyardError) as e:
        call(router, text)
    assert "UTF-8" in e.value.message or "decode byte" in e.value.message, e.value.message


# Every other entry point that takes text: (name, call, the byte where the text starts in
# the argument the message names, or None when the argument is a choice among names).
ENTRY_POINTS: list[tuple[str, Callable[[Router, str], Any], Optional[int]]] = [
    ("explain", lambda r, s: r.explain("/ok/" + s), 4),
    ("candidates", lambda r, s: list(r.candidates("/ok/" + s)), 4),
    ("dispatch", lambda r, s: r.dispatch("/ok/" + s), 4),
    ("handle target", lambda r, s: r.handle(s, lambda m, c: True), 0),
    ("url_for name", lambda r, s: r.url_for(s), 0),
    ("url_for parameter name", lambda r, s: r.url_for("ok", **{s: "1"}), 0),
    ("url_for parameter value", lambda r, s: r.url_for("ok", x=s), 0),
    ("add with a handler", lambda r, s: r.add("/c/" + s, lambda m, c: True), 3),
    ("add with data", lambda r, s: r.add("/d/" + s, "T", data=object()), 3),
    ("add with data, target", lambda r, s: r.add("/d", s, data=object()), 0),
    ("add search", lambda r, s: r.add("/s", "T", search=s, dialect="urlpattern"), 0),
    ("add hash", lambda r, s: r.add("/s", "T", hash=s, dialect="urlpattern"), 0),
    ("add_routes mapping", lambda r, s: r.add_routes([{"pattern": "/e/" + s, "target": "E"}]), 3),
    ("add_routes pair", lambda r, s: r.add_routes([("/e", s)]), 0),
    ("android_matches pattern", lambda r, s: switchyard.links.android_matches("literal", "/" + s, "/x"), 1),
    ("android_matches text", lambda r, s: switchyard.links.android_matches("literal", "/x", "/" + s), 1),
    ("android_dynamic", lambda r, s: switchyard.links.android_dynamic(
        {"dynamic_app_link_components": []}, "/" + s), 1),
    ("AASA.decide url", lambda r, s: switchyard.links.AASA({"applinks": {"details": []}}).decide(
        "x.com", "https://x.com/" + s), 14),
    ("cross_check host", lambda r, s: switchyard.links.cross_check(r, {"applinks": {"details": []}}, s, "T.a"), 0),
    ("Router dialect", lambda r, s: switchyard.Router(dialect=s), None),  # type: ignore[arg-type]
    ("Router host_handling", lambda r, s: switchyard.Router(host_handling=s), None),  # type: ignore[arg-type]
    ("android_matches kind", lambda r, s: switchyard.links.android_matches(s, "/x", "/x"), None),
]


@pytest.mark.parametrize("text,at", SURROGATES)
@pytest.mark.parametrize("call,start", [(c, s) for _, c, s in ENTRY_POINTS], ids=[n for n, _, _ in ENTRY_POINTS])
def test_every_entry_point(router: Router, text: str, at: int, call: Callable[[Router, str], Any],
                           start: Optional[int]) -> None:
    router.add("/named/:x", "Named", name="ok")
    with pytest.raises(SwitchyardError) as info:
        call(router, text)
    error = info.value
    if start is None:
        # A choice among names: the name given is quoted, surrogates escaped.
        assert isinstance(error, InvalidArgumentError) and repr(text)[1:-1] in error.message
    else:
        assert error.position == start + at and "UTF-8" in error.message, error.message
    assert router.resolve("/ok/fine").params == {"x": "fine"}  # nothing left behind
