"""Parameter types of the app's own (Router.register_type) and word sets (register_words,
<one(...):name>): precedence, the value parse returned in Match.params, the three ways a
parse can answer (a value, ValueError, another exception or None), refusals, url_for."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from switchyard import InvalidArgumentError, LimitError, PatternError, Router


class Day:
    """Days written YYYY-MM-DD: a value of the standard library's own class."""

    def parse(self, text: str) -> datetime.date:
        return datetime.date.fromisoformat(text)

    def format(self, value: datetime.date) -> str:
        return value.isoformat()


class Point:
    """A class of the app's own, written x,y."""

    def __init__(self, x: int, y: int) -> None:
        self.x, self.y = x, y

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)

    def __repr__(self) -> str:
        return f"Point({self.x}, {self.y})"


class PointType:
    def __init__(self) -> None:
        self.calls = 0

    def parse(self, text: str) -> Point:
        self.calls += 1
        x, y = text.split(",")  # ValueError for anything but two parts
        return Point(int(x), int(y))

    def format(self, value: Point) -> str:
        return f"{value.x},{value.y}"


class Exploding:
    def parse(self, text: str) -> Any:
        if text.startswith("x"):
            raise KeyError(text)
        raise ValueError(text)

    def format(self, value: Any) -> str:
        return str(value)


class ReturnsNone:
    def parse(self, text: str) -> Any:
        return None

    def format(self, value: Any) -> str:
        return str(value)


@pytest.mark.parametrize(
    "url, target",
    [
        ("/p/1,2", "Point"),
        ("/p/0,0", "Literal"),
        ("/p/1,2,3", "Plain"),
        ("/p/a,b", "Plain"),
        ("/d/2024-02-29", "Day"),
        ("/d/2023-02-29", None),
        ("/t/photos", "Tab"),
        ("/t/Photos", None),
        ("/w/b,c", "Inline"),
    ],
)
def test_which_route_wins(router: Router, url: str, target: str) -> None:
    router.register_type("point", PointType())
    router.register_type("date", Day())
    router.register_words("tab", ["reviews", "photos"])
    router.add("/p/<point:at>", "Point")
    router.add("/p/:x", "Plain")
    router.add("/p/0,0", "Literal")
    router.add("/d/<date:d>", "Day")
    router.add("/t/<tab:t>", "Tab")
    router.add("/w/<one(a,b%2Cc):w>", "Inline")
    m = router.resolve(url)
    assert (m.target if m else None) == target


def test_params_hold_the_parsed_value(router: Router) -> None:
    points = PointType()
    router.register_type("point", points)
    router.register_type("date", Day())
    router.add("/p/<point:at>/<date:d>/:name", "P")
    router.add("/other/:x", "O")
    m = router.resolve("/p/3,4/2001-01-01/z?at=9,9")
    assert m.params == {"at": Point(3, 4), "d": datetime.date(2001, 1, 1), "name": "z"}
    assert m.path_params["at"] == Point(3, 4)
    assert m.str("at") == "3,4"
    assert points.calls == 1
    router.resolve("/other/5,6")
    assert points.calls == 1  # not a candidate segment: parse is not called


