"""Router(preset=...): the compatibility presets, and a sample of the conformance cases of
Tests/Data/conformance (docs/CONFORMANCE.md) run under each router's preset, with the case's
own router flags passed as options."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any, Dict, List, cast

import pytest

import switchyard
from switchyard import InvalidArgumentError, Preset, Router

# The cases the presets do not reproduce (Tests/SwitchyardTests/ConformanceSkips.swift says why).
SKIPPED = {
    "jlroutes-048", "jlroutes-062", "urlnavigator-058", "mgjrouter-011", "mgjrouter-013",
    "mgjrouter-016", "routingkit-051", "routingkit-065", "routingkit-067", "routingkit-068",
}

SYSTEMS = ("jlroutes", "urlnavigator", "mgjrouter", "deeplinkkit", "waapprouting", "routingkit")


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(InvalidArgumentError) as e:
        Router(preset="express")  # type: ignore[arg-type]
    assert "jlroutes, urlnavigator, mgjrouter, deeplinkkit, waapprouting, kickstarter, routingkit" in str(e.value)


def test_options_set_after_the_preset_win() -> None:
    # JLRoutes reads '+' as a space in the query; shouldDecodePlusSymbols off keeps it.
    with Router(preset="jlroutes") as r:
        r.add("/user/view/:userID", "U")
        assert r.resolve("tests://user/view/x?name=joel+levin").params["name"] == "joel levin"
    with Router(preset="jlroutes", plus_as_space_in_path=False, plus_as_space_in_query=False,
                encoded_plus_as_space=False) as r:
        r.add("/user/view/:userID", "U")
        assert r.resolve("tests://user/view/x?name=joel+levin").params["name"] == "joel+levin"


def test_switchyard_preset_is_the_default() -> None:
    with Router(preset="switchyard") as a, Router() as b:
        for r in (a, b):
            r.add("/a/:id", "A")
            r.add("/a/new", "N")
        for url in ("/a/new", "/a/5", "myapp://a/new", "/a"):
            assert a.resolve(url).target == b.resolve(url).target


def test_kickstarter_recognises_its_hosts_by_prefix() -> None:
    with Router(preset="kickstarter") as r:
        r.add("/projects/:creator_param/:project_param", "P")
        assert r.resolve("ksr://www.kickstarter.com/projects/c/p").matched
        assert not r.resolve("https://www.face-kickstarter.com/projects/c/p").matched
    with Router(preset="kickstarter", host_prefixes=["www.example.com"]) as r:
        r.add("/projects/:creator_param/:project_param", "P")
        assert r.resolve("https://www.example.com/projects/c/p").matched
        assert not r.resolve("https://www.kickstarter.com/projects/c/p").matched


def _options(case: Dict[str, Any]) -> Dict[str, Any]:
    """The case's own router flags, as docs/CONFORMANCE.md maps them to options."""
    config = case.get("config") or {}
    out: Dict[str, Any] = {}
    if "shouldDecodePlusSymbols" in config:
        plus = config["shouldDecodePlusSymbols"]
        out.update(plus_as_space_in_path=plus, plus_as_space_in_query=plus, encoded_plus_as_space=plus)
    if config.get("alwaysTreatsHostAsPathComponent"):
        out["host_handling"] = "always_segment"
    if config.get("caseInsensitive"):
        out["case_insensitive_literals"] = True
    fallback = [s.lower() for s, o in (config.get("scheme_options") or {}).items()
                if o.get("shouldFallbackToGlobalRoutes")]
    if fallback:
        out["global_fallback_schemes"] = fallback
    return out


def _cases(test_data: Path, system: str) -> List[Dict[str, Any]]:
    cases = json.loads((test_data / "conformance" / f"{system}.json").read_text())
    return [c for c in cases
            if "kind" not in c and c["id"] not in SKIPPED and isinstance(c.get("routes"), list)
            and not c.get("ops_before") and isinstance(c.get("url"), str)
            and isinstance(c["expect"].get("match"), bool)
            and "valueConverters" not in (c.get("config") or {})]


@pytest.mark.parametrize("system", SYSTEMS)
def test_conformance_sample_under_the_preset(test_data: Path, system: str) -> None:
    cases = _cases(test_data, system)
    assert len(cases) >= 10
    for case in cases:
        with Router(preset=cast(Preset, system), **_options(case)) as r:
            for route in case["routes"]:
                pattern, scheme = route["pattern"], route.get("scheme")
                if pattern == "/:":
                    continue  # a parameter named ':' (skipped case)
                ours = pattern
                if scheme and scheme != "JLRoutesGlobalRoutesScheme":
                    ours = f"{scheme}://{pattern.lstrip('/')}"
                r.add(ours, pattern)
            m = r.resolve(case["url"])
            expect = case["expect"]
            assert m.matched == expect["match"], f"{case['id']}: {case['url']}"
            if not m.matched:
                continue
            want = expect.get("pattern")
            if want is not None and "(" not in (m.target or ""):
                assert m.target == want, case["id"]
            if system == "mgjrouter" or case["id"] == "jlroutes-024":
                continue  # caller-supplied extra parameters are not part of a match
            for key, value in (expect.get("params") or {}).items():
                if isinstance(value, str) and key != "JLRouteWildcardComponents":
                    got = m.params.get(key)
                    want_value: object = uuid.UUID(value) if isinstance(got, uuid.UUID) else value
                    assert got == want_value, f"{case['id']}: {key}"


def test_preset_type_is_exported() -> None:
    assert "Preset" in switchyard.__all__
