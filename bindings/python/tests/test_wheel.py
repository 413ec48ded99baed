"""The wheel `make wheel` writes to dist/ (bindings/python/pyproject.toml): a platform wheel
that holds the package and libswitchyard.so, and that works once installed with nothing
else set. Building one rebuilds the whole library (minutes), so these tests check the
newest dist/switchyard-*.whl when there is one, and are skipped otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
REPO_ROOT = PACKAGE_ROOT.parents[1]


def newest_wheel() -> Path | None:
    wheels = sorted((REPO_ROOT / "dist").glob("switchyard-*.whl"), key=lambda p: p.stat().st_mtime)
    return wheels[-1] if wheels else None


FOUND = newest_wheel()
pytestmark = pytest.mark.skipif(FOUND is None, reason="no dist/switchyard-*.whl: `make wheel` builds one")
WHEEL = FOUND or Path("no wheel")  # the tests run only when there is one


def test_the_wheel_is_a_platform_wheel() -> None:
    # name-version-python-abi-platform.whl: any Python 3 (ctypes), one platform.
    python, abi, platform = WHEEL.stem.split("-")[-3:]
    assert python == "py3" and abi == "none"
    assert platform != "any" and platform.endswith(os.uname().machine)
    with zipfile.ZipFile(WHEEL) as z:
        wheel_file = next(n for n in z.namelist() if n.endswith(".dist-info/WHEEL"))
        assert "Root-Is-Purelib: false" in z.read(wheel_file).decode()


def test_the_wheel_holds_the_package_and_the_library() -> None:
    with zipfile.ZipFile(WHEEL) as z:
        names = set(z.namelist())
        library = z.read("switchyard/libswitchyard.so")
    # the modules, and the py.typed marker (PEP 561): type checkers read the package's hints
    sources = {f"switchyard/{p.name}" for p in (PACKAGE_ROOT / "switchyard").glob("*.py")} | {"switchyard/py.typed"}
    assert sources <= names, f"missing from the wheel (rebuild it with `make wheel`): {sorted(sources - names)}"
    assert library[:4] == b"\x7fELF" and b"sy_version_number" in library
    # nothing from the build tree or the C install (headers, CMake and pkg-config files)
    stray = [n for n in names if not n.startswith(("switchyard/", "switchyard-"))]
    assert not stray, stray


def test_the_installed_wheel_works_from_anywhere_with_nothing_set(tmp_path: Path) -> None:
    target = tmp_path / "site"
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--disable-pip-version-check", "--target", str(target), str(WHEEL)],
        capture_output=True, text=True, timeout=300,
    )
    assert pip.returncode == 0, pip.stdout + pip.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("SWITCHYARD_LIBRARY", "LD_LIBRARY_PATH", "PYTHONPATH")}
    env["PYTHONPATH"] = str(target)
    code = ("import switchyard, switchyard._ffi as f; r = switchyard.Router(); r.add('/u/<int:id>', 'U'); "
            "print(f.library_path); print(r.resolve('/u/7?t=x').params)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    path, params = out.stdout.splitlines()
    assert Path(path) == target / "switchyard" / "libswitchyard.so"
    assert params == "{'id': 7, 't': 'x'}"
