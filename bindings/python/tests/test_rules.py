"""router.load_rules(doc): dicts, JSON text, paths; all or nothing; RuleError with the JSON path.

Skipped only when the loaded library has no sy_router_load_rules.
"""

from __future__ import annotations

from typing import Any, Callable

import json
import os
import threading

import switchyard
from pathlib import Path

import pytest

from switchyard import RedirectError, RuleError, Router, SwitchyardError, _errors, _ffi

from conftest import needs_rules  # noqa: E402  (pytest puts tests/ on sys.path)

KEYED = {
    "https://blog.example.com/:userName/article/details/:articleId": {"class": "BlogDetailPage"},
    "https://live.example.com/room/:id": {"redirectUrl": "myapp://app/live/room"},
    "myapp://app/live/room": {"class": "LiveRoom"},
}

VERSIONED = {
    "version": 1,
    "redirect_allowlist": ["myapp", "https://*.example.com"],
    "routes": [
        {"pattern": "myapp://user/<int:id>", "target": "UserProfile", "name": "user", "priority": 0,
         "defaults": {"tab": "posts", "n": 2}},
        {"pattern": "https://example.com/skill/:language", "redirect": "myapp://app/tiny?id=__C92EAF9"},
        {"pattern": "myapp://app/tiny", "target": "MiniApp"},
        {"pattern": "/plain/:x", "redirect": "myapp://app/tiny", "append_params": False},
    ],
}


def test_missing_symbols_give_not_implemented(monkeypatch: pytest.MonkeyPatch, router: Router) -> None:
    monkeypatch.setattr(_ffi, "sy_router_load_rules", None)
    with pytest.raises(NotImplementedError):
        router.load_rules(KEYED)


