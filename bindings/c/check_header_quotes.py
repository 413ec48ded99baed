#!/usr/bin/env python3
"""The C tests quote the header they test as  /* HEADER: "..." */  (or
/* HEADER (context): "..." and "..." */). Every such quote must still be the header's
words, so a comment can never claim a sentence the header no longer says.

A quote is checked whitespace-normalised (it may span comment lines; their leading
" * " is dropped) against include/switchyard.h and include/switchyard_jansson.h,
normalised the same way with the comment markers (/*, */, a line's leading * and //)
stripped. " ... " inside a quote elides header text: the pieces must appear in that
order in one header. Quotes nested in a quote ("007" inside a sentence) are part of it.
A HEADER note is checked up to the next HEADER note, a blank comment line or the end of
its comment; notes that paraphrase without quotes are not checked.

Usage: check_header_quotes.py --header H [--header H ...] TEST.c|DIR ...
(a DIR stands for its *.c files). Exit status 1, naming file:line, on any stale quote."""
import argparse
import pathlib
import re
import sys

MARKER = re.compile(r"\bHEADER\b(?:\s*\([^()]*\))?\s*:")
CLOSE_FOLLOW = set(".,;:)]/!?")
OPEN_PRECEDE = set("([{\"")


def normalise(text):
    return " ".join(text.split())


def header_text(path):
    """The header's words: comment markers stripped, whitespace collapsed."""
    out = []
    for line in pathlib.Path(path).read_text(encoding="utf-8").splitlines():
        line = re.sub(r"^\s*(/\*\*|/\*|\*/|\*|//)", " ", line)  # a line's leading marker
        line = line.replace("/*", " ").replace("*/", " ")
        line = re.sub(r"(^|\s)//", r"\1 ", line)                 # not the // of a URL
        out.append(line)
    return normalise("\n".join(out))


def comments(source):
    """Yield (start_line, [(line_no, text), ...]) for every comment, with the comment
    markers and each continuation line's leading ' * ' removed."""
    i, n, line = 0, len(source), 1
    while i < n:
        c = source[i]
        if c in "\"'":  # a string or character literal: skip it, escapes included
            j = i + 1
            while j < n and source[j] != c and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            line += source.count("\n", i, j + 1)
            i = j + 1
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end
            body = source[i + 2:end].split("\n")
            lines = []
            for k, text in enumerate(body):
                if k > 0:
                    text = re.sub(r"^\s*\*(?!/)", "", text)
                lines.append((line + k, text))
            yield line, lines
            line += source.count("\n", i, end + 2)
            i = end + 2
        elif source.startswith("//", i):
            # consecutive // lines form one comment
            lines = []
            while source.startswith("//", i):
                end = source.find("\n", i)
                end = n if end < 0 else end
                lines.append((line, source[i + 2:end]))
                i, line = end + 1, line + 1
                m = re.match(r"[ \t]*(?=//)", source[i:])
                if not m:
                    break
                i += m.end()
            yield lines[0][0], lines
        else:
            if c == "\n":
                line += 1
            i += 1


def quotes(text, lines_at):
    """Top-level quoted strings of text as (line, content); nested quotes stay in their
    outer quote. Raises ValueError(line) when the quotes do not balance."""
    found, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c != '"':
            continue
        prev = text[i - 1] if i > 0 else " "
        nxt = text[i + 1] if i + 1 < len(text) else " "
        if depth == 0:
            opening = True
        elif nxt.isspace() or nxt in CLOSE_FOLLOW:
            opening = False
        else:
            opening = prev.isspace() or prev in OPEN_PRECEDE
        if opening:
            if depth == 0:
                start = i
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                found.append((lines_at(start), text[start + 1:i]))
    if depth:
        raise ValueError(lines_at(start))
    return found


def header_notes(path):
    """Yield (line, quote) for every quote of every HEADER note in a C file."""
    source = pathlib.Path(path).read_text(encoding="utf-8")
    for _, lines in comments(source):
        text, starts = "", []
        for line_no, part in lines:
            starts.append((len(text), line_no))
            text += part + "\n"

        def line_at(offset):
            return max(line_no for pos, line_no in starts if pos <= offset)

        marks = list(MARKER.finditer(text))
        for k, m in enumerate(marks):
            end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
            blank = re.search(r"\n[ \t]*\n", text[m.end():end])
            if blank:
                end = m.end() + blank.start()
            scope = text[m.end():end]
            try:
                for line, content in quotes(scope, lambda o: line_at(m.end() + o)):
                    yield line, content
            except ValueError as e:
                yield e.args[0], None


def found_in(pieces, header):
    at = 0
    for piece in pieces:
        at = header.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--header", action="append", required=True)
    parser.add_argument("tests", nargs="+")
    args = parser.parse_args()

    headers = [header_text(h) for h in args.header]
    files = []
    for t in args.tests:
        p = pathlib.Path(t)
        files.extend(sorted(p.glob("*.c")) if p.is_dir() else [p])

    failures, count = [], 0
    for f in files:
        for line, quote in header_notes(f):
            if quote is None:
                failures.append(f"{f}:{line}: HEADER quote with unbalanced '\"'")
                continue
            count += 1
            pieces = [normalise(p) for p in quote.split("...")]
            pieces = [p for p in pieces if p]
            if not pieces or not any(found_in(pieces, h) for h in headers):
                failures.append(f'{f}:{line}: not in the header: "{normalise(quote)}"')
    for msg in failures:
        print("FAIL:", msg)
    if not files:
        print("FAIL: no test files given")
        return 1
    if failures:
        print(f"{len(failures)} of {count} HEADER quotes are not the header's words "
              f"({', '.join(args.header)}); quote the header as it is now")
        return 1
    print(f"ok: {count} HEADER quotes in {len(files)} files are the header's words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
