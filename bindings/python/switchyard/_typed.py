"""How a parameter's value reads as one type: the rules behind Match.int, .float, .bool and
.uuid, the same as C's sy_match_param_int/_float/_bool and Swift's match.int/.double/.bool.

One rule in every language: a typed read takes a value of that type, or text written as
one, and nothing else. So ``?page=2`` reads as the integer 2 and ``?on=true`` as True;
``" 2"``, ``"2.0"`` (as an integer), ``"0x10"``, ``"nan"`` and ``"True"`` read as nothing.
Python's own int() and float() take more (spaces, ``_``, other scripts' digits, ``nan``),
so the text is checked against the grammar first.
"""

from __future__ import annotations

import math
import re
from typing import Optional, Union
from uuid import UUID

#: A parameter's value: the text, or for a typed segment (<int:id>, <float:x>,
#: <uuid:key>) and a typed default, its value as int, float or uuid.UUID.
ParamValue = Union[str, int, float, UUID]

_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1
#: A whole decimal number: one optional sign, then ASCII digits (Swift's Int(_:radix:)).
_WHOLE = re.compile(r"[+-]?[0-9]+").fullmatch
#: The only characters of a decimal number (no nan, inf, hex, spaces or "_").
_DECIMAL = re.compile(r"[0-9.eE+-]+").fullmatch
#: <uuid:>'s shape: 8-4-4-4-12 hex digits, any case.
_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}").fullmatch
_BOOLS = {"true": True, "1": True, "false": False, "0": False}


def as_int(value: ParamValue) -> Optional[int]:
    """An int, or text that is a whole decimal number within 64 bits ("42", "-7", "+3",
    "007"); never a float."""
    if type(value) is int:
        return value
    if type(value) is str and _WHOLE(value):
        number = int(value)
        if _INT64_MIN <= number <= _INT64_MAX:
            return number
    return None


def as_float(value: ParamValue) -> Optional[float]:
    """A float, an int (the nearest float), or text that is a finite decimal number written
    with digits, one sign, point and exponent ("2.5", "-1e3"; not "nan", "inf", "0x10")."""
    if type(value) is float:
        return value
    if type(value) is int:
        return float(value)
    if type(value) is str and _DECIMAL(value):
        try:
            number = float(value)
        except ValueError:
            return None
        if math.isfinite(number):
            return number
    return None


def as_bool(value: ParamValue) -> Optional[bool]:
    """The text "true" or "1" (True), "false" or "0" (False), exactly these; or the
    integers 1 and 0."""
    if type(value) is str:
        return _BOOLS.get(value)
    if type(value) is int and (value == 0 or value == 1):
        return value == 1
    return None


def as_uuid(value: ParamValue) -> Optional[UUID]:
    """A uuid.UUID (a <uuid:> segment's value), or text of <uuid:>'s shape: 8-4-4-4-12 hex
    digits, any case."""
    if isinstance(value, UUID):
        return value
    if type(value) is str and _UUID(value):
        return UUID(value)
    return None
