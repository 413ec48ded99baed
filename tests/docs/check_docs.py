#!/usr/bin/env python3
"""Checks the project's documentation for links that lead nowhere and for work-tracking words.

Usage: python3 tests/docs/check_docs.py [--root REPO]

1. Every relative link of every tracked Markdown file (`[text](path)`, `[text](path#anchor)`,
   `[id]: path`) names a file or folder of the repository, and an `#anchor` into a Markdown
   file names one of its headings (GitHub's heading ids).
2. In the project's own Markdown files, in `include/` and in `Sources/`, every file name
   ending in `.md` that the text mentions (`SEMANTICS.md`, `docs/RULES.md`) exists, looked up
   beside the mentioning file, at the repository root and in `docs/`; and every path
   starting with `../` stays inside the repository and exists.
3. Those files, and the build and test scripts, hold none of the words of WORK_WORDS: the
   project speaks of itself, not of the work that made it.

Third-party data under Tests/Data keeps its own wording and is checked for links only.
Prints one `file:line: problem` per finding and exits 1 when there is any.
"""
import argparse
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from urllib.parse import unquote

#: (regex, what it is). Case-insensitive; matched against each line of the checked files.
WORK_WORDS = [
    (r"\bissues?\s+#?\d+", "an issue number"),
    (r"\bissue's\b", "a reference to an issue"),
    (r"\bstop\s+\d+\b", "a work stop number"),
    (r"\bthis stop\b", "a work stop"),
    (r"\bsessions?\b", "a work session"),
    (r"\bbefore-stop\b", "the work machinery's hook"),
    (r"\bmachine\s+(?:is|may\s+be)\s+shared\b", "a note about the work machine"),
    (r"\bshared\s+(?:\d+-core\s+)?machine\b", "a note about the work machine"),
    (r"\btried\s+and\s+not\s+kept\b", "a lab-notebook note"),
]
WORK_WORD_RES = [(re.compile(p, re.IGNORECASE), why) for p, why in WORK_WORDS]

#: Folders of third-party data: links are checked, wording is theirs.
VENDORED = ("Tests/Data/",)
#: Besides the project's Markdown files, where work-tracking words are looked for.
WORDS_ALSO_IN = ("include/", "Sources/", "Makefile", "cmake/", ".ci/", "tests/docs/")
#: Where a mentioned `NAME.md` is looked for, after the mentioning file's folder.
MENTION_FOLDERS = ("", "docs")

FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+[\"'(][^)]*)?\)")
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+[\"'(].*)?$")
ATX_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"""<a\s+(?:name|id)=["']([^"']+)["']""", re.IGNORECASE)
MD_MENTION = re.compile(r"(?<![\w./-])((?:\.\./|\./)*(?:[\w-]+/)*[\w.-]*[\w-]\.md)\b")
PARENT_MENTION = re.compile(r"(?<![\w./-])((?:\.\./)+[\w.*-]+(?:/[\w.*-]+)*/?)")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def tracked_files(root):
    """The repository's files: git's list when this is a checkout, else a walk of the tree."""
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], check=True,
                             capture_output=True).stdout
        names = [n for n in out.decode("utf-8", "surrogateescape").split("\0") if n]
        if names:
            return sorted(n for n in names if (root / n).is_file())
    except (OSError, subprocess.CalledProcessError):
        pass
    skip = re.compile(r"^(\.git|\.build.*|build.*|__pycache__|\.pytest_cache|.*\.egg-info)$")
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not skip.match(d)]
        for f in files:
            found.append(str((Path(folder) / f).relative_to(root)))
    return sorted(found)


def prose_lines(text):
    """(line number, line) for the lines outside fenced code blocks."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)[0] * len(m.group(1))
            continue
        if fence is not None:
            if line.strip().startswith(fence) and set(line.strip()) <= {fence[0]}:
                fence = None
            continue
        yield number, line


def without_code_spans(line):
    return re.sub(r"(`+)(.+?)\1", "", line)


def slug(heading):
    """GitHub's id for a heading: its text without markup, lowercase, punctuation dropped
    (except '-' and '_'), spaces turned into '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)   # links keep their text
    text = re.sub(r"<[^>]+>", "", text)                          # inline HTML
    text = text.replace("`", "").lower()
    kept = []
    for ch in text:
        if ch in "-_ " or ch.isalnum() or unicodedata.category(ch).startswith("M"):
            kept.append("-" if ch == " " else ch)
    return "".join(kept)


