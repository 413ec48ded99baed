"""Text arguments as the UTF-8 bytes the C library takes.

The library checks UTF-8 itself and reports anything invalid as its own error, with the
byte position (SY_ERR_INVALID_URL for a URL, SY_ERR_INVALID_ARGUMENT for a pattern, a
target, a path..., SY_ERR_RULE inside a rule document). A ``str`` that cannot be UTF-8,
because it holds surrogate code points, is therefore given to the library as the bytes
those code points stand for, so that it fails there like the same bytes would:

* ``surrogateescape`` first: surrogates U+DC80..U+DCFF are bytes that came from the OS
  (os.fsdecode, sys.argv), and they go back to those bytes;
* ``surrogatepass`` for any other surrogate (a lone U+D800): its three-byte form, which
  is not UTF-8 either.

So a surrogate raises the library's error (a SwitchyardError) at its byte position, never
UnicodeEncodeError.
"""

from __future__ import annotations

from typing import Union

#: What the binding takes as text: a str, or its UTF-8 bytes.
Text = Union[str, bytes]


def utf8(value: object, what: str) -> bytes:
    """``value`` (str or bytes) as bytes; TypeError naming ``what`` for anything else."""
    if isinstance(value, str):
        try:
            return value.encode()
        except UnicodeEncodeError:
            return encode_surrogates(value)
    if isinstance(value, bytes):
        return value
    raise TypeError(f"{what} must be str or bytes, not {type(value).__name__}")


def encode_surrogates(text: str) -> bytes:
    """A str with surrogates as bytes the library rejects where the first one stands."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")
