#!/usr/bin/env python3
"""The common program (register three routes, resolve a URL, read two parameters, handle
errors) must be no longer in C with Switchyard than with r3, counted the same way for both:

  lines: lines that hold code once comments are taken out (blank and comment-only lines
         do not count; a statement over two lines counts two);
  calls: call sites of the library's functions (identifiers with the library's prefix
         followed by '('; macros that expand to a literal, such as SY_STR, are not calls).

The r3 program is quoted in docs/API.md between <!-- BEGIN r3 common program --> and
<!-- END r3 common program -->.
Usage: check_common_program.py PROGRAM.c PAGE.md"""
import re
import sys


def code_only(source):
    """The source with comments replaced by spaces (newlines kept), strings left alone."""
    out, i, n = [], 0, len(source)
    while i < n:
        c = source[i]
        if c in "\"'":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(source[i:j + 1])
            i = j + 1
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("".join(ch if ch == "\n" else " " for ch in source[i:end]))
            i = end
        elif source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            i = end
        else:
            out.append(c)
            i += 1
    return "".join(out)


def measure(source, prefixes):
    code = code_only(source)
    lines = sum(1 for line in code.splitlines() if line.strip())
    calls = len(re.findall(r"\b(?:%s)[A-Za-z0-9_]*\s*\(" % "|".join(prefixes), code))
    return lines, calls


def quoted_block(page, name):
    text = open(page, encoding="utf-8").read()
    m = re.search(r"<!-- BEGIN %s -->\s*```c[^\n]*\n(.*?)```\s*<!-- END %s -->" % (name, name), text, re.S)
    if not m:
        sys.exit(f"FAIL: {page} has no ```c block between BEGIN/END {name} markers")
    return m.group(1)


def main():
    program, page = sys.argv[1:3]
    ours = measure(open(program, encoding="utf-8").read(), ["sy_"])
    r3 = measure(quoted_block(page, "r3 common program"), ["r3_", "match_entry_"])
    print(f"Switchyard: {ours[0]} lines, {ours[1]} calls ({program})")
    print(f"r3:         {r3[0]} lines, {r3[1]} calls ({page})")
    if ours[0] > r3[0] or ours[1] > r3[1]:
        print("FAIL: the Switchyard program is longer than the r3 one")
        return 1
    print("ok: no longer than r3")
    return 0


if __name__ == "__main__":
    sys.exit(main())