def anchors_of(path, cache={}):
    if path not in cache:
        ids, seen = set(), {}
        lines = list(prose_lines(path.read_text(encoding="utf-8", errors="replace")))
        for i, (_, line) in enumerate(lines):
            ids.update(HTML_ANCHOR.findall(line))
            m = ATX_HEADING.match(line)
            text = m.group(2) if m else None
            if text is None and i + 1 < len(lines) and line.strip() \
                    and re.fullmatch(r"\s{0,3}(=+|-+)\s*", lines[i + 1][1]) \
                    and lines[i + 1][0] == lines[i][0] + 1 and not line.lstrip().startswith(("-", "*", "|")):
                text = line.strip()
            if text is None:
                continue
            base = slug(text)
            n = seen.get(base, 0)
            seen[base] = n + 1
            ids.add(base if n == 0 else f"{base}-{n}")
        cache[path] = ids
    return cache[path]


def inside(root, path):
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def check_links(root, name, text, problems):
    here = (root / name).parent
    for number, line in prose_lines(text):
        plain = without_code_spans(line)
        targets = INLINE_LINK.findall(plain)
        m = REFERENCE_DEF.match(plain)
        if m:
            targets.append(m.group(1))
        for target in targets:
            if not target or SCHEME.match(target) or target.startswith("//"):
                continue
            path_part, _, anchor = target.partition("#")
            path_part = unquote(path_part)
            if path_part:
                dest = (root / path_part.lstrip("/")) if path_part.startswith("/") else (here / path_part)
                if not inside(root, dest):
                    problems.append(f"{name}:{number}: link '{target}' leads outside the repository")
                    continue
                if not dest.exists():
                    problems.append(f"{name}:{number}: link '{target}': no such file")
                    continue
            else:
                dest = root / name
            if anchor and dest.is_file() and dest.suffix == ".md":
                if unquote(anchor).lower() not in {a.lower() for a in anchors_of(dest)}:
                    problems.append(f"{name}:{number}: link '{target}': {dest.relative_to(root)} "
                                    f"has no heading with the id '{anchor}'")


def check_mentions(root, name, text, problems):
    here = (root / name).parent
    for number, line in enumerate(text.splitlines(), 1):
        line = re.sub(r"\]\([^)]*\)", "]", line)  # link targets are check_links' to report
        for mention in MD_MENTION.findall(line):
            if mention.startswith("../"):
                continue  # the check of ../ paths below reports it
            places = [here / mention] + [root / folder / mention for folder in MENTION_FOLDERS]
            if not any(inside(root, p) and p.exists() for p in places):
                problems.append(f"{name}:{number}: mentions '{mention}', which is not in the repository")
        for mention in PARENT_MENTION.findall(line):
            mention = mention.rstrip(".")
            dest = here / mention
            concrete = Path(*[part for part in Path(mention).parts if "*" not in part]) \
                if "*" in mention else Path(mention)
            if not inside(root, dest):
                problems.append(f"{name}:{number}: mentions '{mention}', outside the repository")
            elif not (here / concrete).exists():
                problems.append(f"{name}:{number}: mentions '{mention}', which does not exist")


def check_words(name, text, problems):
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, why in WORK_WORD_RES:
            m = pattern.search(line)
            if m:
                problems.append(f"{name}:{number}: '{m.group(0)}' is {why}; say what the project does, not how the work went")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2],
                        help="the repository (default: two folders above this script)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    me = Path(__file__).resolve()

    problems = []
    files = tracked_files(root)
    markdown = [n for n in files if n.endswith(".md")]
    own_docs = [n for n in markdown if not n.startswith(VENDORED)]
    worded = set(own_docs) | {n for n in files if n.startswith(WORDS_ALSO_IN)}
    mentioned = set(own_docs) | {n for n in files if n.startswith(("include/", "Sources/"))}

    for name in files:
        if name not in worded and name not in mentioned and name not in markdown:
            continue
        if (root / name).resolve() == me:
            continue
        try:
            text = (root / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if name.endswith(".md"):
            check_links(root, name, text, problems)
        if name in mentioned:
            check_mentions(root, name, text, problems)
        if name in worded:
            check_words(name, text, problems)

    for p in problems:
        print(p)
    print(f"check_docs: {len(markdown)} Markdown files, {len(worded)} files read for wording: "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
