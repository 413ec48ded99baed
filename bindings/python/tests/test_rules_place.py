"""RuleError's place in the document: ``document_position``, ``line`` and ``column`` of the
value the JSON path names (inside a pattern or redirect, of the offending byte), for JSON
text and files, columns counted in characters (docs/ERRORS.md "Places in a document")."""

from __future__ import annotations

from pathlib import Path

import pytest

from switchyard import PatternError, RuleError, Router

from conftest import needs_rules  # noqa: E402  (pytest puts tests/ on sys.path)

# (document, words of the message, marker: the error is at its first byte, line, column)
CASES = [
    ('{"version": 1, "routes": [\n  {"pattern": "/a", "target": "A"},\n'
     '  {"pattern": "/d/<date:d>", "target": "D"}\n]}',
     "$.routes[1].pattern: unknown type 'date'", "date:d", 3, 20),
    ('{"/a": {"class": "A"},\r\n"/b/<id": {"class": "B"}}', '$["/b/<id"]', "<id", 2, 5),
    ('{"version": 1, "routes": [{"pattern": "/\\u00e9\\/<date:d>", "target": "A"}]}',
     "$.routes[0].pattern", "date:d", 1, 50),
    ('{"version": 1, "routes": [{"name": "é€😀", "pattern": "/x/<date:d>", "target": "A"}]}',
     "$.routes[0].pattern", "date:d", 1, 59),
    ('{"version": 1, "routes": [\n {"pattern": "/a", "target": "A",\n  "bogus": 1}]}',
     "$.routes[0].bogus: unknown field", '"bogus"', 3, 3),
    ('{"version": 1, "routes": [{"pattern": "/a", "target": "A", "query": {"page": {"type": "nope"}}}]}',
     "$.routes[0].query.page.type: unknown type 'nope'", '"nope"', 1, 87),
    ('{"version": 1,\n "routes": [}', "invalid JSON at line 2, column 13", "}", 2, 13),
]


def _expect(exc: RuleError, doc: str, words: str, marker: str, line: int, column: int) -> None:
    text = doc.encode()
    assert words in exc.message
    assert exc.document_position == text.index(marker.encode())
    assert (exc.line, exc.column) == (line, column)


@needs_rules
@pytest.mark.parametrize("doc, words, marker, line, column", CASES)
def test_text_errors_carry_their_place(doc: str, words: str, marker: str, line: int, column: int) -> None:
    with pytest.raises(RuleError) as caught:
        Router().load_rules(doc)
    _expect(caught.value, doc, words, marker, line, column)


@needs_rules
@pytest.mark.parametrize("doc, words, marker, line, column", CASES)
def test_file_errors_carry_their_place(tmp_path: Path, doc: str, words: str, marker: str, line: int,
                                       column: int) -> None:
    path = tmp_path / "rules.json"
    path.write_bytes(doc.encode())
    with pytest.raises(RuleError) as caught:
        Router().load_rules_file(path)
    _expect(caught.value, doc, words, marker, line, column)


def test_other_errors_have_no_place() -> None:
    with pytest.raises(PatternError) as caught:
        Router().add("/d/<date:d>", "D")
    assert caught.value.position == 4  # the type name
    assert (caught.value.document_position, caught.value.line, caught.value.column) == (None, None, None)
