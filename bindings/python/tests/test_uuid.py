"""<uuid:name> parameters are uuid.UUID, as werkzeug gives them; to_dict() keeps the text."""

from __future__ import annotations

from typing import Iterator

import json
import uuid

import pytest

from switchyard import Router

from conftest import needs_rules

U = "123E4567-e89b-12d3-a456-426614174000"


@pytest.fixture
def table() -> Iterator[Router]:
    r = Router()
    r.add("/order/<uuid:id>/item/:n", "Item")
    yield r
    r.close()


def test_a_uuid_parameter_is_a_uuid(table: Router) -> None:
    m = table.resolve(f"/order/{U}/item/3")
    assert m.params == {"id": uuid.UUID(U), "n": "3"}
    assert m.path_params["id"] == uuid.UUID(U) and type(m.params["id"]) is uuid.UUID
    assert m.to_dict()["params"] == {"id": U, "n": "3"}
    assert m.to_dict() == json.loads(m._c_json())


def test_a_query_item_of_the_same_name_stays_text() -> None:
    r = Router(query_over_path=True)
    r.add("/o/<uuid:id>", "O")
    other = "00000000-0000-0000-0000-000000000000"
    m = r.resolve(f"/o/{U}?id={other}")
    assert m.params["id"] == other and type(m.path_params["id"]) is uuid.UUID


def test_batches_note_uuid_patterns() -> None:
    r = Router()
    r.add_routes([("/b/<uuid:id>", "B")])
    assert type(r.resolve(f"/b/{U}").params["id"]) is uuid.UUID


@needs_rules
def test_rule_documents_note_uuid_patterns() -> None:
    r = Router()
    r.load_rules(json.dumps({"/d/<uuid:id>": {"class": "D"}}))
    assert type(r.resolve(f"/d/{U}").params["id"]) is uuid.UUID
