"""The examples run: the package docstring (doctest), the first example of docs/PYTHON.md,
bindings/python/README.md's example, and the scripts `make demo` runs. (README.md's quote
of examples/readme_example.py is checked by test_readme_example.py.)"""

from __future__ import annotations

import contextlib
import doctest
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import switchyard
from switchyard import _ffi

from conftest import needs_rules  # noqa: E402  (pytest puts tests/ on sys.path)

REPO = Path(__file__).resolve().parents[3]


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(), re.S)


def test_package_docstring() -> None:
    result = doctest.testmod(switchyard, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_python_md_first_example() -> None:
    code = python_blocks(REPO / "docs" / "PYTHON.md")[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/PYTHON.md", "exec"), {})
    assert out.getvalue().strip() == "UserProfile {'id': 42, 'tab': 'a'}\n42 a"


def test_package_readme_example() -> None:
    for code in python_blocks(REPO / "bindings" / "python" / "README.md"):
        exec(compile(code, "bindings/python/README.md", "exec"), {})


def run_example(name: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"), SWITCHYARD_LIBRARY=_ffi.library_path)
    out = subprocess.run([sys.executable, str(REPO / "bindings" / "python" / "examples" / name)],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_demo_runs() -> None:
    out = run_example("demo.py")
    assert "-> UserProfile" in out and "conflict, as expected" in out
    assert "redirects https://example.com/skill/cloud_native -> myapp://app/tiny" in out


@needs_rules
def test_rules_demo_runs() -> None:
    out = run_example("rules_demo.py")
    assert "target     MiniAppContainer" in out and "refused: $.routes[0].pattern" in out


def test_common_program_runs_and_stays_short() -> None:
    # The same program as examples/common/common.c, with the same output (its c-common test).
    assert run_example("common.py") == "user 42, post 7\n"
    source = (REPO / "bindings" / "python" / "examples" / "common.py").read_text()
    assert len(source.splitlines()) <= 27


def test_api_md_quotes_the_common_program_exactly() -> None:
    name = "bindings/python/examples/common.py"
    page = (REPO / "docs" / "API.md").read_text()
    quote = re.search(rf"<!-- BEGIN {re.escape(name)} -->\n```python\n(.*?)```\n<!-- END {re.escape(name)} -->",
                      page, re.S)
    assert quote, f"docs/API.md has no quote of {name} between BEGIN/END markers"
    assert quote.group(1) == (REPO / name).read_text(), "docs/API.md differs from the program: update the page"
