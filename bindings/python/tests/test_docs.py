"""The examples in the docs run: the package docstring (doctest), the first example of
docs/PYTHON.md, and bindings/python/README.md's example."""

import contextlib
import doctest
import io
import re
from pathlib import Path

import switchyard

REPO = Path(__file__).resolve().parents[3]


def python_blocks(path):
    return re.findall(r"```python\n(.*?)```", path.read_text(), re.S)


def test_package_docstring():
    result = doctest.testmod(switchyard, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_python_md_first_example():
    code = python_blocks(REPO / "docs" / "PYTHON.md")[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/PYTHON.md", "exec"), {})
    assert out.getvalue().strip() == "UserProfile {'id': 42, 'tab': 'a'}"


def test_package_readme_example():
    for code in python_blocks(REPO / "bindings" / "python" / "README.md"):
        exec(compile(code, "bindings/python/README.md", "exec"), {})


def test_readme_example_file_is_quoted_in_the_readme_and_prints_what_it_says():
    # README.md quotes bindings/python/examples/readme_example.py between markers; the
    # comments after each print() give its output.
    example = REPO / "bindings" / "python" / "examples" / "readme_example.py"
    code = example.read_text()
    readme = (REPO / "README.md").read_text()
    quoted = re.search(r"<!-- BEGIN bindings/python/examples/readme_example.py -->\n```python\n(.*?)```", readme, re.S)
    assert quoted, "README.md has no quote of readme_example.py"
    assert quoted.group(1) == code
    lines = code.splitlines()
    expected = []
    for i, line in enumerate(lines):
        if "print(" in line:
            if "#" in line:
                expected.append(line.split("#", 1)[1].strip())
            else:
                expected.append(lines[i + 1].strip().lstrip("#").strip())
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(example), "exec"), {})
    assert out.getvalue().splitlines() == expected


def test_demo_runs():
    import os
    import subprocess
    import sys

    from switchyard import _ffi

    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"), SWITCHYARD_LIBRARY=_ffi.library_path)
    out = subprocess.run([sys.executable, str(REPO / "bindings" / "python" / "examples" / "demo.py")],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "-> UserProfile" in out.stdout and "conflict, as expected" in out.stdout
    if _ffi.has_rules():
        assert "-> MiniAppContainer" in out.stdout  # a route from examples/rules.json
