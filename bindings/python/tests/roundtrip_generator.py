"""The round-trip cases' generator (Tests/RoundTrip/README.md): random route tables of every
form and random values, the same for a seed and an index as the Swift and C copies of it
give. Change the three and the README together."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple, Union

MASK = (1 << 64) - 1
DEFAULT_SEED = 0x5EED
PAIRS_PER_TABLE = 100
LITERALS = ["a", "b", "user", "settings", "files", "1", "x.y", "new"]
TYPES = ["string", "int", "float", "date", "tab", "one"]
ATOMS = ["", "a", "b", "settings", "user", "1", "42", "-7", "/", "%", "+", ":", "&", "?", "#",
         "@", "..", ".", " ", "=", "%2F", "a b", "\U0001F600", "שלום", "\U0001D11E", "é",
         "2026-1-5", "x.y", "~", ";", ",", "*"]
TAB_WORDS = ["reviews", "photos", "a"]
ONE_WORDS = ["a", "b", "settings"]


class SplitMix64:
    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n

    def chance(self, k: int, n: int) -> bool:
        return self.below(n) < k


#: A piece of a segment: ("lit", text) or ("param", name).
Piece = Tuple[str, str]


@dataclass
class Route:
    name: str
    pattern: str = ""
    urlpattern: bool = False
    head: str = ""
    segments: List[Tuple[List[Piece], bool]] = field(default_factory=list)
    params: List[Tuple[str, str]] = field(default_factory=list)
    query: List[Tuple[str, str]] = field(default_factory=list)
    #: The query contract's list items (by parameter name): each takes 0 to 3 values.
    lists: List[str] = field(default_factory=list)
    refuses_unknown: bool = False

    def type_of(self, name: str) -> Optional[str]:
        return next((t for n, t in self.params if n == name), None)


Value = Union[str, int]


@dataclass
class Case:
    """A route and the values given for it, in order; a list item's values are entries of
    its name (none for an empty list)."""

    route: Route
    values: List[Tuple[str, Value]]

    def list(self, name: str) -> List[Value]:
        """The values given for list item ``name``, in order."""
        return [v for n, v in self.values if n == name]


def table_state(seed: int, table: int) -> int:
    return (seed + (table << 32)) & MASK


def _param_text(name: str, t: str) -> str:
    if t == "string":
        return ":" + name
    if t == "one":
        return f"<one(a,b,settings):{name}>"
    return f"<{t}:{name}>"


def make_route(rng: SplitMix64, name: str) -> Route:
    """A route of a random form (the README's table), drawing from rng left to right."""
    r = Route(name)

    def lit() -> str:
        return LITERALS[rng.below(len(LITERALS))]

    def segment(pieces: List[Piece], optional: bool = False) -> None:
        r.segments.append((pieces, optional))

    def param(n: str, t: str) -> Piece:
        r.params.append((n, t))
        return ("param", n)

    form = rng.below(10)
    if form == 0:
        l = lit()
        t = TYPES[rng.below(len(TYPES))]
        segment([("lit", l)])
        segment([param("p", t)])
        r.pattern = f"/{l}/{_param_text('p', t)}"
        if rng.chance(1, 2):
            l2 = lit()
            segment([("lit", l2)])
            r.pattern += "/" + l2
    elif form == 1:
        l = lit()
        segment([("lit", l)])
        v = rng.below(3)
        if v == 0:
            sep = [".", "-", "~", "@"][rng.below(4)]
            segment([param("p", "string"), ("lit", sep), param("q", "string")])
            r.pattern = f"/{l}/:p{sep}:q"
        elif v == 1:
            segment([("lit", "file-"), param("p", "string"), ("lit", ".txt")])
            r.pattern = f"/{l}/file-:p.txt"
        else:
            segment([("lit", "v"), param("p", "string")])
            r.pattern = f"/{l}/v:p"
    elif form == 2:
        l = lit()
        t = TYPES[rng.below(len(TYPES))]
        segment([("lit", l)])
        segment([param("p", t)], True)
        segment([param("q", "string")], True)
        r.pattern = f"/{l}(/{_param_text('p', t)})(/:q)"
    elif form == 3:
        l = lit()
        segment([("lit", l)])
        if rng.below(2) == 0:
            l2 = lit()
            segment([param("p", "path")])
            segment([("lit", l2)])
            segment([param("q", "string")])
            r.pattern = f"/{l}/*p/{l2}/:q"
        else:
            segment([param("p", "path"), ("lit", "."), param("q", "string")])
            r.pattern = f"/{l}/*p.:q"
    elif form == 4:
        l = lit()
        segment([("lit", l)])
        segment([param("p", "path")])
        r.pattern = f"/{l}/*p" if rng.below(2) == 0 else f"/{l}/<path:p>"
    elif form == 5:
        l = lit()
        r.urlpattern = True
        segment([("lit", l)])
        segment([param("p", "string")])
        r.pattern = f"/{l}/:p"
        if rng.below(2) == 1:
            segment([param("q", "string")])
            r.pattern += "/:q"
    elif form == 6:
        host = ["example.com", "api.example.com", "example.com:8443"][rng.below(3)]
        l = lit()
        t = TYPES[rng.below(len(TYPES))]
        r.head = "https://" + host
        segment([("lit", l)])
        segment([param("p", t)])
        r.pattern = f"https://{host}/{l}/{_param_text('p', t)}"
    elif form == 7:
        r.head = "myapp:/"
        if rng.below(2) == 0:
            l = lit()
            segment([param("p", "string")])
            segment([("lit", l)])
            r.pattern = f"myapp://:p/{l}"
        else:
            l = lit()
            segment([("lit", l)])
            segment([param("p", "string")])
            r.pattern = f"myapp://{l}/:p"
    elif form == 8:
        l = lit()
        segment([("lit", l)])
        segment([param("p", "string")])
        r.refuses_unknown = rng.chance(1, 4)
        r.pattern = f"/{l}/:p" + ("?!" if r.refuses_unknown else "?") + "q=<string:q>"
        r.params.append(("q", "string"))
        r.query.append(("q", "q"))
        if rng.chance(1, 2):
            r.pattern += "&page=<int:page=1>"
            r.params.append(("page", "int"))
            r.query.append(("page", "page"))
        if rng.chance(1, 2):
            r.pattern += "&tag=<[string]:tags?>"
            r.params.append(("tags", "string"))
            r.query.append(("tag", "tags"))
            r.lists.append("tags")
        if rng.chance(1, 2):
            r.pattern += "&n=<[int]:ns?>"
            r.params.append(("ns", "int"))
            r.query.append(("n", "ns"))
            r.lists.append("ns")
    else:
        l = lit()
        segment([("lit", l)])
        r.pattern = "/" + l
    return r


def table(seed: int, t: int) -> List[Route]:
    """The routes of table t (before the router refuses any)."""
    rng = SplitMix64(table_state(seed, t))
    count = 3 + rng.below(5)
    return [make_route(rng, f"r{k}") for k in range(count)]


def hostile(rng: SplitMix64) -> str:
    n = 1 + rng.below(3)
    return "".join(ATOMS[rng.below(len(ATOMS))] for _ in range(n))


def make_value(rng: SplitMix64, t: str, name: str) -> Value:
    if t == "int":
        if name == "page" and rng.chance(1, 2):
            return 1
        return rng.below(2000) - 1000 if rng.chance(3, 4) else hostile(rng)
    if t == "float":
        if not rng.chance(3, 4):
            return hostile(rng)
        n = rng.below(400) - 200
        return ("-" if n < 0 else "") + f"{abs(n) // 4}." + ["0", "25", "5", "75"][abs(n) % 4]
    if t == "date":
        if not rng.chance(3, 4):
            return hostile(rng)
        m = 1 + rng.below(12)
        return f"2026-{m}-{1 + rng.below(28)}"
    if t == "tab":
        return TAB_WORDS[rng.below(3)] if rng.chance(3, 4) else hostile(rng)
    if t == "one":
        return ONE_WORDS[rng.below(3)] if rng.chance(3, 4) else hostile(rng)
    if t == "path":
        n = 1 + rng.below(3)
        return "/".join(hostile(rng) for _ in range(n))
    return hostile(rng)


def values(seed: int, t: int, pair: int, added: List[Route]) -> Case:
    """The values of pair `pair` of a table whose added routes are `added`."""
    rng = SplitMix64(table_state(seed, t) + 1 + pair)
    route = added[rng.below(len(added))]
    optional = any(opt for _, opt in route.segments)
    given = rng.below(3) if optional else len(route.params)
    out: List[Tuple[str, Value]] = []
    for k, (n, typ) in enumerate(route.params):
        if k >= given:
            break
        if n == "page" and not rng.chance(3, 4):
            continue
        if n in route.lists:
            out.extend((n, make_value(rng, typ, n)) for _ in range(rng.below(4)))
            continue
        out.append((n, make_value(rng, typ, n)))
    if rng.chance(1, 4):
        out.append(("extra", hostile(rng)))
    return Case(route, out)


def canonical_date(text: str) -> Optional[str]:
    """YYYY-MM-DD for a text `date` accepts (YYYY-M-D), else None."""
    parts = text.split("-")
    if len(parts) != 3 or len(parts[0]) != 4 or not all(p and all("0" <= ch <= "9" for ch in p) for p in parts):
        return None
    if not (1 <= len(parts[1]) <= 2 and 1 <= len(parts[2]) <= 2):
        return None
    m, d = int(parts[1]), int(parts[2])
    if not (1 <= m <= 12 and 1 <= d <= 31):
        return None
    return f"{parts[0]}-{m:02d}-{d:02d}"


_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def encode(text: str) -> str:
    """Every byte but A-Z a-z 0-9 - . _ ~ as %XX."""
    return "".join(chr(b) if b in _UNRESERVED else f"%{b:02X}" for b in text.encode("utf-8"))


def plain_url(c: Case) -> str:
    """The URL the test writes itself for case c (the README's "plain URL")."""
    given: Dict[str, str] = {n: str(v) for n, v in c.values}
    url = c.route.head
    wrote = False
    for pieces, optional in c.route.segments:
        if optional and any(kind == "param" and text not in given for kind, text in pieces):
            continue
        url += "/"
        wrote = True
        for kind, text in pieces:
            if kind == "lit":
                url += text
                continue
            v = given.get(text, "")
            t = c.route.type_of(text)
            if t == "path":
                url += "/".join(encode(p) for p in v.split("/"))
            elif t == "date":
                url += encode(canonical_date(v) or v)
            else:
                url += encode(v)
    if not wrote:
        url += "/"
    items = [f"{key}={encode(str(v))}" for key, n in c.route.query for vn, v in c.values if vn == n]
    if "extra" in given:
        items.append("extra=" + encode(given["extra"]))
    if items:
        url += "?" + "&".join(items)
    return url


def fingerprint(seed: int = DEFAULT_SEED) -> int:
    """FNV-1a (64 bits) over tables 0 to 9 and their 100 pairs each, every route taken as
    added (the README's "Fingerprint"): equal in the three languages."""
    h = 0xCBF29CE484222325

    def fold(text: str) -> None:
        nonlocal h
        for b in text.encode("utf-8") + b"\0":
            h = ((h ^ b) * 0x100000001B3) & MASK

    for t in range(10):
        routes = table(seed, t)
        for r in routes:
            fold(r.pattern)
        for j in range(PAIRS_PER_TABLE):
            c = values(seed, t, j, routes)
            fold(c.route.name)
            for n, v in c.values:
                fold(f"{n}={v}")
    return h
