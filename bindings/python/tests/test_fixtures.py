"""Route fixtures from Python: router.run_fixtures, usable as the body of a pytest test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict

import pytest

import switchyard
from switchyard.fixtures import FixtureDifference, FixtureResult, Fixtures

from conftest import needs_rules

RULES = {
    "version": 1,
    "routes": [
        {"pattern": "myapp://hotels", "target": "HotelList", "name": "hotels"},
        {"pattern": "myapp://hotels/<int:hotel>", "target": "Hotel", "name": "hotel", "parent": "hotels"},
        {"pattern": "myapp://settings", "target": "Settings", "name": "settings"},
    ],
}

PASSING = [
    {"url": "myapp://hotels/12", "route": "hotel", "params": {"hotel": 12}, "stack": ["hotels", "hotel"]},
    {"url": "myapp://nowhere", "refused": "no-route"},
]


@pytest.fixture
def loaded(router: switchyard.Router) -> switchyard.Router:
    router.load_rules(RULES)
    return router


@needs_rules
@pytest.mark.parametrize("form", ["text", "bytes", "list", "dict", "path", "pathlike"])
def test_every_form_of_document(loaded: switchyard.Router, tmp_path: Path, form: str) -> None:
    text = json.dumps(PASSING)
    path = tmp_path / "routes.json"
    path.write_text(json.dumps({"cases": PASSING}))
    forms: Dict[str, Fixtures] = {"text": text, "bytes": text.encode(), "list": PASSING,
                                  "dict": {"cases": PASSING}, "path": str(path), "pathlike": path}
    doc = forms[form]
    result = loaded.run_fixtures(doc)
    assert isinstance(result, FixtureResult)
    assert (result.cases, result.passed, result.failed, result.fixture_errors) == (2, 2, 0, 0)
    assert result.ok and bool(result)
    # A parent in a stack is not reached by being in it.
    assert result.uncovered_routes == (("hotels", "myapp://hotels"), ("settings", "myapp://settings"))
    result.assert_ok()


@needs_rules
def test_failures_field_by_field(loaded: switchyard.Router) -> None:
    result = loaded.run_fixtures([
        {"url": "myapp://hotels/12", "params": {"hotel": "12"}, "description": "typed"},
        {"url": "myapp://hotels", "route": "hotel-list"},
        {"url": "myapp://settings", "route": "settings"},
    ])
    assert (result.passed, result.failed, result.fixture_errors) == (1, 1, 1)
    assert not result
    mismatch, error = result.failures
    assert mismatch.kind == "mismatch" and mismatch.index == 0 and mismatch.description == "typed"
    assert mismatch.differences == (FixtureDifference("params.hotel", '"12"', "12"),)
    assert error.kind == "fixture-error"
    assert error.message == "names route 'hotel-list', but no route has that name"
    with pytest.raises(AssertionError, match=r'params\.hotel: expected "12", got 12'):
        result.assert_ok()
    assert json.loads(result.json)["failed"] == 1


@needs_rules
def test_a_large_report_grows_the_buffer(loaded: switchyard.Router) -> None:
    cases = [{"url": f"myapp://hotels/{k}", "params": {"hotel": str(k)}} for k in range(300)]
    result = loaded.run_fixtures(cases)
    assert result.failed == 300 and len(result.failures) == 300
    assert len(result.json) > 4096


@needs_rules
@pytest.mark.parametrize("doc, words", [
    ('[{"url": "myapp://a",\n "rout": "x"}]', "$[0].rout (line 2, column 2): unknown field"),
    ('[{"url": "myapp://a"}]', "states nothing to check"),
    ('[{"url": 3, "route": "x"}]', "$[0].url (line 1, column 10): must be a string, not an integer"),
    ('[{"url": }]', "invalid JSON"),
])
def test_bad_documents(loaded: switchyard.Router, doc: str, words: str) -> None:
    with pytest.raises(switchyard.InvalidArgumentError) as info:
        loaded.run_fixtures(doc)
    assert words in str(info.value)


@needs_rules
def test_document_size_is_bounded() -> None:
    with switchyard.Router(max_document_size=64) as r:
        with pytest.raises(switchyard.LimitError, match="over the limit of 64"):
            r.run_fixtures("[" + " " * 100 + "]")


def test_wrong_argument_type(router: switchyard.Router) -> None:
    with pytest.raises(TypeError):
        router.run_fixtures(42)  # type: ignore[arg-type]


def test_missing_file(router: switchyard.Router, tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        router.run_fixtures(str(tmp_path / "none.json"))
