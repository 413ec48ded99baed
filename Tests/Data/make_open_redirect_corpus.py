#!/usr/bin/env python3
"""Writes open-redirect-corpus.json: (template x value) cases of redirects an attacker
would like to steer off-site, each with the outcome the rules of docs/SEMANTICS.md §8
"Redirects" give.

The outcomes are worked out here from the documented rules (how the URL is read, how each
place percent-encodes a value, how a remainder expands, which produced URLs are refused),
not by running the library, so the tests that read the file check the library against an
independent model. Rows whose template is refused when its route is added carry the byte
position by hand. Run it again after changing a rule, and review the diff:

    python3 Tests/Data/make_open_redirect_corpus.py
"""

import json
from pathlib import Path
from urllib.parse import unquote_to_bytes

OUT = Path(__file__).with_name("open-redirect-corpus.json")
GOOD = ["https://good.example.com"]

UNRESERVED = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
KEEP = {
    "path": UNRESERVED | set(b":@!$'()*,;"),
    "first": UNRESERVED | set(b"@!$'()*,;"),  # before the first '/' of a relative template
    "authority": UNRESERVED | set(b"!$'()*,;"),  # a non-web scheme's authority
    "query": UNRESERVED | set(b":@/?!$'()*,;"),
    "fragment": UNRESERVED | set(b":@/?!$&'()*+,;="),
}


def encode(value, place):
    return "".join(chr(b) if b in KEEP[place] else "%%%02X" % b for b in value.encode())


def decode_segment(raw):
    """A path segment as the reader decodes it: once, kept as written if not UTF-8."""
    try:
        return unquote_to_bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        return raw


def segments(path, keep_empty):
    """The reader's segments of a path (SEMANTICS §1, §8): split on raw '/', decode each,
    remove dot segments, drop empty ones (unless kept), ignore a trailing '/'."""
    pieces = [decode_segment(p) for p in path.split("/")[1:]]
    out = []
    for i, p in enumerate(pieces):
        if p in (".", ".."):
            if p == ".." and out:
                out.pop()
            continue
        out.append(p)
    if keep_empty:
        return out
    return [p for p in out if p != ""]


def place_of(template, index):
    """Where the placeholder at `index` stands (RedirectTemplate.swift's TemplateLayout)."""
    fragment = template.find("#")
    query = template.find("?", 0, fragment if fragment >= 0 else len(template))
    if fragment >= 0 and index > fragment:
        return "fragment"
    if query >= 0 and index > query:
        return "query"
    colon = next((i for i, c in enumerate(template) if c in ":/?#"), None)
    has_scheme = colon is not None and template[colon] == ":"
    if has_scheme:
        after = colon + 1
        if template[after:after + 2] == "//":
            end = next((i for i in range(after + 2, len(template)) if template[i] in "/?#"), len(template))
            if index < end:
                return "authority"
        return "path"
    first_end = next((i for i, c in enumerate(template) if c in "/?#"), len(template))
    return "first" if index < first_end else "path"


def fill(template, values, remainder, pattern_names, query, fragment):
    """The produced URL (SEMANTICS §6): the template before its fragment with placeholders
    filled, the unused captures and then the original query items appended, then the
    template's fragment or else the original one."""
    def filled(text, offset):
        out, i = "", 0
        while i < len(text):
            if text[i] == "{":
                j = text.index("}", i)
                name = text[i + 1:j]
                place = place_of(template, offset + i)
                if name == remainder and place in ("path", "first"):
                    out += "/".join(encode(s, place if k == 0 else "path") for k, s in enumerate(values[name]))
                elif name == remainder:
                    out += encode("/".join(values[name]), place)
                else:
                    out += encode(values[name], place)
                i = j + 1
            else:
                out += text[i]
                i += 1
        return out

    cut = template.find("#")
    body = template if cut < 0 else template[:cut]
    out = filled(body, 0)
    used = {body[i + 1:body.index("}", i)] for i, c in enumerate(body) if c == "{"}
    used |= {template[i + 1:template.index("}", i)] for i, c in enumerate(template) if c == "{"}
    for n in [n for n in pattern_names if n not in used]:
        v = "/".join(values[n]) if n == remainder else values[n]
        out += ("&" if "?" in out else "?") + n + "=" + encode(v, "query")
    for item in [q for q in (query or "").split("&") if q]:
        out += ("&" if "?" in out else "?") + item
    if cut >= 0:
        out += "#" + filled(template[cut + 1:], cut + 1)
    elif fragment is not None:
        out += "#" + fragment
    return out