@needs_rules
def test_argument_types(router: Router) -> None:
    with pytest.raises(TypeError):
        router.load_rules(["not", "a", "document"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        router.load_rules(42)  # type: ignore[arg-type]


@needs_rules
def test_keyed_shape_from_a_dict(router: Router) -> None:
    router.load_rules(KEYED)
    m = router.resolve("https://blog.example.com/ann/article/details/7")
    assert m.target == "BlogDetailPage" and m.params == {"userName": "ann", "articleId": "7"}
    m = router.resolve("https://live.example.com/room/r9")
    assert m.target == "LiveRoom"
    assert m.redirects == ("https://live.example.com/room/r9", "myapp://app/live/room?id=r9")


@needs_rules
def test_versioned_shape(router: Router) -> None:
    router.load_rules(VERSIONED)
    m = router.resolve("myapp://user/3")
    assert (m.target, m.name, m.params) == ("UserProfile", "user", {"id": 3, "tab": "posts", "n": 2})
    m = router.resolve("https://example.com/skill/cloud_native")
    assert m.target == "MiniApp"
    assert m.url == "myapp://app/tiny?id=__C92EAF9&language=cloud_native"
    assert router.resolve("/plain/1?q=2").url == "myapp://app/tiny"


@needs_rules
@pytest.mark.parametrize("wrap", [
    lambda d: json.dumps(d),
    lambda d: "  \n\t" + json.dumps(d),
    lambda d: json.dumps(d).encode(),
    lambda d: b"\n " + json.dumps(d).encode(),
])
def test_json_text(router: Router, wrap: Callable[[object], str | bytes]) -> None:
    router.load_rules(wrap(KEYED))
    assert router.resolve("myapp://app/live/room").target == "LiveRoom"


@needs_rules
@pytest.mark.parametrize("as_path", [str, Path, os.fsencode])
def test_file_paths(router: Router, tmp_path: Path, as_path: Callable[[Path], str | bytes | Path]) -> None:
    path = tmp_path / "rules é.json"
    path.write_text(json.dumps(VERSIONED))
    router.load_rules_file(as_path(path))
    assert router.resolve("myapp://user/1").target == "UserProfile"


@needs_rules
@pytest.mark.parametrize("as_path", [str, Path, os.fsencode])
def test_a_path_given_to_load_rules_still_loads_with_a_deprecation_warning(router: Router, tmp_path: Path,
                                                                           as_path: Callable[[Path], str | bytes | Path]) -> None:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(VERSIONED))
    with pytest.warns(DeprecationWarning, match="load_rules_file"):
        router.load_rules(as_path(path))
    assert router.resolve("myapp://user/1").target == "UserProfile"


@needs_rules
@pytest.mark.parametrize("doc", [json.dumps(VERSIONED), json.dumps(VERSIONED).encode(), VERSIONED])
def test_a_document_loads_without_a_warning(router: Router, doc: str | bytes | dict[str, Any]) -> None:
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        router.load_rules(doc)
    assert router.resolve("myapp://user/1").target == "UserProfile"


@needs_rules
@pytest.mark.parametrize("name", ["[rules].json", "{rules}.json"])
def test_a_path_like_is_always_a_path(router: Router, tmp_path: Path, name: str) -> None:
    # load_rules_file never looks at the text: a name that looks like JSON is still a file.
    path = tmp_path / name
    path.write_text(json.dumps(VERSIONED))
    router.load_rules_file(str(path))
    assert router.resolve("myapp://user/1").target == "UserProfile"


@needs_rules
def test_unreadable_file_is_an_io_error(router: Router, tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(OSError) as info:
        router.load_rules_file(missing)
    assert isinstance(info.value, SwitchyardError) and isinstance(info.value, switchyard.FileError)
    assert info.value.code == _errors.SY_ERR_IO == switchyard.Status.SY_ERR_IO
    assert "missing.json" in info.value.message and str(info.value) == info.value.message
    assert info.value.filename == str(missing)


@needs_rules
def test_load_rules_file_refuses_what_is_not_a_path(router: Router) -> None:
    with pytest.raises(TypeError):
        router.load_rules_file({"/a": {"class": "A"}})  # type: ignore[arg-type]


@needs_rules
def test_reload_replaces_the_document_and_keeps_added_routes(router: Router) -> None:
    router.add("/manual", "Manual")
    router.load_rules({"/one": {"class": "One"}})
    router.load_rules({"/two": {"class": "Two"}})
    assert not router.resolve("/one")
    assert router.resolve("/two").target == "Two"
    assert router.resolve("/manual").target == "Manual"


BAD_DOCUMENTS = [
    ({"version": 1, "routes": [{"pattern": "/a", "target": "A", "bogus": 1}]}, "$.routes[0]"),
    ({"version": 1, "routes": [{"pattern": "/a", "target": 5}]}, "$.routes[0].target"),
    ({"version": 1, "routes": [{"pattern": "/a", "target": "A", "redirect": "/b"}]}, "$.routes[0]"),
    ({"version": 1, "routes": [{"pattern": "/a"}]}, "$.routes[0]"),
    ({"version": 1, "routes": [{"pattern": "/ok", "target": "A"}, {"pattern": "/a/<int:x", "target": "B"}]},
     "$.routes[1].pattern"),
    ({"version": 1, "routes": [{"pattern": "/u/:a", "target": "A"}, {"pattern": "/u/:b", "target": "B"}]},
     "$.routes[1]"),
    ({"version": 2, "routes": []}, "version"),
    ({"version": 1, "routes": {}}, "routes"),
    ({"version": 1, "routes": [{"pattern": "/a", "target": "A", "name": None}]}, "$.routes[0].name"),
    ({"/a": {"class": "A", "extra": True}}, '$["/a"]'),
    ({"version": 1, "redirect_allowlist": ["myapp"],
      "routes": [{"pattern": "/a", "redirect": "https://evil.example.net/"}]}, "$.routes[0]"),
    # str or bytes whose first non-whitespace character is '{' or '[' is JSON text, so a
    # top level that is not an object is a rule error (not an I/O error for a file "[]").
    ("[]", "$: a rule document must be a JSON object"),
    (b" [1]", "$: a rule document must be a JSON object"),
    ("\n\t[]", "$: a rule document must be a JSON object"),
    (b"[", "invalid JSON"),
    ("[1", "invalid JSON"),
]


@needs_rules
@pytest.mark.parametrize("doc, path", BAD_DOCUMENTS)
def test_bad_documents_are_rule_errors_naming_the_path(router: Router, doc: str | bytes | dict[str, Any],
                                                        path: str) -> None:
    router.add("/manual/:id", "Manual")
    router.load_rules({"/before": {"class": "Before"}})
    with pytest.raises(RuleError) as info:
        router.load_rules(doc)
    assert info.value.code == _errors.SY_ERR_RULE
    assert path in info.value.message, info.value.message
    # all or nothing: the previous document still answers, and so do routes added one by one
    assert router.resolve("/before").target == "Before"
    assert router.resolve("/manual/1").target == "Manual"


@needs_rules
def test_pattern_error_inside_a_document_keeps_the_byte(router: Router) -> None:
    with pytest.raises(RuleError) as info:
        router.load_rules({"version": 1, "routes": [{"pattern": "/a/<date:x>", "target": "A"}]})
    assert "$.routes[0].pattern" in info.value.message
    assert info.value.position == 4  # the type name, inside the pattern


@needs_rules
def test_duplicate_keys_and_invalid_json(router: Router) -> None:
    with pytest.raises(RuleError) as info:
        router.load_rules('{"/a": {"class": "A", "class": "B"}}')
    assert "duplicate" in info.value.message
    with pytest.raises(RuleError) as info:
        router.load_rules('{"/a": {"class": "A"}')
    assert "line" in info.value.message.lower()


@needs_rules
def test_document_size_limit() -> None:
    r = Router(max_document_size=64)
    with pytest.raises(RuleError) as info:  # every error about a document is a rule error
        r.load_rules({f"/route/{i}": {"class": "X"} for i in range(20)})
    assert "maxDocumentSize" in info.value.message or "limit" in info.value.message
    r.close()


@needs_rules
def test_reload_while_threads_resolve() -> None:
    # every answer belongs to one version of the document
    r = Router()
    docs = [{"version": 1, "routes": [{"pattern": "/v/:x", "target": f"V{v}", "defaults": {"v": v}},
                                      {"pattern": f"/only/{v}", "target": f"O{v}"}]} for v in range(2)]
    r.load_rules(docs[0])
    stop = threading.Event()
    errors = []

    def resolver() -> None:
        try:
            while not stop.is_set():
                m = r.resolve("/v/1")
                assert m.target == f"V{m.params['v']}"
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=resolver) for _ in range(2)]
    for t in threads:
        t.start()
    for i in range(200):
        r.load_rules(docs[i % 2])
    stop.set()
    for t in threads:
        t.join()
    r.close()
    assert not errors, errors[0]


