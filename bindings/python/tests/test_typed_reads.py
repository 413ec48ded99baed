"""Match.int, .float, .str, .bool and .uuid: one table of (URL, name) cases with what each
read gives. The cases are those of the C getters' table (bindings/c/tests/test_typed_params.c)
and the rule is the one C and Swift follow: a typed read takes a value of that type, or
text written as one, and nothing else; anything else gives the default."""

from __future__ import annotations

import math
import uuid
from ctypes import byref, c_double, c_int, c_int64
from typing import Iterator, NamedTuple, Optional, Tuple
from urllib.parse import quote

import pytest
from hypothesis import given, strategies as st

from switchyard import Match, Router, Status, _ffi


class Case(NamedTuple):
    url: str
    name: str
    int: Optional[int]
    float: Optional[float]
    text: Optional[str]


CASES = [
    # typed path parameters: the text is as written
    Case("/user/007/post/-3", "id", 7, 7.0, "007"),
    Case("/user/007/post/-3", "post", -3, -3.0, "-3"),
    Case("/geo/-12.25/home", "lat", None, -12.25, "-12.25"),
    Case("/geo/1.50/home", "lat", None, 1.5, "1.50"),
    Case("/geo/1.5/h%20me", "place", None, None, "h me"),
    # text reads as a number when it is written as one, and only then
    Case("/user/1/post/2?q=12", "q", 12, 12.0, "12"),
    Case("/user/1/post/2?q=%2B12", "q", 12, 12.0, "+12"),
    Case("/user/1/post/2?q=-007", "q", -7, -7.0, "-007"),
    Case("/geo/1/x?x=1.5", "x", None, 1.5, "1.5"),
    Case("/geo/1/x?x=-1e3", "x", None, -1000.0, "-1e3"),
    Case("/geo/1/x?x=4.0", "x", None, 4.0, "4.0"),
    Case("/geo/1/x?x=%204", "x", None, None, " 4"),
    Case("/geo/1/x?x=0x10", "x", None, None, "0x10"),
    Case("/geo/1/x?x=nan", "x", None, None, "nan"),
    Case("/geo/1/x?x=inf", "x", None, None, "inf"),
    Case("/geo/1/x?x=9223372036854775808", "x", None, 9223372036854775808.0, "9223372036854775808"),
    Case("/geo/1/x?x=-9223372036854775808", "x", -(2**63), -9223372036854775808.0, "-9223372036854775808"),
    Case("/user/1/post/2?empty=", "empty", None, None, ""),
    # Python's own int() and float() take these; the rule does not
    Case("/geo/1/x?x=1_000", "x", None, None, "1_000"),
    Case("/geo/1/x?x=%D9%A3", "x", None, None, "\u0663"),  # ARABIC-INDIC DIGIT THREE
    Case("/geo/1/x?x=1e400", "x", None, None, "1e400"),
    # defaults keep the type the route gave them
    Case("/list", "page", 5, 5.0, "5"),
    Case("/list", "zoom", None, 2.5, "2.5"),
    Case("/list", "big", 9007199254740993, 9007199254740992.0, "9007199254740993"),
    # not there: another name, or a miss
    Case("/user/1/post/2", "nope", None, None, None),
    Case("/nowhere?q=1", "q", None, None, None),
]

BOOL_CASES = [
    ("/user/1/post/2?b=true", "b", True),
    ("/user/1/post/2?b=1", "b", True),
    ("/user/1/post/2?b=false", "b", False),
    ("/user/1/post/2?b=0", "b", False),
    ("/user/1/post/2", "id", True),
    ("/user/0/post/2", "id", False),
    ("/user/1/post/2", "post", None),
    ("/user/1/post/2?b=True", "b", None),
    ("/user/1/post/2?b=yes", "b", None),
    ("/user/1/post/2?b=", "b", None),
    ("/geo/1/x", "lat", None),
    ("/user/1/post/2", "b", None),
]

KEY = "123e4567-e89b-12d3-a456-426614174000"
UUID_CASES = [
    (f"/key/{KEY}", "key", uuid.UUID(KEY)),
    (f"/key/{KEY.upper()}", "key", uuid.UUID(KEY)),
    (f"/user/1/post/2?k={KEY}", "k", uuid.UUID(KEY)),
    (f"/user/1/post/2?k={{{KEY}}}", "k", None),  # uuid.UUID() takes braces; <uuid:> does not
    (f"/user/1/post/2?k={KEY.replace('-', '')}", "k", None),
    (f"/user/1/post/2?k=urn:uuid:{KEY}", "k", None),
    ("/user/1/post/2", "id", None),
    ("/user/1/post/2", "k", None),
]


@pytest.fixture(scope="module")
def table() -> Iterator[Router]:
    r = Router()
    r.add("/user/<int:id>/post/<int:post>", "Post")
    r.add("/geo/<float:lat>/:place", "Map")
    r.add("/list", "List", defaults={"page": 5, "zoom": 2.5, "big": 9007199254740993})
    r.add("/key/<uuid:key>", "Key")
    yield r
    r.close()


