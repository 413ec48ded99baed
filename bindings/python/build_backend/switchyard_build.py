"""The Python package's build backend: scikit-build-core, with two things added.

- Building a wheel compiles libswitchyard from Swift. Without a Swift toolchain that cannot
  work, so it fails at once, before any build tool is fetched, with what to install (or to
  take a prebuilt wheel instead).
- The source distribution carries the library's sources. scikit-build-core packs only this
  folder, but the CMake project is the repository root; so the sdist also gets the files the
  library's build reads under ``native/``, and a build from the sdist configures ``native/``
  where a build from the repository configures ``../..``.

pyproject.toml names this module with ``backend-path``; everything else is scikit-build-core's.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List, Optional

HERE = Path(__file__).resolve().parent.parent  # bindings/python, or the unpacked sdist
REPO = HERE.parent.parent
NATIVE = "native"
IN_SDIST = (HERE / NATIVE / "CMakeLists.txt").is_file()
# What the CMake project reads to build libswitchyard (SWITCHYARD_TESTS and the tool are off).
NATIVE_PATHS = ["CMakeLists.txt", "VERSION", "CHANGELOG.md", "Package.swift", "cmake", "include", "Sources"]
# Where cmake/SwitchyardPython.cmake also looks for swiftc, beside PATH and $SWIFTC.
SWIFTC_FALLBACKS = ["/opt/swift/usr/bin/swiftc"]

NO_SWIFT = """\
switchyard: this is a source build, and it needs a Swift toolchain (swiftc), which was not found
{where}.
A prebuilt wheel needs no Swift and no jansson: `pip install --only-binary switchyard switchyard`
(or `make wheel` on a machine with Swift, then `pip install dist/switchyard-*.whl`).
To build from source, install:
  - Swift 6.3 or newer (https://www.swift.org/install/), with swiftc on PATH or in $SWIFTC;
  - jansson's headers and pkg-config: apt-get install libjansson-dev pkg-config;
  - CMake 3.25 or newer and Ninja (pip fetches them when they are missing).
"""


def _find_swiftc() -> Optional[str]:
    explicit = os.environ.get("SWIFTC")
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    found = shutil.which("swiftc")
    if found:
        return found
    # SWITCHYARD_NO_SWIFT_FALLBACK=1 searches PATH only: the tests use it to act as a
    # machine without Swift on a machine that has one in a fallback place.
    if os.environ.get("SWITCHYARD_NO_SWIFT_FALLBACK") != "1":
        for path in SWIFTC_FALLBACKS:
            if os.access(path, os.X_OK):
                return path
    return None


def _require_swift() -> None:
    if _find_swiftc() is None:
        explicit = os.environ.get("SWIFTC")
        where = f" (SWIFTC={explicit} is not an executable)" if explicit else " on PATH"
        raise SystemExit(NO_SWIFT.format(where=where))


def _skbuild() -> ModuleType:
    # Imported on use, so that the Swift check comes first even where scikit-build-core is
    # missing (pip --no-build-isolation).
    from scikit_build_core import build

    return build


def _settings(config_settings: Optional[Dict[str, Any]]) -> Dict[str, Any]:
    """In an unpacked sdist the CMake project is native/, not the repository root."""
    settings = dict(config_settings or {})
    if IN_SDIST:
        settings.setdefault("cmake.source-dir", NATIVE)
    return settings


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    _require_swift()
    requires: List[str] = _skbuild().get_requires_for_build_wheel(_settings(config_settings))
    return requires


def build_wheel(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None,
                metadata_directory: Optional[str] = None) -> str:
    _require_swift()
    name: str = _skbuild().build_wheel(wheel_directory, _settings(config_settings), metadata_directory)
    return name


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    requires: List[str] = _skbuild().get_requires_for_build_sdist(config_settings)
    return requires


def _native_files() -> List[Path]:
    """The repository's files under NATIVE_PATHS that git does not ignore (all of them, if
    git is absent): no build output."""
    try:
        listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard", "--", *NATIVE_PATHS],
                                check=True, capture_output=True).stdout.decode()
        files = [REPO / p for p in listed.split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        files = [p for name in NATIVE_PATHS for p in ([REPO / name] if (REPO / name).is_file()
                                                       else sorted((REPO / name).rglob("*")))]
    return [f for f in files if f.is_file()]


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    if IN_SDIST:
        # Already an sdist (native/ inside): scikit-build-core packs it as it is.
        name: str = _skbuild().build_sdist(sdist_directory, config_settings)
        return name
    with tempfile.TemporaryDirectory() as tmp:
        name = _skbuild().build_sdist(tmp, config_settings)
        top = name[: -len(".tar.gz")]
        target = Path(sdist_directory) / name
        with tarfile.open(Path(tmp) / name, "r:gz") as src, tarfile.open(target, "w:gz", format=tarfile.PAX_FORMAT) as out:
            for member in src.getmembers():
                out.addfile(member, src.extractfile(member) if member.isfile() else None)
            for path in _native_files():
                info = tarfile.TarInfo(f"{top}/{NATIVE}/{path.relative_to(REPO).as_posix()}")
                data = path.read_bytes()
                info.size, info.mode, info.mtime = len(data), 0o644, int(path.stat().st_mtime)
                out.addfile(info, io.BytesIO(data))
    return name


def prepare_metadata_for_build_wheel(metadata_directory: str,
                                     config_settings: Optional[Dict[str, Any]] = None) -> str:
    # Only ever asked for on the way to building a wheel: fail before that work too.
    _require_swift()
    name: str = _skbuild().prepare_metadata_for_build_wheel(metadata_directory, _settings(config_settings))
    return name


def get_requires_for_build_editable(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    _require_swift()
    requires: List[str] = _skbuild().get_requires_for_build_editable(_settings(config_settings))
    return requires


def build_editable(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None,
                   metadata_directory: Optional[str] = None) -> str:
    _require_swift()
    name: str = _skbuild().build_editable(wheel_directory, _settings(config_settings), metadata_directory)
    return name
