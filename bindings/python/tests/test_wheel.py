"""The wheel and sdist `make wheel` writes to dist/ (bindings/python/pyproject.toml): a
manylinux wheel that holds the package, libswitchyard.so and the jansson it links (auditwheel),
and that works once installed with nothing else set; and an sdist that carries the library's
sources and refuses at once to build without Swift. Building them rebuilds the whole library
(minutes), so these tests check the newest dist/switchyard-* when there is one, and are
skipped otherwise: `make wheel` then `ctest -R python-tests` (or pytest) runs them."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import time
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
    # nothing from the build tree or the C install (headers, CMake and pkg-config files);
    # switchyard.libs/ holds what auditwheel copied in (jansson)
    stray = [n for n in names if not n.startswith(("switchyard/", "switchyard-", "switchyard.libs/"))]
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


VERSION = (REPO_ROOT / "VERSION").read_text().strip()


def test_the_wheel_is_manylinux_with_its_metadata() -> None:
    platform = WHEEL.stem.split("-")[-1]
    assert re.fullmatch(r"manylinux_2_\d+_\w+(\.manylinux.*)?", platform), platform
    with zipfile.ZipFile(WHEEL) as z:
        metadata = z.read(f"switchyard-{VERSION}.dist-info/METADATA").decode()
        names = z.namelist()
    assert f"Version: {VERSION}\n" in metadata
    assert "Requires-Python: >=3.9" in metadata
    assert "Classifier: Programming Language :: Python :: 3.13" in metadata
    assert re.search(r"^License", metadata, re.M)
    # auditwheel put jansson inside, under a name of its own
    assert any(re.fullmatch(r"switchyard\.libs/libjansson-[0-9a-f]+\.so\.4.*", n) for n in names), names


def needed(library: Path) -> list[str]:
    dynamic = subprocess.run(["readelf", "-d", str(library)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)


def test_a_fresh_venv_uses_the_wheels_own_jansson(tmp_path: Path) -> None:
    start = time.monotonic()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", "--no-index",
         "--disable-pip-version-check", str(WHEEL)],
        capture_output=True, text=True, timeout=300,
    )
    assert pip.returncode == 0, pip.stdout + pip.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("SWITCHYARD_LIBRARY", "LD_LIBRARY_PATH", "PYTHONPATH")}
    # Which jansson the process mapped, read from /proc/self/maps after a resolve.
    code = ("import json, switchyard; r = switchyard.Router(); r.add('/u/<int:id>', 'U'); print(r.resolve('/u/7').params); "
            "print(json.dumps(sorted({l.split()[-1] for l in open('/proc/self/maps') if 'jansson' in l})))")
    out = subprocess.run([str(python), "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    elapsed = time.monotonic() - start
    assert out.returncode == 0, out.stderr
    params, mapped = out.stdout.splitlines()
    assert params == "{'id': 7}"
    site = next(venv.glob("lib/python*/site-packages"))
    jansson = [Path(p) for p in json.loads(mapped)]
    assert jansson and all(p.parent == site / "switchyard.libs" for p in jansson), mapped
    # The library asks for auditwheel's renamed copy, a name the system's libjansson.so.4 cannot
    # answer: the wheel works whether or not the system has jansson.
    wanted = needed(site / "switchyard" / "libswitchyard.so")
    assert "libjansson.so.4" not in wanted and any(n.startswith("libjansson-") for n in wanted), wanted
    print(f"fresh venv, install, import and resolve: {elapsed:.1f} s")


def newest_sdist() -> Path | None:
    sdists = sorted((REPO_ROOT / "dist").glob("switchyard-*.tar.gz"), key=lambda p: p.stat().st_mtime)
    return sdists[-1] if sdists else None


SDIST = newest_sdist()
needs_sdist = pytest.mark.skipif(SDIST is None, reason="no dist/switchyard-*.tar.gz: `make wheel` builds one")


@needs_sdist
def test_the_sdist_carries_the_library_sources() -> None:
    assert SDIST is not None
    top = f"switchyard-{VERSION}"
    with tarfile.open(SDIST) as t:
        names = set(t.getnames())
    for path in ("PKG-INFO", "pyproject.toml", "build_backend/switchyard_build.py", "switchyard/__init__.py",
                 "native/CMakeLists.txt", "native/VERSION", "native/include/switchyard.h",
                 "native/Sources/SwitchyardC/Version.swift", "native/cmake/SwitchyardPython.cmake"):
        assert f"{top}/{path}" in names, path


@needs_sdist
def test_installing_the_sdist_without_swift_fails_at_once_saying_what_to_install(tmp_path: Path) -> None:
    assert SDIST is not None
    # PATH without swiftc, and no fallback place: a machine without Swift. No build isolation,
    # so the check runs before (and without) anything being fetched.
    env = {k: v for k, v in os.environ.items() if k not in ("SWIFTC", "PYTHONPATH")}
    env["PATH"] = os.pathsep.join(p for p in ("/usr/bin", "/bin") if os.path.isdir(p))
    env["SWITCHYARD_NO_SWIFT_FALLBACK"] = "1"
    start = time.monotonic()
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--no-index",
         "--disable-pip-version-check", "--target", str(tmp_path / "site"), str(SDIST)],
        capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path,
    )
    elapsed = time.monotonic() - start
    output = pip.stdout + pip.stderr
    assert pip.returncode != 0, output
    assert "needs a Swift toolchain (swiftc)" in output, output
    assert "apt-get install libjansson-dev pkg-config" in output and "--only-binary" in output, output
    assert not (tmp_path / "site" / "switchyard").exists()
    print(f"refused in {elapsed:.1f} s")
