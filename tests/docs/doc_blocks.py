#!/usr/bin/env python3
"""Runs the code blocks of the user docs, so that no page shows code that does not work.

Usage: python3 tests/docs/doc_blocks.py --library build/libswitchyard.so [--tool PATH]
                                        [--swift-out FILE] [--check-swift FILE] [PAGE.md ...]

Pages: README.md, docs/*.md, bindings/python/README.md and the DocC catalog. A fenced block's
info string is its language and then words that say how it is checked (docs/TESTING.md,
"Doc blocks"):

  python        run; a page's blocks run in order in one interpreter (each page is one program).
                A block of `>>>` lines runs as a doctest. A comment at the end of an
                expression statement is its shown result: `print(...)  # text` compares what
                the call prints, any other `expr  # text` compares repr(expr). A comment on
                the lines right after the statement continues it.
  c             a whole program (it has main): compiled with -Wall -Wextra -Werror against
                switchyard.h, linked with the library and run; `/* prints: text */` comments,
                in order, are its expected output lines.
  sh            run with bash in the page's scratch folder, `switchyard` on PATH.
  json          parsed. `file=NAME` also writes it to the page's scratch folder first, for the
                page's other blocks to read.
  swift         compiled and run in the SwitchyardDocTests test target (--swift-out writes the
                generated file; --check-swift fails when the committed one is stale).
  output        (after a runnable block) the exact text it prints.

  fragment      not a whole program: python is compiled only, c is compiled inside a function
                of the wrapper (tests/docs/wrappers/, the page's own when it has one; at file
                scope with `scope=file`; `libs=NAME` adds a pkg-config library), sh is
                checked by `bash -n`, json is not parsed, swift is compiled as the body of a
                function whose parameters `given=name:Type,...` lists (at file scope with
                `scope=file`). `swift manifest`: a Package.swift fragment, not compiled.
  quote         c only: text quoted from include/switchyard.h, checked to be there word for word.

Other languages (text, xml, ...) are shown as they are.
"""
from __future__ import annotations

import argparse
import ast
import contextlib
import doctest
import glob
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WRAPPERS = REPO / "tests" / "docs" / "wrappers"
RUNNABLE = {"python", "c", "sh", "json", "swift"}
WORDS = {"fragment", "quote", "manifest"}

TOOL_COMMAND = re.compile(r"(^|[|;&(]\s*)switchyard\s", re.M)  # a shell block that runs the tool
FENCE = re.compile(r"^( *)```([A-Za-z0-9_+-]*)([^\n`]*)\n(.*?)^\1```[ \t]*$", re.S | re.M)


@dataclass
class Block:
    page: str
    line: int
    lang: str
    words: set[str]
    options: dict[str, str]
    text: str
    output: str | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def pages(selected: list[str]) -> list[Path]:
    if selected:
        return [Path(p).resolve() for p in selected]
    found = [REPO / "README.md", REPO / "bindings" / "python" / "README.md"]
    found += sorted(Path(p) for p in glob.glob(str(REPO / "docs" / "*.md")))
    found += sorted(Path(p) for p in glob.glob(str(REPO / "Sources" / "Switchyard" / "Switchyard.docc" / "*.md")))
    return found


def read_blocks(path: Path) -> list[Block]:
    text = path.read_text()
    rel = str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)
    blocks: list[Block] = []
    for m in FENCE.finditer(text):
        indent, lang, info, body = m.group(1), m.group(2), m.group(3).split(), m.group(4)
        if indent:
            body = "".join(l[len(indent):] if l.startswith(indent) else l for l in body.splitlines(True))
        words = {w for w in info if "=" not in w}
        options = dict(w.split("=", 1) for w in info if "=" in w)
        line = text.count("\n", 0, m.start()) + 1
        block = Block(rel, line, lang, words, options, body)
        unknown = words - WORDS
        if unknown and lang in RUNNABLE | {"output"}:
            block.problems.append(f"unknown fence word(s) {sorted(unknown)}")
        if lang == "output":
            previous = blocks[-1] if blocks else None
            if previous is None or text[m.start() - 1:m.start()] != "\n" or previous.lang not in RUNNABLE:
                block.problems.append("an output block must follow a runnable block")
            else:
                previous.output = body
        blocks.append(block)
    return blocks


# ---------------------------------------------------------------- python