def test_value_error_declines_other_exceptions_fail(router: Router) -> None:
    router.register_type("boom", Exploding())
    router.register_type("nothing", ReturnsNone())
    router.add("/b/<boom:v>", "Boom")
    router.add("/b/:v", "Plain")
    router.add("/n/<nothing:v>", "Nothing")
    assert router.resolve("/b/abc").target == "Plain"
    with pytest.raises(InvalidArgumentError) as info:
        router.resolve("/b/xyz")
    assert "'boom'" in info.value.message and "KeyError" in info.value.message
    assert isinstance(info.value.__cause__, KeyError)
    with pytest.raises(InvalidArgumentError) as info:
        router.resolve("/n/abc")
    assert "returned None" in info.value.message
    assert router.resolve("/b/abc").target == "Plain"  # the next resolve is not affected


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda r: r.register_type("int", Day()), InvalidArgumentError, "built-in"),
        (lambda r: r.register_type("9d", Day()), InvalidArgumentError, "invalid parameter type name"),
        (lambda r: (r.register_type("d", Day()), r.register_type("d", Day())), InvalidArgumentError, "already"),
        (lambda r: r.register_type("d", object()), InvalidArgumentError, "parse and format"),
        (lambda r: (r.add("/a", "A"), r.register_type("d", Day())), InvalidArgumentError, "before routes"),
        (lambda r: r.register_words("w", []), InvalidArgumentError, "at least one word"),
        (lambda r: r.register_words("w", ["a/b"]), InvalidArgumentError, "'/'"),
        (lambda r: r.register_words("w", [str(k) for k in range(257)]), LimitError, "256"),
        (lambda r: r.add("/d/<date:d>", "D"), PatternError, "unknown type 'date'"),
    ],
)
def test_refusals(router: Router, call: Any, error: type, words: str) -> None:
    with pytest.raises(error) as info:
        call(router)
    assert words in str(info.value)


def test_url_for_formats_with_the_type(router: Router) -> None:
    router.register_type("point", PointType())
    router.register_words("tab", ["reviews", "photos"])
    router.add("/p/<point:at>/<tab:t>", "P", name="p")
    url = router.url_for("p", at=Point(-1, 2), t="photos")
    assert url == "/p/-1,2/photos"
    assert router.resolve(url).params["at"] == Point(-1, 2)
    with pytest.raises(InvalidArgumentError, match="not a value of type 'tab'"):
        router.url_for("p", at=Point(1, 1), t="likes")
    with pytest.raises(InvalidArgumentError, match="not a value of type 'point'"):
        router.url_for("p", at="nope", t="photos")


def test_query_items_of_a_type_hold_the_parsed_value(tmp_path: Any) -> None:
    r = Router()
    r.register_type("date", Day())
    r.add("/d/<date:p>?x=<[date]:xs?>&y=<date:y?>", "D", name="d")
    url = r.url_for("d", p=datetime.date(2026, 3, 3), xs=[datetime.date(2026, 1, 2), datetime.date(2026, 1, 5)],
                    y=datetime.date(2026, 2, 2))
    assert url == "/d/2026-03-03?x=2026-01-02&x=2026-01-05&y=2026-02-02"
    m = r.resolve(url)
    assert dict(m.params) == {"p": datetime.date(2026, 3, 3), "xs": datetime.date(2026, 1, 5),
                              "y": datetime.date(2026, 2, 2)}
    days: Any = m.values("xs")  # the values parse returned, of the app's own class
    assert days == (datetime.date(2026, 1, 2), datetime.date(2026, 1, 5))
    assert dict(m.path_params) == {"p": datetime.date(2026, 3, 3)}
    # An undeclared item keeps its text, even one that reads as a date.
    assert r.resolve("/d/2026-03-03?note=2026-01-02").params["note"] == "2026-01-02"
    # A rule document declares its items outside the pattern: the same values.
    doc = {"version": 1, "routes": [{"pattern": "/doc", "target": "X",
                                     "query": {"ds": {"type": "[date]", "key": "d"}, "one": {"type": "date", "required": False}}}]}
    r.load_rules(doc)
    m = r.resolve("/doc?d=2026-01-02&d=2026-01-09&one=2026-05-05")
    assert m.params["one"] == datetime.date(2026, 5, 5)
    days = m.values("ds")
    assert days == (datetime.date(2026, 1, 2), datetime.date(2026, 1, 9))
    path = tmp_path / "rules.json"
    path.write_text('{"/file": {"class": "F", "query": {"w": {"type": "date"}}}}')
    r.load_rules_file(path)
    assert r.resolve("/file?w=2026-07-07").params["w"] == datetime.date(2026, 7, 7)
