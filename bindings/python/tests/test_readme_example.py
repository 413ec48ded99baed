"""README.md quotes bindings/python/examples/readme_example.py byte for byte, and the
example prints what its comments say (so the README can never show code that broke)."""

from __future__ import annotations
import os
import pathlib
import re
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "bindings" / "python" / "examples" / "readme_example.py"
BEGIN = "<!-- BEGIN bindings/python/examples/readme_example.py -->"
END = "<!-- END bindings/python/examples/readme_example.py -->"


def quoted_block(page: pathlib.Path) -> str:
    text = page.read_text(encoding="utf-8")
    start, stop = text.index(BEGIN) + len(BEGIN), text.index(END)
    lines = [l for l in text[start:stop].strip("\n").splitlines() if not l.startswith("```")]
    return "\n".join(lines) + "\n"


def test_readme_quotes_the_example_exactly() -> None:
    assert quoted_block(REPO / "README.md") == EXAMPLE.read_text(encoding="utf-8")


def test_example_prints_what_its_comments_promise() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO / "bindings" / "python") + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, str(EXAMPLE)], env=env, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    promised = [m.group(1).strip() for m in re.finditer(r"#\s*(.+)$", EXAMPLE.read_text(), re.M)]
    assert out == promised