def shown_results(source: str) -> list[tuple[int, int, str]]:
    """(first line, last line, shown text) of each expression statement with a trailing comment."""
    lines = source.splitlines()
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Expr) or isinstance(node.value, ast.Constant):
            continue
        end = node.end_lineno or node.lineno
        tail = lines[end - 1]
        comment = comment_of(tail)
        parts = [comment] if comment is not None else []
        if comment is None:
            continue
        # Comment-only lines right after it continue the shown text.
        column = tail.index("#")
        nxt = end
        while nxt < len(lines) and lines[nxt].strip().startswith("#") and lines[nxt].index("#") <= column:
            if lines[nxt].index("#") != len(lines[nxt]) - len(lines[nxt].lstrip()):
                break
            parts.append(lines[nxt].strip()[1:].strip())
            nxt += 1
        found.append((node.lineno, end, "\n".join(p for p in parts if p)))
    return found


def comment_of(line: str) -> str | None:
    """The text of a trailing `# comment` outside strings, or None."""
    try:
        import tokenize
        tokens = list(tokenize.generate_tokens(io.StringIO(line + "\n").readline))
    except Exception:  # an unfinished line (a continued statement): no comment to read
        return None
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            return tok.string[1:].strip()
    return None


class Checked(ast.NodeTransformer):
    """Turns `expr  # shown` into a call of __doc_check__ that compares what it shows."""

    def __init__(self, shown: dict[int, str]) -> None:
        self.shown = shown

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        if node.lineno not in self.shown:
            return node
        is_print = isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) \
            and node.value.func.id == "print"
        call = ast.Call(
            func=ast.Name("__doc_check__", ast.Load()),
            args=[ast.Lambda(ast.arguments([], [], None, [], [], None, []), node.value),
                  ast.Constant(self.shown[node.lineno]), ast.Constant(node.lineno), ast.Constant(is_print)],
            keywords=[])
        return ast.copy_location(ast.Expr(call), node)


def run_python_page(blocks: list[Block], scratch: Path) -> None:
    namespace: dict[str, object] = {"__name__": "__doc__"}

    def check(thunk, shown: str, line: int, is_print: bool) -> None:
        if is_print:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                thunk()
            got = out.getvalue().rstrip("\n")
        else:
            got = repr(thunk())
        if got != shown:
            raise AssertionError(f"line {line} shows {shown!r} but gives {got!r}")

    namespace["__doc_check__"] = check
    cwd = os.getcwd()
    os.chdir(scratch)
    try:
        for b in blocks:
            if b.problems:
                continue
            if "fragment" in b.words:
                try:
                    compile(b.text, b.where, "exec")
                except SyntaxError as e:
                    b.problems.append(f"does not compile: {e}")
                continue
            try:
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    if b.text.lstrip().startswith(">>>"):
                        run_doctest(b, namespace)
                    else:
                        shown = {first: text for first, _, text in shown_results(b.text)}
                        tree = ast.fix_missing_locations(Checked(shown).visit(ast.parse(b.text)))
                        exec(compile(tree, b.where, "exec"), namespace)
                if b.output is not None and out.getvalue().rstrip("\n") != b.output.rstrip("\n"):
                    b.problems.append(f"prints {out.getvalue()!r}, the page shows {b.output!r}")
            except BaseException as e:  # noqa: BLE001 (a doc block may raise anything)
                b.problems.append(f"{type(e).__name__}: {e}")
    finally:
        os.chdir(cwd)


def run_doctest(b: Block, namespace: dict[str, object]) -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(b.text, namespace, b.where, b.page, b.line)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    report = io.StringIO()
    runner.run(test, out=report.write, clear_globs=False)
    if runner.failures:
        raise AssertionError("doctest failed:\n" + report.getvalue())


# ---------------------------------------------------------------- c

def wrapper_for(page: str) -> str:
    own = WRAPPERS / (Path(page).stem + ".c")
    return (own if own.exists() else WRAPPERS / "default.c").read_text()


def c_flags(library: Path) -> list[str]:
    return ["-std=c11", "-Wall", "-Wextra", "-Werror", f"-I{REPO / 'include'}",
            f"-L{library.parent}", "-lswitchyard", f"-Wl,-rpath,{library.parent}"]


def pkg_config(b: Block) -> list[str]:
    """The flags of the libraries a block names with `libs=a,b` (pkg-config names)."""
    names = [n for n in b.options.get("libs", "").split(",") if n]
    if not names:
        return []
    done = subprocess.run(["pkg-config", "--cflags", "--libs", *names], capture_output=True, text=True)
    return done.stdout.split() if done.returncode == 0 else [f"-l{n}" for n in names]


