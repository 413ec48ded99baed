"""Finding and checking the library; the declaration table against the header."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from pathlib import Path

from switchyard import _ffi

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
REPO_ROOT = PACKAGE_ROOT.parents[1]

HEADER = REPO_ROOT / "include" / "switchyard.h"


def run_python(code: str, env_changes: dict[str, str | None],
               cwd: Path = REPO_ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    for key, value in env_changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_import_with_pythonpath_from_the_repo_root() -> None:
    # What the README promises: PYTHONPATH=bindings/python from the repo root.
    code = "import switchyard, sys; print(switchyard.__file__); print(switchyard.library_version())"
    out = run_python(code, {"PYTHONPATH": "bindings/python"})
    assert out.returncode == 0, out.stderr
    path, version = out.stdout.split()
    assert os.path.realpath(path) == os.path.realpath(PACKAGE_ROOT / "switchyard" / "__init__.py")
    assert version == _ffi.sy_version_string().decode()


def test_default_search_uses_the_repo_build() -> None:
    # Without SWITCHYARD_LIBRARY the package tries the repo's CMake output, build/.
    built = REPO_ROOT / "build" / "libswitchyard.so"
    code = "from switchyard import _ffi; print(_ffi.library_path)"
    out = run_python(code, {"PYTHONPATH": "bindings/python", "SWITCHYARD_LIBRARY": None, "LD_LIBRARY_PATH": None})
    if built.exists():
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == str(built)
    else:
        # then the ImportError lists that candidate among the reasons
        assert out.returncode != 0
        assert "ImportError" in out.stderr and str(built) in out.stderr


def test_a_bad_override_fails_with_every_reason(tmp_path: Path) -> None:
    missing = tmp_path / "nope" / "libswitchyard.so"
    out = run_python("import switchyard", {"PYTHONPATH": "bindings/python", "SWITCHYARD_LIBRARY": str(missing)})
    assert out.returncode != 0
    assert "ImportError" in out.stderr
    assert "SWITCHYARD_LIBRARY" in out.stderr and str(missing) in out.stderr
    assert "libswiftCore" in out.stderr  # the hint about missing dependencies


def test_a_library_that_is_not_switchyard_is_refused(tmp_path: Path) -> None:
    libc = "libc.so.6" if sys.platform.startswith("linux") else None
    if libc is None:
        pytest.skip("the stand-in library is Linux's libc")
    out = run_python("import switchyard", {"PYTHONPATH": "bindings/python", "SWITCHYARD_LIBRARY": libc})
    assert out.returncode != 0 and "not libswitchyard" in out.stderr


def test_major_version_checked() -> None:
    assert _ffi.library_version // 10000 == _ffi.BINDING_MAJOR
    assert _ffi.sy_version_string().decode() == "%d.%d.%d" % (
        _ffi.library_version // 10000, _ffi.library_version // 100 % 100, _ffi.library_version % 100)


def header_functions() -> set[str]:
    text = HEADER.read_text()
    return set(re.findall(r"^SY_API\s+[^;(]*?\b(sy_\w+)\s*\(", text, re.M))


def test_every_header_function_is_declared() -> None:
    declared = {name for name in vars(_ffi) if name.startswith("sy_")}
    missing = header_functions() - declared
    assert not missing, f"declare these in _ffi.py: {sorted(missing)}"


def test_declarations_have_no_ctypes_defaults() -> None:
    for name in header_functions():
        fn = getattr(_ffi, name)
        if fn is None:
            continue
        assert fn.argtypes is not None, name
        # restype None (void) or an explicit type; c_int only where the header says sy_status/int
        assert fn.restype is not ctypes_default_int() or _returns_int(name), name


def ctypes_default_int() -> type[object]:
    import ctypes

    return ctypes.c_int


def _returns_int(name: str) -> bool:
    text = HEADER.read_text()
    return re.search(r"SY_API\s+(sy_status|int)\s+" + name + r"\s*\(", text) is not None