def refused(template, produced):
    """Whether the produced URL is refused (SEMANTICS §8 "Redirects")."""
    colon = next((i for i, c in enumerate(template) if c in ":/?#"), None)
    if colon is None or template[colon] != ":":
        stripped = produced.lstrip("".join(map(chr, range(0x21)))).replace("\t", "").replace("\n", "").replace("\r", "")
        if len(stripped) >= 2 and stripped[0] in "/\\" and stripped[1] in "/\\":
            return True
        return added_dot_segment(template, produced)
    after = colon + 1
    if template[after:after + 2] != "//" and produced[after:after + 2] in ("//", "\\\\", "/\\", "\\/"):
        return True
    return added_dot_segment(template, produced)


DOT_SEGMENTS = {".", "%2e", "..", ".%2e", "%2e.", "%2e%2e"}  # the URL Standard's, any case


def dot_segments(path, skip_placeholders):
    """How many pieces of `path` (up to its query or fragment, split at '/' and '\\') a
    browser removes as '.' or '..'; with `skip_placeholders`, pieces holding '{' are not
    counted (a template's count is what its literal text writes)."""
    end = min([i for i in (path.find("?"), path.find("#")) if i >= 0] or [len(path)])
    pieces = path[:end].replace("\\", "/").split("/")
    return sum(1 for p in pieces if p.lower() in DOT_SEGMENTS and not (skip_placeholders and "{" in p))


def added_dot_segment(template, produced):
    """Whether a value made a dot segment in the produced URL (SEMANTICS §8 "Redirects"):
    the path after the scheme holds more of them than the template writes."""
    colon = next((i for i, c in enumerate(template) if c in ":/?#"), None)
    start = colon + 1 if colon is not None and template[colon] == ":" else 0
    return dot_segments(produced[start:], False) > dot_segments(template[start:], True)


rows = []


def row(case, pattern, template, url, allowlist=GOOD, options=None, load_position=None, note=None,
        dialect=None):
    entry = {"id": "%03d-%s" % (len(rows) + 1, case), "pattern": pattern, "template": template,
             "allowlist": allowlist, "url": url}
    if dialect:
        entry["dialect"] = dialect
    if options:
        entry["options"] = options
    if load_position is not None:
        entry["expect"] = "load_error"
        entry["position"] = load_position
    if note:
        entry["note"] = note
    rows.append(entry)
    return entry


def resolved(case, pattern, template, url, allowlist=GOOD, options=None, note=None):
    """A row whose outcome follows from the model: the produced URL, or a refusal."""
    keep_empty = bool(options and options.get("keep_empty_segments"))
    path, _, fragment = url.partition("#")
    path, _, query = path.partition("?")
    segs = segments(path, keep_empty)
    parts = [p for p in pattern.split("/")[1:]]
    values, names, remainder = {}, [], None
    for k, p in enumerate(parts):
        if p.startswith(":"):
            values[p[1:]] = segs[k]
            names.append(p[1:])
        elif p.startswith("*"):
            remainder = p[1:]
            values[remainder] = segs[k:]
            names.append(remainder)
        elif segs[k] != p:
            raise ValueError(f"{url} does not match {pattern}")
    produced = fill(template, values, remainder, names, query, fragment if "#" in url else None)
    return with_outcome(row(case, pattern, template, url, allowlist, options, note=note), produced)


def with_outcome(entry, produced):
    """The row's outcome for the URL its redirect produces: refused, or that URL."""
    if refused(entry["template"], produced):
        entry["expect"] = "refused"
        entry["refused_url"] = produced
    else:
        entry["expect"] = "url"
        entry["produced"] = produced
    return entry


# Values an attacker puts in one path segment, as written in the URL.
VALUES = [
    ("plain-host", "evil.com"),
    ("slashes", "%2F%2Fevil.com"),
    ("backslashes", "%5C%5Cevil.com"),
    ("slash-backslash", "%2F%5Cevil.com"),
    ("backslash-slash", "%5C%2Fevil.com"),
    ("leading-slash", "%2Fevil.com"),
    ("at", "@evil.com"),
    ("userinfo", "good.example.com@evil.com"),
    ("userinfo-colon", "good.example.com:pw@evil.com"),
    ("javascript", "javascript:alert(1)"),
    ("data", "data:text%2Fhtml,%3Cscript%3E"),
    ("scheme-relative", "https:%2F%2Fevil.com"),
    ("colon-slashes", "%3A%2F%2Fevil.com"),
    ("tab", "%09%2F%2Fevil.com"),
    ("crlf", "%0D%0A%2F%2Fevil.com"),
    ("dotdot", "..%2F..%2Fevil.com"),
    ("dotdot-slashes", "%2E%2E%2F%2Fevil.com"),
    ("idn", "b%C3%BCcher.example"),
    ("punycode", "xn--bcher-kva.example"),
    ("double-encoded", "%252F%252Fevil.com"),
    ("not-utf8", "%FF%2F%2Fevil.com"),
    ("space", "%20%2F%2Fevil.com"),
]