def check_c(b: Block, library: Path, scratch: Path, cc: str) -> None:
    if "quote" in b.words:
        header = " ".join((REPO / "include" / "switchyard.h").read_text().split())
        if " ".join(b.text.split()) not in header:
            b.problems.append("is not quoted word for word from include/switchyard.h")
        return
    name = f"block_{b.line}"
    source = scratch / f"{name}.c"
    if "fragment" in b.words:
        wrapper = wrapper_for(b.page)
        # A fragment's #include lines go before the wrapper's code, where C allows them.
        includes = "".join(l + "\n" for l in b.text.splitlines() if l.startswith("#include"))
        body = "".join(l + "\n" if not l.startswith("#include") else "\n" for l in b.text.splitlines())
        source.write_text(includes + wrapper.replace("/* FRAGMENT */", f'#line {b.line + 1} "{b.page}"\n' + body))
        scope = ["-DDOC_FILE_SCOPE", "-Wno-unused-function"] if b.options.get("scope") == "file" else []
        compiled = subprocess.run([cc, *c_flags(library)[:-3], *scope, *pkg_config(b), "-c", str(source),
                                   "-o", str(scratch / f"{name}.o")], capture_output=True, text=True)
        if compiled.returncode != 0:
            b.problems.append("does not compile in its wrapper:\n" + compiled.stderr)
        return
    if not re.search(r"\bint\s+main\s*\(", b.text):
        b.problems.append("a C block without main: mark it `c fragment` or `c quote`")
        return
    source.write_text(f'#line {b.line + 1} "{b.page}"\n' + b.text)
    program = scratch / name
    compiled = subprocess.run([cc, str(source), "-o", str(program), *c_flags(library), *pkg_config(b)],
                              capture_output=True, text=True)
    if compiled.returncode != 0:
        b.problems.append("does not compile:\n" + compiled.stderr)
        return
    ran = subprocess.run([str(program)], capture_output=True, text=True, cwd=scratch, timeout=60)
    if ran.returncode != 0:
        b.problems.append(f"exits {ran.returncode}:\n{ran.stderr}")
        return
    expected = b.output if b.output is not None else \
        "".join(line + "\n" for line in re.findall(r"/\* prints: (.*?) \*/", b.text))
    if (b.output is not None or expected) and ran.stdout.rstrip("\n") != expected.rstrip("\n"):
        b.problems.append(f"prints {ran.stdout!r}, the page shows {expected!r}")


# ---------------------------------------------------------------- sh and json

def check_sh(b: Block, scratch: Path, env: dict[str, str]) -> None:
    if "fragment" in b.words:
        done = subprocess.run(["bash", "-n"], input=b.text, capture_output=True, text=True)
        if done.returncode != 0:
            b.problems.append("is not valid shell:\n" + done.stderr)
        return
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", b.text], capture_output=True, text=True,
                          cwd=scratch, env=env, timeout=120)
    if done.returncode != 0:
        b.problems.append(f"exits {done.returncode}:\n{done.stdout}{done.stderr}")
    elif b.output is not None and done.stdout.rstrip("\n") != b.output.rstrip("\n"):
        b.problems.append(f"prints {done.stdout!r}, the page shows {b.output!r}")


def check_json(b: Block, scratch: Path) -> None:
    if "fragment" in b.words:
        return
    try:
        json.loads(b.text)
    except ValueError as e:
        b.problems.append(f"is not JSON: {e}")
    if "file" in b.options:
        (scratch / b.options["file"]).write_text(b.text)


# ---------------------------------------------------------------- swift

SWIFT_HEADER = """\
// Generated by tests/docs/doc_blocks.py from the Swift blocks of the docs: do not edit.
// `python3 tests/docs/doc_blocks.py --swift-out Tests/SwitchyardDocTests/DocBlocks.swift`
// writes it again; the check-doc-blocks test fails while it differs from the docs.
"""


def swift_source(all_blocks: list[Block]) -> str:
    """One suite per page: its runnable blocks in order in one test (each page is one program),
    each fragment in a function of its own (compiled, not run), `scope=file` ones at file scope."""
    imports = {"import Testing", "import Switchyard"}
    body: list[str] = []
    by_page: dict[str, list[Block]] = {}
    for b in all_blocks:
        if b.lang == "swift" and "manifest" not in b.words:
            by_page.setdefault(b.page, []).append(b)
    for page, blocks in by_page.items():
        files = {b.options["file"]: b.text for b in all_blocks
                 if b.page == page and b.lang == "json" and "file" in b.options}
        suite = re.sub(r"\W", "_", page)
        for b in blocks:
            imports |= {l.strip() for l in b.text.splitlines() if l.startswith("import ")}
        for b in blocks:
            if b.options.get("scope") == "file":
                body.append(f"// a Swift block of {page}, at file scope\n")
                body.extend(indented(swift_lines(b, {}), 0))
                body.append("\n")
        body.append(f"@Suite(\"Doc blocks of {page}\") struct Doc_{suite} {{\n")
        runnable = [b for b in blocks if "fragment" not in b.words]
        if runnable:
            body.append(f"    @Test(\"{page}: its runnable blocks, in order\") func runs() throws {{\n")
            if files:
                body.append("        let docFiles = try DocFiles(" + swift_dictionary(files) + ")\n")
            for number, b in enumerate(runnable, 1):
                body.append(f"        // the page's Swift block {number}\n")
                body.extend(indented(swift_lines(b, files), 8))
            body.append("    }\n")
        fragments = [b for b in blocks if "fragment" in b.words and b.options.get("scope") != "file"]
        for number, b in enumerate(fragments, 1):
            given = ", ".join(f"{n}: {t}" for n, t in
                              (g.split(":", 1) for g in b.options.get("given", "").split(",") if g))
            body.append(f"    // The page's Swift fragment {number}: compiled only.\n")
            body.append(f"    func fragment{number}({given}) throws {{\n")
            body.extend(indented(swift_lines(b, {}), 8))
            body.append("    }\n")
        body.append("}\n\n")
    head = SWIFT_HEADER + "".join(i + "\n" for i in sorted(imports)) + "\n"
    return (head + "".join(body)).rstrip("\n") + "\n"