@pytest.mark.parametrize("case", CASES, ids=[f"{c.url} {c.name}" for c in CASES])
def test_typed_reads_answer_the_table(table: Router, case: Case) -> None:
    m = table.resolve(case.url)
    assert m.int(case.name) == case.int and m.int(case.name, -99) == (-99 if case.int is None else case.int)
    read = m.float(case.name)
    assert read == case.float and (read is None or type(read) is float)
    assert m.float(case.name, -99.0) == (-99.0 if case.float is None else case.float)
    assert m.str(case.name) == case.text
    assert m.str(case.name, "unchanged") == ("unchanged" if case.text is None else case.text)


@pytest.mark.parametrize("url, name, expected", BOOL_CASES)
def test_bool_reads_yes_and_no(table: Router, url: str, name: str, expected: Optional[bool]) -> None:
    m = table.resolve(url)
    assert m.bool(name) is expected
    assert m.bool(name, True) is (True if expected is None else expected)


@pytest.mark.parametrize("url, name, expected", UUID_CASES)
def test_uuid_reads_the_segments_shape(table: Router, url: str, name: str, expected: Optional[uuid.UUID]) -> None:
    m = table.resolve(url)
    assert m.uuid(name) == expected
    other = uuid.UUID(int=1)
    assert m.uuid(name, other) == (other if expected is None else expected)


def test_a_default_and_a_url_value_of_one_name_read_as_one_type(table: Router) -> None:
    # The route's default is the int 5; ?page=3 is text: both read as an int.
    assert table.resolve("/list").int("page") == 5
    assert table.resolve("/list?page=3").int("page") == 3
    assert table.resolve("/list?page=3").params["page"] == "3"  # params keeps what the URL wrote


def test_str_and_path_texts_keep_a_typed_values_text(table: Router) -> None:
    m = table.resolve(f"/key/{KEY.upper()}")
    assert m.path_params["key"] == uuid.UUID(KEY)
    assert m.path_texts == {"key": KEY.upper()} and m.str("key") == KEY.upper()
    m = table.resolve("/user/007/post/+3?q=1")
    assert m.path_texts == {"id": "007", "post": "+3"} and m.path_params == {"id": 7, "post": 3}
    assert m.to_dict()["path_params"] == {"id": 7, "post": 3}
    assert table.resolve("/nowhere").path_texts == {}


def test_query_items_keep_url_order(table: Router) -> None:
    m = table.resolve("/user/1/post/2?b=1&a=2&b=3&c")
    assert m.query_items == (("b", "1"), ("a", "2"), ("b", "3"), ("c", ""))
    assert m.query == {"b": ("1", "3"), "a": ("2",), "c": ("",)}
    assert m.query_items is m.query_items
    assert table.resolve("/user/1/post/2").query_items == ()


@given(st.text(alphabet="0123456789+-.eE_ x", max_size=12))
def test_text_reads_as_a_number_exactly_when_written_as_one(text: str) -> None:
    # The grammar, said once more in other words: an int is a sign and digits; a float is
    # what float() reads made of digits, sign, point and exponent, and finite.
    m = _query_match(text)
    digits = text.lstrip("+-")
    is_int = len(text) - len(digits) <= 1 and digits.isdigit() and digits.isascii()
    assert m.int("v") == (int(text) if is_int and -(2**63) <= int(text) < 2**63 else None)
    try:
        number: Optional[float] = float(text) if set(text) <= set("0123456789+-.eE") else None
    except ValueError:
        number = None
    assert m.float("v") == (number if number is not None and math.isfinite(number) else None)


_ROUTER = Router()
_ROUTER.add("/v", "V")


def _query_match(text: str) -> Match:
    return _ROUTER.resolve("/v?v=" + quote(text, safe=""))


Reads = Tuple[Optional[int], Optional[float], Optional[bool], Optional[str]]


def _python_reads(m: Match, name: str) -> Reads:
    return m.int(name), m.float(name), m.bool(name), m.str(name)


def _c_reads(m: Match, name: str) -> Reads:
    """What the C getters (sy_match_param_int, _float, _bool, _text) answer on the same C
    match: the value on SY_OK, None otherwise."""
    key = name.encode()
    i, f, b, t = c_int64(), c_double(), c_int(), _ffi.SyStr()
    ok = Status.SY_OK
    return (i.value if _ffi.sy_match_param_int(byref(i), m._ref, key, len(key), None) == ok else None,
            f.value if _ffi.sy_match_param_float(byref(f), m._ref, key, len(key), None) == ok else None,
            b.value == 1 if _ffi.sy_match_param_bool(byref(b), m._ref, key, len(key), None) == ok else None,
            t.ptr[: t.len].decode() if _ffi.sy_match_param_text(byref(t), m._ref, key, len(key), None) == ok
            else None)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.url} {c.name}" for c in CASES])
def test_python_reads_as_c_reads(table: Router, case: Case) -> None:
    m = table.resolve(case.url)
    assert _python_reads(m, case.name) == _c_reads(m, case.name)


@pytest.mark.parametrize("url, name, expected", BOOL_CASES)
def test_python_reads_yes_and_no_as_c_does(table: Router, url: str, name: str, expected: Optional[bool]) -> None:
    m = table.resolve(url)
    assert _python_reads(m, name) == _c_reads(m, name)


@given(st.text(alphabet="0123456789+-.eE_ xtrufalsnI\u0663\uff11", max_size=14))
def test_python_and_c_read_any_query_text_alike(text: str) -> None:
    m = _query_match(text)
    assert _python_reads(m, "v") == _c_reads(m, "v")
