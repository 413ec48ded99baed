"""The public API as a typed program sees it: tests/typing/uses_every_call.py uses every
documented call without a cast, an isinstance or a type: ignore; mypy --strict and pyright
in strict mode must find nothing in it, and it must run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict

import pytest

TYPING = Path(__file__).resolve().parent / "typing"
PROGRAM = TYPING / "uses_every_call.py"
PACKAGE_ROOT = TYPING.parents[1]


def test_the_program_runs(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT))
    done = subprocess.run([sys.executable, str(PROGRAM)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "/tags/python" in done.stdout  # url_for fills a parameter called name


def test_mypy_strict_finds_nothing(tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy is not installed (make deps installs it)")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path),
                           "--no-incremental", str(PROGRAM)], cwd=PACKAGE_ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def _pyright() -> str:
    """The pyright command, or a skip: not installed, or it cannot start here (the pip
    package fetches its node code on first use, which needs the network)."""
    command = shutil.which("pyright")
    if command is None:
        pytest.skip("pyright is not installed (make deps installs it; it needs node)")
    try:
        probe = subprocess.run([command, "--version"], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        pytest.skip(f"pyright cannot run here: {e}")
    if probe.returncode != 0 or "pyright" not in probe.stdout:
        pytest.skip(f"pyright cannot run here (offline?): {probe.stdout}{probe.stderr}"[:300])
    return command


def test_pyright_strict_finds_nothing() -> None:
    command = _pyright()
    done = subprocess.run([command, "-p", str(TYPING / "pyrightconfig.json")], cwd=TYPING, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 errors" in done.stdout, done.stdout


def test_the_old_spellings_still_work_with_a_warning() -> None:
    import warnings

    import switchyard
    from switchyard import Router, introspection, navigation

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        options: Dict[str, Any] = {"max_redirects": 4}
        router = Router(**options)  # the old Router(**options) call is still a call
        router.add("/tags/:name", "Tag", name="tag")
        assert router.url_for("tag", name="x") == "/tags/x"
    with pytest.warns(DeprecationWarning):
        navigation.install(Router)
    with pytest.warns(DeprecationWarning):
        introspection.install(Router)
    with pytest.warns(DeprecationWarning):
        getattr(introspection, "ParamValue")
    assert switchyard.ConflictError.__module__ == "switchyard"
    assert repr(switchyard.ConflictError) == "<class 'switchyard.ConflictError'>"
    assert set(dir(switchyard)) == set(switchyard.__all__) | {"__version__", "fixtures", "introspection", "links", "navigation", "requirements"}
    assert all(hasattr(switchyard, name) for name in switchyard.__all__)


def test_pyright_finds_nothing_in_the_package() -> None:
    # The package itself in pyright's standard mode (strict mode is for programs that use
    # it: the package's ctypes declarations are typed as far as ctypes allows).
    command = _pyright()
    done = subprocess.run([command, "switchyard"], cwd=PACKAGE_ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