# 1. One value in each place of relative templates.
for template in ["/{x}", "/a/{x}", "{x}", "{x}/tail", "./{x}", "/a?next={x}", "/a#{x}"]:
    for name, value in VALUES:
        resolved(f"relative-{name}", "/go/:x", template, "/go/" + value)

# 2. The same values in absolute templates: the host is literal and stays.
for template in ["https://good.example.com/{x}", "https://good.example.com/a?next={x}",
                 "https://good.example.com/#{x}", "myapp://app/{x}"]:
    for name, value in VALUES:
        resolved(f"absolute-{name}", "/go/:x", template, "/go/" + value,
                 allowlist=GOOD + ["myapp"])

# 3. Remainders: empty, starting with '/', several segments, in relative and absolute paths.
REMAINDERS = [
    ("empty", "/go"), ("empty-slash", "/go/"), ("host", "/go/evil.com"), ("two", "/go/a/b"),
    ("escaped-slash", "/go/a%2Fb"), ("escaped-slashes", "/go/%2F%2Fevil.com"),
    ("backslash", "/go/%5Cevil.com"), ("dots", "/go/a/b/../../evil.com"), ("dot", "/go/./evil.com"),
]
for template in ["/{rest}", "{rest}", "/new/{rest}", "https://good.example.com/{rest}", "/a?r={rest}"]:
    for name, url in REMAINDERS:
        resolved(f"remainder-{name}", "/go/*rest", template, url)

# 4. An empty remainder before a host value (the first reproducer) and its neighbours.
for name, url in [("empty-rest", "/go/evil.com"), ("rest", "/go/evil.com/a/b"),
                  ("escaped-host", "/go/%2F%2Fevil.com"), ("query", "/go/evil.com?x=1#f")]:
    resolved(f"rest-then-host-{name}", "/go/:h/*rest", "/{rest}/{h}", url)
    resolved(f"rest-then-host-{name}", "/go/:h/*rest", "/{rest}/{h}", url, allowlist=None)

# 5. Empty segments kept: a remainder may start with empty segments.
KEEP_EMPTY = {"keep_empty_segments": True}
for template in ["/{rest}", "{rest}", "myapp:{rest}", "https://good.example.com/{rest}", "/a/{rest}"]:
    for name, url in [("one-empty", "/go//evil.com"), ("two-empty", "/go///evil.com/x"),
                      ("plain", "/go/evil.com")]:
        resolved(f"kept-empty-{name}", "/go/*rest", template, url, allowlist=GOOD + ["myapp"], options=KEEP_EMPTY)

# 6. Templates refused when the route is added, with the byte.
LOAD_ERRORS = [
    ("network-path", "//evil.com/{x}", 0, GOOD),
    ("network-path-host-placeholder", "//{x}/a", 2, GOOD),
    ("slash-backslash", "/\\evil.com", 1, GOOD),
    ("backslashes", "\\\\evil.com", 0, GOOD),
    ("backslash-slash", "\\/evil.com", 0, GOOD),
    ("slash-backslash-placeholder", "/\\{x}", 1, GOOD),
    ("backslashes-placeholder", "\\\\{x}", 0, GOOD),
    ("backslash-in-path", "/a\\{x}", 2, GOOD),
    ("space-network-path", " //evil.com", 1, None),
    ("https-no-slashes", "https:{x}", 6, None),
    ("http-no-slashes", "http:{x}", 5, None),
    ("https-one-slash", "https:/{x}", 6, None),
    ("https-three-slashes", "https:///{x}", 8, None),
    ("https-host-placeholder", "https://{x}/", 8, None),
    ("https-no-slashes-literal", "https:good.example.com/{x}", 6, GOOD),
    ("subdomain-placeholder", "https://{x}.good.example.com/", 8, ["https://*.example.com"]),
    ("port-placeholder", "https://good.example.com:{x}/", 25, GOOD),
    ("userinfo-placeholder", "https://{x}@good.example.com/", 8, GOOD),
    ("scheme-placeholder", "{x}://good.example.com/", 0, GOOD),
    ("backslash-userinfo", "https://evil.com\\@good.example.com/{x}", 16, GOOD),
    ("backslash-subdomain", "https://evil.com\\.example.com/{x}", 16, ["https://*.example.com"]),
    ("backslash-authority", "https://good.example.com\\evil.com/{x}", 24, GOOD),
]
for name, template, position, allowlist in LOAD_ERRORS:
    row(f"load-{name}", "/go/:x", template, "/go/evil.com", allowlist=allowlist, load_position=position)