# ---------------------------------------------------------------------------------------
# Every kind of bad document, as JSON text (so duplicate keys and syntax errors can be
# written), with the words the message must hold and, where one applies, the byte
# position. It mirrors Tests/SwitchyardTests/RulesTests.swift and
# bindings/c/tests/test_rules.c.
# ---------------------------------------------------------------------------------------

def _versioned(*routes: str) -> str:
    return '{"version": 1, "routes": [' + ", ".join(routes) + "]}"


BAD_TEXT = [
    # invalid JSON: jansson's line, column and byte, and where it is. position is
    # jansson's byte offset, just past the offending token: the '}' at byte 40 gives 41.
    ('{"version": 1,\n "routes": [ {"pattern": } ] }',
     ["invalid JSON", "line 2, column 26, byte 41", "$.routes[0].pattern"], 41),
    ("{", ["invalid JSON", "line 1"], 1),
    ("{} trailing", ["invalid JSON"], 11),
    # duplicate keys
    (_versioned('{"pattern": "/a", "target": "A", "target": "B"}'), ["duplicate", "$.routes[0].target"], None),
    ('{"/a": {"class": "A"}, "/a": {"class": "B"}}', ["duplicate", '$["/a"]'], None),
    # a top level that is not an object: text starting with '[' is JSON text too. (Other
    # top levels, such as "1" or "null", would be read as a file path; the C and Swift
    # tests cover them.)
    ("[]", ["$: a rule document must be a JSON object"], None),
    (' [{"pattern": "/a", "target": "A"}]', ["$: a rule document must be a JSON object"], None),
    # unknown fields, both shapes
    ('{"version": 1, "routes": [], "extra": 1}', ["$.extra: unknown field"], None),
    (_versioned('{"pattern": "/a", "target": "A", "tagret": "B"}'), ["$.routes[0].tagret: unknown field"], None),
    ('{"/a": {"class": "A", "pattern": "/b"}}', ['$["/a"].pattern: unknown field'], None),
    # wrong types, null included
    ('{"version": "1", "routes": []}', ["$.version: must be the integer 1, not a string"], None),
    ('{"version": 1.0, "routes": []}', ["$.version: must be the integer 1, not a real number"], None),
    ('{"version": 2, "routes": []}', ["$.version: must be 1", "not 2"], None),
    ('{"version": 1}', ['$: missing "routes"'], None),
    ('{"version": 1, "routes": null}', ["$.routes: must be an array of routes, not null"], None),
    ('{"version": 1, "routes": ["/a"]}', ["$.routes[0]: must be a route object, not a string"], None),
    (_versioned('{"pattern": 1, "target": "A"}'), ["$.routes[0].pattern: must be a string, not an integer"], None),
    (_versioned('{"pattern": "/a", "target": null}'), ["$.routes[0].target: must be a string, not null"], None),
    (_versioned('{"pattern": "/a", "target": "A", "priority": 1.5}'), ["$.routes[0].priority: must be an integer"], None),
    (_versioned('{"pattern": "/a", "target": "A", "priority": null}'), ["$.routes[0].priority: must be an integer, not null"], None),
    (_versioned('{"pattern": "/a", "target": "A", "defaults": {"t": true}}'),
     ["$.routes[0].defaults.t: must be a string or a number, not a boolean"], None),
    (_versioned('{"pattern": "/a", "target": "A", "defaults": {"a b": null}}'), ['$.routes[0].defaults["a b"]'], None),
    (_versioned('{"pattern": "/a", "redirect": "/b", "append_params": 0}'), ["$.routes[0].append_params: must be true or false"], None),
    ('{"/a": "A"}', ['$["/a"]: must be a route object, not a string'], None),
    ('{"routes": []}', ['needs "version": 1'], None),
    ('{"version": 1, "redirect_allowlist": "myapp", "routes": []}', ["$.redirect_allowlist: must be an array of strings"], None),
    # both or neither of a target and a redirect; a missing pattern
    (_versioned('{"pattern": "/a", "target": "A", "redirect": "/b"}'), ["$.routes[0]: has both a target"], None),
    (_versioned('{"pattern": "/a", "target": "A", "class": "B"}'), ['$.routes[0]: has both "target" and "class"'], None),
    ('{"/a": {}}', ['$["/a"]: has neither a target nor a redirect'], None),
    (_versioned('{"target": "A"}'), ['$.routes[0]: missing "pattern"'], None),
    (_versioned('{"pattern": "/a", "target": "A", "append_params": false}'), ["only a redirect route takes"], None),
    # bad patterns: the JSON path and the byte inside the pattern
    (_versioned('{"pattern": "/ok", "target": "A"}', '{"pattern": "/user/<int:id", "target": "B"}'),
     ["$.routes[1].pattern", "unclosed '<' at 6"], 6),
    ('{"/x/<date:d>": {"class": "B"}}', ['$["/x/<date:d>"]', "unknown type 'date' at 4"], 4),
    (_versioned('{"pattern": "/' + "a" * 5000 + '", "target": "A"}'), ["$.routes[0].pattern", "over the limit"], None),
    # conflicts: inside the document, and with a route added by hand
    (_versioned('{"pattern": "/u/:id", "target": "A"}', '{"pattern": "/u/:name", "target": "B"}'),
     ["$.routes[1].pattern", "'/u/:name'", "'/u/:id'"], None),
    ('{"/manual/:x": {"class": "M"}}', ['$["/manual/:x"]', "'/manual/:id'"], None),
    # ranges
    (_versioned('{"pattern": "/a", "target": "A", "priority": 4294967296}'), ["$.routes[0].priority", "32-bit"], None),
    (_versioned('{"pattern": "/a", "target": "A", "defaults": {"": 1}}'), ['$.routes[0].defaults[""]', "non-empty name"], None),
    # redirects: placeholders in the scheme or host, unknown names, the byte in the redirect
    (_versioned('{"pattern": "/a/:id", "redirect": "https://{id}.example.com/"}'), ["$.routes[0].redirect", "host"], 8),
    (_versioned('{"pattern": "/a/:s", "redirect": "{s}://x/y"}'), ["$.routes[0].redirect", "scheme"], 0),
    ('{"/a/:id": {"redirectUrl": "myapp://x/{user}"}}', ['$["/a/:id"].redirectUrl', "{user}"], 10),
    (_versioned('{"pattern": "/a(/:id)", "redirect": "/b/{id}"}'), ["$.routes[0].redirect", "every alternative"], None),
    # the allowlist
    ('{"version": 1, "redirect_allowlist": ["myapp"], "routes": [{"pattern": "/a", "redirect": "https://evil.test/"}]}',
     ["$.routes[0].redirect", "redirect_allowlist"], None),
    ('{"version": 1, "redirect_allowlist": ["myapp://host"], "routes": []}',
     ["$.redirect_allowlist[0]", "only a web scheme has a host"], None),
    # strict JSON text: a NUL escape is refused
    (_versioned('{"pattern": "/a", "target": "A\\u0000B"}'), ["invalid JSON"], None),
    # numbers a double or a 64-bit integer cannot hold: their path, line, column and first
    # byte, never read as 0 or infinity
    (_versioned('{"pattern": "/a", "target": "A", "defaults": {"x": 1e-400}}'),
     ["$.routes[0].defaults.x: the number 1e-400 (line 1, column 78, byte 77) underflows"], 77),
    (_versioned('{"pattern": "/a", "target": "A", "defaults": {"x": 1e400}}'),
     ["$.routes[0].defaults.x: the number 1e400 (line 1, column 78, byte 77) overflows"], 77),
    (_versioned('{"pattern": "/a", "target": "A", "defaults": {"x": 99999999999999999999}}'),
     ["$.routes[0].defaults.x", "does not fit in 64 bits"], 77),
]


