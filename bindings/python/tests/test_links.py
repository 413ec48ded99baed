"""switchyard.links: the app-link vectors of Tests/Data/links (the same cases the Swift tests
run), the AASA object, the Android evaluation, and generation from a Router."""

from __future__ import annotations

from typing import Any

import json
from pathlib import Path

import pytest

import switchyard
from switchyard import links

DATA = Path(__file__).resolve().parents[3] / "Tests" / "Data" / "links"
APP = "ABCDE12345.com.example.app"


def load(name: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return cases


AASA_VECTORS = load("vectors.json")
ANDROID_VECTORS = load("android-vectors.json")


@pytest.mark.parametrize("case", AASA_VECTORS, ids=[c["id"] for c in AASA_VECTORS])
def test_aasa_vectors(case: dict[str, Any]) -> None:
    decisions = links.aasa_decisions(case["aasa"], case["domain"], case["url"])
    expect = case["expect"]
    assert [a for a, v in decisions if v == "match"] == expect.get("appIDs", [])
    assert sorted(a for a, v in decisions if v == "block") == sorted(expect.get("blocked", []))
    if expect.get("appIDs"):
        assert decisions[[v for _, v in decisions].index("match")][0] == expect["appID"]


def test_aasa_vectors_are_all_there() -> None:
    assert len(AASA_VECTORS) >= 138
    assert len(ANDROID_VECTORS) >= 118


@pytest.mark.parametrize("case", ANDROID_VECTORS, ids=[f"{c['type']}:{c.get('pattern', '')}:{c['input']}" for c in ANDROID_VECTORS])
def test_android_vectors(case: dict[str, Any]) -> None:
    if case["type"] == "dynamic":
        assert links.android_dynamic(case["rules"], case["input"]) == case["expect"]
    elif case["expect"] == "invalid":
        with pytest.raises(switchyard.PatternError):
            links.android_matches(case["type"], case["pattern"], case["input"])
    else:
        assert links.android_matches(case["type"], case["pattern"], case["input"]) is case["expect"]


def test_aasa_accepts_dict_text_and_bytes() -> None:
    doc = {"applinks": {"details": [{"appIDs": [APP], "components": [{"/": "/buy/*"}]}]}}
    url = "https://example.com/buy/1"
    expected = [(APP, "match")]
    assert links.aasa_decisions(doc, "example.com", url) == expected
    assert links.aasa_decisions(json.dumps(doc), "example.com", url) == expected
    assert links.aasa_decisions(json.dumps(doc).encode(), "example.com", url) == expected


def test_compiled_file_decides_with_indexes_and_findings() -> None:
    doc = {
        "applinks": {
            "details": [
                {"appIDs": [APP], "components": [{"/": "/*"}, {"/": "/never", "casesensitive": False}]},
                {"appIDs": ["OTHER.app"], "components": [{"/": "/a", "exclude": True}]},
            ]
        }
    }
    with links.AASA(doc) as aasa:
        assert aasa.decide("example.com", "https://example.com/a") == [
            {"app_id": APP, "verdict": "match", "detail_index": 0, "rule_index": 0},
            {"app_id": "OTHER.app", "verdict": "block", "detail_index": 1, "rule_index": 0},
        ]
        paths = [f["path"] for f in aasa.findings]
        assert "$.applinks.details[0].components[1]" in paths  # never reached after "/*"
        assert "$.applinks.details[0].components[1].casesensitive" in paths
    with pytest.raises(switchyard.SwitchyardError):
        aasa.decisions("example.com", "https://example.com/a")


def _aasa_of_size(size: int) -> bytes:
    """An AASA file of exactly ``size`` bytes (a webcredentials app pads it)."""
    head = b'{"applinks": {"details": [{"appID": "' + APP.encode() + b'", "components": [{}]}]}, "webcredentials": {"apps": ["'
    tail = b'"]}}'
    return head + b"x" * (size - len(head) - len(tail)) + tail


def test_an_aasa_file_over_apples_128_kib_is_refused() -> None:
    at_limit = _aasa_of_size(128 * 1024)
    assert links.AASA(at_limit).decisions("example.com", "https://example.com/x")[0][0] == APP
    with pytest.raises(switchyard.LimitError) as e:
        links.AASA(_aasa_of_size(128 * 1024 + 1))
    assert "131073 bytes, over Apple's limit of 131072 bytes (128 KiB): iOS ignores a larger file" in str(e.value)
    with pytest.raises(switchyard.LimitError) as e:
        links.AASA(at_limit, size_limit=1000)
    assert "over the 1000-byte limit (sizeLimit" in str(e.value)
    # Raised by a validator: read, with a finding that iOS ignores it.
    raised = links.AASA(_aasa_of_size(200_000), size_limit=1 << 20)
    assert any("over Apple's limit of 131072 bytes" in f["message"] for f in raised.findings)


def test_android_files_over_androids_limits_are_refused() -> None:
    app = {"filters": [{"autoVerify": True, "data": [{"scheme": "https", "host": "example.com"}]}]}
    assetlinks = "[" + " " * (1 << 20) + "]"
    with pytest.raises(switchyard.LimitError) as e:
        links.android_evaluate(app, "https://example.com/", assetlinks=assetlinks)
    assert "over Android's limit of 1048576 bytes (1 MiB) for assetlinks.json" in str(e.value)
    with pytest.raises(switchyard.LimitError):
        links.android_dynamic(assetlinks, "/")
    hosts = [{"scheme": "https", "host": "h" + "x" * 50 + f"{i:05d}.example.com"} for i in range(7_500)]
    with pytest.raises(switchyard.LimitError) as e:
        links.android_evaluate({"filters": [{"autoVerify": True, "data": hosts}]}, "https://example.com/")
    assert "autoVerify hosts reach" in str(e.value) and "Android's limit of 1048576 bytes (1 MiB)" in str(e.value)


def test_decisions_past_the_step_limit_are_refused() -> None:
    # Each pattern alone is linear; a long URL against many costly ones is refused
    # instead of taking seconds, and short URLs are still decided.
    stars = "*".join(["$(lang)"] * 16_000) + "*z"
    aasa = links.AASA({"applinks": {"details": [{"appIDs": ["AB12.c"], "components": [{"/": stars}]}]}})
    with pytest.raises(switchyard.LimitError) as e:
        aasa.decide("example.com", "https://example.com/" + "en" * 16_000)
    assert "costs more than 2000000 steps" in str(e.value)
    # A short URL is decided (the pattern needs 16,000 language codes, so nothing matches).
    assert aasa.decisions("example.com", "https://example.com/en/z") == []
    rules = json.dumps([{"/": f"*b{i}"} for i in range(55_000)])
    with pytest.raises(switchyard.LimitError) as e:
        links.android_dynamic(rules, "/" + "a" * 32_000)
    assert "the dynamic rules" in str(e.value)
    assert links.android_dynamic(rules, "/b7") == "open"


def test_half_a_million_app_ids_compile() -> None:
    ids = [f"T{i}.a" for i in range(500_000)]
    doc = {"applinks": {"details": [{"appIDs": ids, "components": [{"/": "/buy/*"}]}]}}
    aasa = links.AASA(doc, size_limit=16 << 20)
    decided = aasa.decisions("example.com", "https://example.com/buy/1")
    assert len(decided) == 500_000 and decided[-1][0] == "T499999.a"


def test_errors_name_the_json_path() -> None:
    with pytest.raises(switchyard.RuleError) as e:
        links.AASA({"applinks": {"details": [{"appID": APP, "components": [{"exclude": "yes"}]}]}})
    assert "$.applinks.details[0].components[0].exclude: must be true or false" in str(e.value)
    with pytest.raises(switchyard.RuleError) as e:
        links.AASA('{"applinks": ')
    assert e.value.position is not None
    with pytest.raises(switchyard.InvalidURLError):
        links.aasa_decisions({}, "example.com", "no scheme")
    with pytest.raises(TypeError):
        links.aasa_decisions(42, "example.com", "https://example.com/")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        links.android_matches("regex", "a", "a")


def test_http_needs_the_option() -> None:
    doc = {"applinks": {"details": [{"appID": APP, "components": [{}]}]}}
    assert links.AASA(doc).decisions("example.com", "http://example.com/") == []
    assert links.AASA(doc, allow_http=True).decisions("example.com", "http://example.com/") == [(APP, "match")]


def test_legacy_simple_glob() -> None:
    assert not links.android_matches("simpleGlob", r"te\.t", "test")
    assert links.android_matches("simpleGlob", r"te\.t", "test", legacy=True)


APP_DESCRIPTION = {
    "package": "com.example.app",
    "sha256_cert_fingerprints": ["AA:BB:CC"],
    "filters": [
        {
            "autoVerify": True,
            "data": [{"scheme": "https", "host": "www.example.com"}, {"pathPrefix": "/products/"}],
        }
    ],
}

ASSET_LINKS = [
    {
        "relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["aabbcc"]},
        "relation_extensions": {
            "delegate_permission/common.handle_all_urls": {
                "dynamic_app_link_components": [{"/": "/products/internal/*", "exclude": True}, {"/": "*"}]
            }
        },
    }
]


def test_android_evaluation() -> None:
    v = links.android_evaluate(APP_DESCRIPTION, "https://www.example.com/products/1", ASSET_LINKS)
    assert v["opens"] and v["verified"] and v["dynamic"] == "open" and v["filter_index"] == 0
    v = links.android_evaluate(APP_DESCRIPTION, "https://www.example.com/products/internal/2", ASSET_LINKS)
    assert not v["opens"] and v["dynamic"] == "excluded"
    v = links.android_evaluate(APP_DESCRIPTION, "https://www.example.com/about", None)
    assert not v["opens"] and v["filter_index"] is None and v["verified"] is None
    other = [dict(ASSET_LINKS[0], target={"namespace": "android_app", "package_name": "com.other"})]
    assert links.android_evaluate(APP_DESCRIPTION, "https://www.example.com/products/1", other)["verified"] is False


def test_generate_and_cross_check() -> None:
    router = switchyard.Router()
    router.add("https://www.example.com/user/<int:id>", "User", name="user")
    router.add("/help", "Help", name="help")
    g = links.generate(router, "www.example.com", [APP], package="com.example.app", fingerprints=["AA:BB"])
    components = g["aasa"]["applinks"]["details"][0]["components"]
    assert [c["/"] for c in components] == ["/user/?*", "/help"]
    assert g["rules"][0]["widened"] and not g["rules"][1]["widened"]
    assert "pathAdvancedPattern" in g["manifest_xml"]
    # The generated files do what they say, in both evaluators.
    assert links.aasa_decisions(g["aasa"], "www.example.com", "https://www.example.com/user/7") == [(APP, "match")]
    assert links.android_evaluate(g["android"], "https://www.example.com/help", g["assetlinks"])["opens"]
    only_help = links.generate(router, "www.example.com", [APP], names=["help"])
    assert [r["route"] for r in only_help["rules"]] == ["/help"]

    report = links.cross_check(router, {"applinks": {"details": [{"appIDs": [APP], "components": [
        {"/": "/user/*"}, {"/": "/shop/*"}]}]}}, "www.example.com", APP)
    assert [r["route"] for r in report["routes_not_opened"]] == ["/help"]
    assert [r["rule_index"] for r in report["rules_not_handled"]] == [1]
    with pytest.raises(switchyard.SwitchyardError):
        links.generate(router, "", [APP])