def swift_dictionary(files: dict[str, str]) -> str:
    return "[" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(files.items())) + "]"


def indented(lines: list[str], n: int) -> list[str]:
    return [" " * n + l + "\n" if l.strip() else "\n" for l in lines]


def swift_lines(b: Block, files: dict[str, str]) -> list[str]:
    lines = []
    for l in b.text.splitlines():
        if l.startswith("import "):
            continue
        for name in files:  # the page's files are written to a folder of the test's own
            l = l.replace(json.dumps(name), f"docFiles.path({json.dumps(name)})")
        lines.append(l)
    return lines


# ---------------------------------------------------------------- main

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--library", type=Path)
    ap.add_argument("--tool", type=Path, default=os.environ.get("SWITCHYARD_TOOL") or None,
                    help="the switchyard tool, put on PATH for sh blocks (default: $SWITCHYARD_TOOL)")
    ap.add_argument("--swift-out", type=Path)
    ap.add_argument("--check-swift", type=Path)
    ap.add_argument("pages", nargs="*")
    args = ap.parse_args()

    all_blocks = [b for p in pages(args.pages) for b in read_blocks(p)]
    swift = swift_source(all_blocks)
    if args.swift_out:
        args.swift_out.write_text(swift)
        print(f"wrote {args.swift_out}")
        return 0
    failures = 0
    if args.check_swift:
        if not args.check_swift.exists() or args.check_swift.read_text() != swift:
            print(f"FAIL: {args.check_swift} differs from the docs' Swift blocks; run "
                  f"python3 tests/docs/doc_blocks.py --swift-out {args.check_swift}")
            failures += 1
    if args.library is None:
        ap.error("--library is needed to run the C and Python blocks")
    library = args.library.resolve()
    cc = os.environ.get("CC", "cc")
    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"), SWITCHYARD_LIBRARY=str(library))
    os.environ.update(PYTHONPATH=env["PYTHONPATH"], SWITCHYARD_LIBRARY=str(library))
    sys.path.insert(0, env["PYTHONPATH"])
    counts: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        bin_dir = Path(tmp) / "bin"
        bin_dir.mkdir()
        if args.tool:
            os.symlink(args.tool.resolve(), bin_dir / "switchyard")
        env["PATH"] = f"{bin_dir}:{env['PATH']}"
        by_page: dict[str, list[Block]] = {}
        for b in all_blocks:
            by_page.setdefault(b.page, []).append(b)
        for page, blocks in by_page.items():
            scratch = Path(tmp) / re.sub(r"\W", "_", page)
            scratch.mkdir()
            for name in ("examples", "Tests", "bindings", "include"):
                os.symlink(REPO / name, scratch / name)
            for b in blocks:
                if b.lang == "json" and not b.problems:
                    check_json(b, scratch)
            run_python_page([b for b in blocks if b.lang == "python"], scratch)
            for b in blocks:
                if b.problems:
                    pass
                elif b.lang == "c":
                    check_c(b, library, scratch, cc)
                elif b.lang == "sh":
                    if TOOL_COMMAND.search(b.text) and not args.tool and "fragment" not in b.words:
                        b.problems.append("needs --tool")
                    else:
                        check_sh(b, scratch, env)
                if b.lang in RUNNABLE:
                    counts[b.lang] = counts.get(b.lang, 0) + 1
            for b in blocks:
                for problem in b.problems:
                    failures += 1
                    print(f"FAIL {b.where} ({b.lang}{' ' + ' '.join(sorted(b.words)) if b.words else ''}): {problem}")
    total = sum(counts.values())
    summary = ", ".join(f"{n} {lang}" for lang, n in sorted(counts.items()))
    print(f"doc blocks: {total - failures if failures <= total else 0} passed, {failures} failed ({summary})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