@needs_rules
@pytest.mark.parametrize("text, words, position", BAD_TEXT)
def test_every_bad_document_kind(router: Router, text: str, words: list[str], position: int | None) -> None:
    router.add("/manual/:id", "Manual")
    router.load_rules('{"/before": {"class": "Before"}}')
    with pytest.raises(RuleError) as info:
        router.load_rules(text)
    err = info.value
    assert err.code == _errors.SY_ERR_RULE
    for w in words:
        assert w in err.message, err.message
    if position is not None:
        assert err.position == position, err.message
    # all or nothing: the previous document and the route added by hand still answer
    assert router.resolve("/before").target == "Before"
    assert router.resolve("/manual/1").target == "Manual"


@needs_rules
def test_placeholder_in_the_redirect_scheme_is_a_rule_error(router: Router) -> None:
    router.load_rules({"/before": {"class": "Before"}})
    with pytest.raises(RuleError) as info:
        router.load_rules({"version": 1, "routes": [{"pattern": "/a/:s", "redirect": "{s}://x/y"}]})
    assert info.value.code == _errors.SY_ERR_RULE
    assert info.value.message.startswith("$.routes[0].redirect: "), info.value.message
    assert "scheme" in info.value.message
    assert info.value.position == 0  # the byte in the redirect
    assert router.resolve("/before").target == "Before"
    assert not router.resolve("/a/x")