# 7. Templates outside the allowlist (no byte: the whole template is to blame).
OUTSIDE = [
    ("other-host", "https://evil.com/{x}"),
    ("suffix-host", "https://good.example.com.evil.com/{x}"),
    ("userinfo-host", "https://good.example.com@evil.com/{x}"),
    ("encoded-at", "https://good.example.com%40evil.com/{x}"),
    ("other-port", "https://good.example.com:8443/{x}"),
    ("other-scheme", "http://good.example.com/{x}"),
    ("javascript", "javascript:alert({x})"),
    ("data", "data:text/html,{x}"),
    ("idn", "https://bücher.example/{x}"),
    ("punycode-unlisted", "https://xn--bcher-kva.example/{x}"),
]
for name, template in OUTSIDE:
    entry = row(f"outside-{name}", "/go/:x", template, "/go/evil.com")
    entry["expect"] = "load_error"

# 8. Spellings of the allowed host that a browser reads as that host.
for name, template in [("case", "https://GOOD.Example.com/{x}"), ("trailing-dot", "https://good.example.com./{x}"),
                       ("encoded-dot", "https://good%2Eexample.com/{x}"), ("port-zeros", "https://good.example.com:0443/{x}"),
                       ("userinfo", "https://evil.com@good.example.com/{x}")]:
    resolved(f"inside-{name}", "/go/:x", template, "/go/evil.com")
resolved("inside-punycode-listed", "/go/:x", "https://xn--bcher-kva.example/{x}", "/go/evil.com",
         allowlist=["https://xn--bcher-kva.example"])

# 9. Dot segments a value makes: a browser removes `.` and `..` (also spelled with `%2e`),
# so such a URL would leave its template's path; one the template writes itself stays.
def whole_segment_resolved(case, pattern, template, url, decode, options=None, dialect=None):
    """A row for a pattern of whole-segment parameters only (`/:a/:b`), whose values are the
    URL's segments once the dot segments a browser removes (`%2e` spellings too) are gone
    (a urlpattern tail reads the browser's path; decode_path off removes them too): decoded
    once before they are encoded for their place (a tail's groups), or, with `decode` false
    (decode_path off), kept as written."""
    path = url.partition("?")[0].partition("#")[0]
    pieces = path.split("/")[1:]
    if not decode or dialect == "urlpattern":
        kept = []
        for p in pieces:
            if p.lower() in DOT_SEGMENTS:
                if len(p.replace("%2e", ".").replace("%2E", ".")) == 2 and kept:
                    kept.pop()
                continue
            kept.append(p)
        pieces = kept
    parts = pattern.split("/")[1:]
    names = [p[1:] for p in parts if p.startswith(":")]
    if len(pieces) != len(parts) or any(p != v for p, v in zip(parts, pieces) if not p.startswith(":")):
        raise ValueError(f"{url} does not match {pattern}")
    values = {p[1:]: (unquote_to_bytes(v).decode("utf-8") if decode else v)
              for p, v in zip(parts, pieces) if p.startswith(":")}
    produced = fill(template, values, None, names, None, None)
    with_outcome(row(case, pattern, template, url, options=options, dialect=dialect), produced)


FILES = "https://good.example.com/files/{a}/{b}/view"
for name, url in [("dotdot-dotdot", "/%2e%2e/%2e%2e/a/b"), ("mixed-case", "/c/%2E%2e/a/b"), ("dot", "/%2e/a/b"),
                  ("dot-escaped-dot", "/c/.%2E/a/b"), ("three-dots", "/%2e%2e%2e/a..b"), ("plain", "/x/y")]:
    whole_segment_resolved(f"tail-{name}", "/:a/:b", FILES, url, decode=True, dialect="urlpattern")
for name, url in [("dotdot", "/go/x/%2e%2e/y/z"), ("dot", "/go/%2E/y/z"), ("mixed", "/go/q/.%2E/y/z"),
                  ("escaped-plain", "/go/a%20b/%2e%2e%2e")]:
    whole_segment_resolved(f"raw-{name}", "/go/:a/:b", FILES, url, decode=False, options={"decode_path": False})
for template in ["/new/{rest}../x", "{rest}..", "myapp://app/{rest}../x", "https://good.example.com/a/%2E{rest}/b",
                 "./{rest}/../y", "/v?next={rest}..#{rest}."]:
    for name, url in [("empty", "/go"), ("one", "/go/a")]:
        resolved(f"dot-segment-{name}", "/go/*rest", template, url, allowlist=GOOD + ["myapp"])

OUT.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n")
print(f"{len(rows)} rows -> {OUT}")
