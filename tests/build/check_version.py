#!/usr/bin/env python3
"""Every place that states Switchyard's version agrees with VERSION at the repository root.

VERSION decides; CMake reads it (the soname, switchyard.pc, the CMake package, the Debian
package). The files below must spell the version out themselves (a C header, Swift and
Python sources read by tools that cannot read VERSION), so this compares each of them with
it, and with --library / --tool the built library's sy_version_string() and the tool's
`--version` as well (the tool also from $SWITCHYARD_TOOL).

    check_version.py [--root DIR] [--library LIB] [--tool PATH]   check (exit 1 on a mismatch)
    check_version.py --set 0.2.0                                  write a new version everywhere
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Callable, List, Tuple

ROOT = Path(__file__).resolve().parents[2]

# (file, pattern, what it holds). Each pattern matches exactly once; its groups are the
# version's parts: three (major, minor, patch) or one ("X.Y.Z").
PLACES: List[Tuple[str, str, str]] = [
    ("include/switchyard.h", r"#define SY_VERSION_MAJOR (\d+)[^\n]*\n#define SY_VERSION_MINOR (\d+)[^\n]*\n"
                             r"#define SY_VERSION_PATCH (\d+)", "SY_VERSION_MAJOR/MINOR/PATCH"),
    ("include/switchyard.h", r'#define SY_VERSION_STRING "([^"]*)"', "SY_VERSION_STRING"),
    ("Sources/SwitchyardC/Version.swift", r"major: UInt32 = (\d+)\n\s*static let minor: UInt32 = (\d+)\n"
                                          r"\s*static let patch: UInt32 = (\d+)", "LibraryVersion.major/minor/patch"),
    ("Sources/SwitchyardC/Version.swift", r'static let string: StaticString = "([^"]*)"', "LibraryVersion.string"),
    ("Sources/Switchyard/LibraryVersion.swift", r'public let libraryVersion = "([^"]*)"', "Switchyard's libraryVersion"),
    ("Sources/SwitchyardCLI/ToolVersion.swift", r'let switchyardVersion = "([^"]*)"', "switchyard --version"),
    ("bindings/python/pyproject.toml", r'(?m)^version = "([^"]*)"', "the Python package's version"),
    ("bindings/python/switchyard/__init__.py", r'(?m)^__version__ = "([^"]*)"', "switchyard.__version__"),
    ("CHANGELOG.md", r"(?m)^## \[?(\d+\.\d+\.\d+)", "the newest CHANGELOG.md entry"),
]


def read_version(root: Path) -> str:
    version = (root / "VERSION").read_text().strip()
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        sys.exit(f"FAIL: VERSION says {version!r}, not MAJOR.MINOR.PATCH")
    return version


def stated(root: Path, file: str, pattern: str) -> Tuple[str, re.Match[str]]:
    text = (root / file).read_text()
    found = re.search(pattern, text)
    if found is None:
        raise LookupError(f"{file}: the version is no longer where this check looks ({pattern})")
    groups = found.groups()
    return (".".join(groups) if len(groups) == 3 else groups[0]), found


def library_version(library: Path) -> str:
    lib = ctypes.CDLL(str(library))
    lib.sy_version_string.restype = ctypes.c_char_p
    value: bytes = lib.sy_version_string()
    return value.decode()


def tool_version(tool: Path) -> str:
    out = subprocess.run([str(tool), "--version"], capture_output=True, text=True, timeout=60)
    return out.stdout.strip() if out.returncode == 0 else f"(exit {out.returncode}: {out.stderr.strip()})"


def check(root: Path, library: Path | None, tool: Path | None) -> int:
    version = read_version(root)
    problems: List[str] = []
    for file, pattern, what in PLACES:
        try:
            value, _ = stated(root, file, pattern)
        except LookupError as e:
            problems.append(str(e))
            continue
        if value != version:
            problems.append(f"{file}: {what} is {value}")
    problems += since_tags_after(root, version)
    built: List[Tuple[str, Callable[[], str]]] = []
    if library is not None:
        built.append((f"{library}: sy_version_string()", lambda: library_version(library)))
    if tool is not None:
        built.append((f"{tool} --version", lambda: tool_version(tool)))
    for what, get in built:
        value = get()
        if value != version:
            problems.append(f"{what} is {value}")
    if problems:
        print(f"FAIL: VERSION says {version}, but:")
        for p in problems:
            print(f"  {p}")
        print("To change the version on purpose, run `python3 tests/build/check_version.py --set X.Y.Z`,\n"
              "add its CHANGELOG.md entry, and rebuild.")
        return 1
    print(f"ok: {len(PLACES) + len(built)} places say {version}, as VERSION does")
    return 0


def since_tags_after(root: Path, version: str) -> List[str]:
    """Every header's `Since: X.Y` (and `since X.Y`) names a version no newer than VERSION:
    a tag of a release that has not happened is a promise the header cannot keep."""
    current = tuple(int(p) for p in version.split(".")[:2])
    problems: List[str] = []
    for header in sorted((root / "include").glob("switchyard*.h")):
        for n, line in enumerate(header.read_text().splitlines(), start=1):
            for m in re.finditer(r"\b[Ss]ince:? (\d+)\.(\d+)", line):
                if (int(m.group(1)), int(m.group(2))) > current:
                    problems.append(f"{header.relative_to(root)}:{n}: '{m.group(0)}' is after VERSION's {version}")
    return problems


def set_version(root: Path, version: str) -> None:
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        sys.exit(f"--set {version!r}: not MAJOR.MINOR.PATCH")
    parts = version.split(".")
    (root / "VERSION").write_text(version + "\n")
    for file, pattern, _ in PLACES:
        if file == "CHANGELOG.md":
            continue  # a new entry is written by a person, not replaced
        text = (root / file).read_text()
        _, found = stated(root, file, pattern)
        values = parts if len(found.groups()) == 3 else [version]
        pieces, last = [], 0
        for i, value in enumerate(values, start=1):
            pieces += [text[last:found.start(i)], value]
            last = found.end(i)
        (root / file).write_text("".join(pieces) + text[last:])
    print(f"VERSION and {len(PLACES) - 1} places now say {version}; add a `## {version}` entry "
          "at the top of CHANGELOG.md")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", type=Path, default=ROOT)
    ap.add_argument("--library", type=Path, help="a built libswitchyard whose sy_version_string() is checked")
    ap.add_argument("--tool", type=Path, default=os.environ.get("SWITCHYARD_TOOL") or None,
                    help="a built switchyard tool whose --version is checked (default: $SWITCHYARD_TOOL)")
    ap.add_argument("--set", metavar="X.Y.Z", help="write this version into VERSION and every place above")
    args = ap.parse_args()
    if args.set:
        set_version(args.root, args.set)
        return 0
    return check(args.root, args.library, args.tool)


if __name__ == "__main__":
    sys.exit(main())