def test_placeholder_in_the_redirect_scheme_via_add(router: Router) -> None:
    # Not a document, so not a RuleError: an invalid argument, as in RedirectTests.swift
    # (placeholderPlaces) and test_routes.c (add_route_checks_redirect_templates).
    with pytest.raises(SwitchyardError) as info:
        router.add("/a/:s", redirect="{s}://x")
    assert type(info.value) is switchyard.InvalidArgumentError and isinstance(info.value, ValueError)
    assert info.value.code == _errors.SY_ERR_INVALID_ARGUMENT
    assert info.value.position == 0
    assert "scheme" in info.value.message
    assert not router.resolve("/a/x")


@needs_rules
def test_bytes_that_are_not_utf8_are_a_rule_error(router: Router) -> None:
    with pytest.raises(RuleError):
        router.load_rules(b'{"/a": {"class": "\xff"}}')


@needs_rules
def test_document_over_the_size_limit_is_a_rule_error() -> None:
    with Router(max_document_size=32) as r:
        r.load_rules('{"/a": {"class": "A"}}')
        with pytest.raises(RuleError) as info:
            r.load_rules(_versioned('{"pattern": "/b", "target": "B"}'))
        assert "maxDocumentSize" in info.value.message
        assert r.resolve("/a").target == "A"


@needs_rules
def test_redirect_loops_and_limits_from_a_document_are_redirect_errors(router: Router) -> None:
    router.load_rules({"/a": {"redirectUrl": "/b"}, "/b": {"redirectUrl": "/a"},
                       **{f"/n{i}": {"redirectUrl": f"/n{i + 1}"} for i in range(9)}})
    with pytest.raises(RedirectError) as info:
        router.resolve("/a")
    assert info.value.code == _errors.SY_ERR_REDIRECT_LOOP
    assert "/a -> /b -> /a" in info.value.message
    with pytest.raises(RedirectError) as info:
        router.resolve("/n0")
    assert info.value.code == _errors.SY_ERR_REDIRECT_LIMIT
    assert router.resolve("/n1").url == "/n9"  # 8 redirects are fine (a miss at the end)
