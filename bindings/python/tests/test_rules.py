"""router.load_rules(doc): dicts, JSON text, paths; all or nothing; RuleError with the JSON path.

Skipped only when the loaded library has no sy_router_load_rules (issue 4 in progress).
"""

import json
import os
import threading
from pathlib import Path

import pytest

from switchyard import RuleError, Router, SwitchyardError, _errors, _ffi

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


def test_missing_symbols_give_not_implemented(monkeypatch, router):
    monkeypatch.setattr(_ffi, "sy_router_load_rules", None)
    with pytest.raises(NotImplementedError):
        router.load_rules(KEYED)


@needs_rules
def test_argument_types(router):
    with pytest.raises(TypeError):
        router.load_rules(["not", "a", "document"])
    with pytest.raises(TypeError):
        router.load_rules(42)


@needs_rules
def test_keyed_shape_from_a_dict(router):
    router.load_rules(KEYED)
    m = router.resolve("https://blog.example.com/ann/article/details/7")
    assert m.target == "BlogDetailPage" and m.params == {"userName": "ann", "articleId": "7"}
    m = router.resolve("https://live.example.com/room/r9")
    assert m.target == "LiveRoom"
    assert m.redirects == ["https://live.example.com/room/r9", "myapp://app/live/room?id=r9"]


@needs_rules
def test_versioned_shape(router):
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
def test_json_text(router, wrap):
    router.load_rules(wrap(KEYED))
    assert router.resolve("myapp://app/live/room").target == "LiveRoom"


@needs_rules
@pytest.mark.parametrize("as_path", [str, Path, os.fsencode])
def test_file_paths(router, tmp_path, as_path):
    path = tmp_path / "rules é.json"
    path.write_text(json.dumps(VERSIONED))
    router.load_rules(as_path(path))
    assert router.resolve("myapp://user/1").target == "UserProfile"


@needs_rules
def test_unreadable_file_is_an_io_error(router, tmp_path):
    with pytest.raises(SwitchyardError) as info:
        router.load_rules(str(tmp_path / "missing.json"))
    assert info.value.code == _errors.SY_ERR_IO
    assert "missing.json" in info.value.message


@needs_rules
def test_reload_replaces_the_document_and_keeps_added_routes(router):
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
]


@needs_rules
@pytest.mark.parametrize("doc, path", BAD_DOCUMENTS)
def test_bad_documents_are_rule_errors_naming_the_path(router, doc, path):
    router.load_rules({"/before": {"class": "Before"}})
    with pytest.raises(RuleError) as info:
        router.load_rules(doc)
    assert info.value.code == _errors.SY_ERR_RULE
    assert path in info.value.message, info.value.message
    # all or nothing: the previous document still answers
    assert router.resolve("/before").target == "Before"


@needs_rules
def test_pattern_error_inside_a_document_keeps_the_byte(router):
    with pytest.raises(RuleError) as info:
        router.load_rules({"version": 1, "routes": [{"pattern": "/a/<date:x>", "target": "A"}]})
    assert "$.routes[0].pattern" in info.value.message
    assert info.value.position == 4  # the type name, inside the pattern


@needs_rules
def test_duplicate_keys_and_invalid_json(router):
    with pytest.raises(RuleError) as info:
        router.load_rules('{"/a": {"class": "A", "class": "B"}}')
    assert "duplicate" in info.value.message
    with pytest.raises(RuleError) as info:
        router.load_rules('{"/a": {"class": "A"}')
    assert "line" in info.value.message.lower()


@needs_rules
def test_document_size_limit():
    r = Router(max_document_size=64)
    with pytest.raises(RuleError) as info:  # every error about a document is a rule error
        r.load_rules({f"/route/{i}": {"class": "X"} for i in range(20)})
    assert "maxDocumentSize" in info.value.message or "limit" in info.value.message
    r.close()


@needs_rules
def test_reload_while_threads_resolve():
    # every answer belongs to one version of the document
    r = Router()
    docs = [{"version": 1, "routes": [{"pattern": "/v/:x", "target": f"V{v}", "defaults": {"v": v}},
                                      {"pattern": f"/only/{v}", "target": f"O{v}"}]} for v in range(2)]
    r.load_rules(docs[0])
    stop = threading.Event()
    errors = []

    def resolver():
        try:
            while not stop.is_set():
                m = r.resolve("/v/1")
                assert m.target == "V%d" % m.params["v"]
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
