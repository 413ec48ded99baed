#!/usr/bin/env python3
"""The C ABI of libswitchyard against the baseline recorded in tests/abi/baseline.txt.

The ABI a compiled program relies on is: the exported functions (`nm -D --defined-only`),
the size of every public struct and the offset of each of its fields, and the value of every
enum constant and integer macro. This reads the structs, enums and macros from include/switchyard*.h, compiles a small
C program that prints sizeof/offsetof/values, runs it, and compares with the baseline:

- a baseline symbol that is no longer exported fails;
- a baseline struct whose size changed, or a field whose offset changed or that is gone, fails;
- a baseline enum constant or integer macro whose value changed or that is gone fails;
- new symbols, structs, fields and constants pass (they are printed, to be recorded).

docs/ABI.md says which changes are allowed within a major version. After one that is
(a new struct version with appended fields, say), record the new ABI with --update.

    check_abi.py --library build/libswitchyard.so [--cc cc] [--update]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Tuple

ROOT = Path(__file__).resolve().parents[2]
BASELINE = Path(__file__).resolve().parent / "baseline.txt"

STRUCT = re.compile(r"typedef struct (sy_\w+) \{(.*?)\} \1;", re.S)
ENUM = re.compile(r"typedef enum (sy_\w+) \{(.*?)\} \1;", re.S)
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
# Integer constants a program compiles in (flag bits, sizes, struct versions). Left out: the
# library's own version (SY_VERSION_*), which every release changes, and the *_KNOWN_FLAGS
# masks, which grow when flags are added.
DEFINE = re.compile(r"^#define (SY_[A-Z0-9_]+)[ \t]+([0-9(][0-9a-fA-FxuU()<| \t]*?)\s*(?:/\*|$)", re.M)


def fields_of(body: str) -> List[str]:
    """The field names of a struct body: the last identifier of each declaration, before
    any array bounds (`char message[SY_ERROR_MESSAGE_SIZE]` -> message)."""
    names = []
    for decl in COMMENT.sub(" ", body).split(";"):
        decl = re.sub(r"\[[^\]]*\]", "", decl).strip()
        if decl:
            found = re.search(r"(\w+)\s*$", decl)
            if found is None:
                raise ValueError(f"cannot read the field name of {decl!r}")
            names.append(found.group(1))
    return names


def layout_program(headers: List[Path]) -> str:
    lines = ["#include <stddef.h>", "#include <stdio.h>"]
    lines += [f'#include "{h.name}"' for h in headers]
    lines += ["int main(void)", "{", '    printf("pointer %u\\n", (unsigned)sizeof(void *));']
    for h in headers:
        text = h.read_text()
        for name, body in STRUCT.findall(text):
            lines.append(f'    printf("struct {name} size %u\\n", (unsigned)sizeof({name}));')
            for field in fields_of(body):
                lines.append(f'    printf("field {name}.{field} offset %u\\n", (unsigned)offsetof({name}, {field}));')
        for name, _ in DEFINE.findall(text):
            if not name.startswith("SY_VERSION_") and not name.endswith("_KNOWN_FLAGS"):
                lines.append(f'    printf("constant {name} value %lld\\n", (long long)({name}));')
        for name, body in ENUM.findall(text):
            for constant in re.findall(r"^\s*(SY_[A-Z0-9_]+)", COMMENT.sub(" ", body), re.M):
                lines.append(f'    printf("enum {name}.{constant} value %lld\\n", (long long){constant});')
    lines += ["    return 0;", "}"]
    return "\n".join(lines) + "\n"


def headers_needing_only_switchyard(include: Path) -> List[Path]:
    # switchyard_jansson.h declares functions only (its types are jansson's), so the
    # layout comes from the headers that need nothing else.
    return [h for h in sorted(include.glob("switchyard*.h")) if "jansson" not in h.name]


def current_abi(library: Path, cc: str) -> List[str]:
    include = ROOT / "include"
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "abi_layout.c"
        program = Path(tmp) / "abi_layout"
        source.write_text(layout_program(headers_needing_only_switchyard(include)))
        subprocess.run([cc, "-std=c99", "-I", str(include), str(source), "-o", str(program)], check=True)
        layout = subprocess.run([str(program)], check=True, capture_output=True, text=True).stdout
    nm = subprocess.run(["nm", "-D", "--defined-only", str(library)], check=True,
                        capture_output=True, text=True).stdout
    symbols = sorted({f"symbol {parts[2]}" for parts in (l.split() for l in nm.splitlines())
                      if len(parts) == 3 and parts[2].startswith("sy_")})
    return layout.splitlines() + symbols


def keyed(lines: List[str]) -> Dict[str, str]:
    """`struct sy_x size 24` -> {"struct sy_x": "size 24"}; `symbol sy_f` -> {"symbol sy_f": ""}."""
    out = {}
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        out[" ".join(words[:2])] = " ".join(words[2:])
    return out


def compare(baseline: Dict[str, str], current: Dict[str, str]) -> Tuple[List[str], List[str]]:
    broken = []
    for key, value in baseline.items():
        if key == "pointer":
            continue
        if key not in current:
            kind = "no longer exported" if key.startswith("symbol") else "gone"
            broken.append(f"{key}: {kind}")
        elif current[key] != value:
            broken.append(f"{key}: {value} in the baseline, {current[key]} now")
    added = [f"{k} {v}".strip() for k, v in current.items() if k not in baseline]
    return broken, added


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--library", type=Path, required=True, help="the built libswitchyard")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--baseline", type=Path, default=BASELINE)
    ap.add_argument("--update", action="store_true", help="record the current ABI as the baseline")
    args = ap.parse_args()

    lines = current_abi(args.library, args.cc)
    if args.update:
        header = ("# The C ABI of libswitchyard (tests/abi/check_abi.py --update writes this file;\n"
                  "# docs/ABI.md says when that is allowed). Sizes and offsets are for LP64 Linux.\n")
        args.baseline.write_text(header + "\n".join(lines) + "\n")
        print(f"recorded {len(lines)} lines in {args.baseline}")
        return 0

    baseline = keyed(args.baseline.read_text().splitlines())
    current = keyed(lines)
    if baseline.get("pointer") != current.get("pointer"):
        print(f"skipped: the baseline is for {baseline.get('pointer')}-byte pointers, this build has "
              f"{current.get('pointer')}")
        return 77
    broken, added = compare(baseline, current)
    if added:
        print(f"new since the baseline ({len(added)}), allowed:")
        print("\n".join(f"  {a}" for a in added))
    if broken:
        print(f"FAIL: the ABI changed against {args.baseline} ({len(broken)}):")
        print("\n".join(f"  {b}" for b in broken))
        print("A removed function or a moved field breaks every program compiled against the\n"
              "old header: within a major version, keep them (docs/ABI.md). If the change is\n"
              "allowed (a struct grew by appending fields under a new struct version), record it:\n"
              f"  python3 tests/abi/check_abi.py --library {args.library} --update\n"
              "and commit tests/abi/baseline.txt with the change.")
        return 1
    symbols = sum(1 for k in baseline if k.startswith("symbol"))
    structs = sum(1 for k in baseline if k.startswith("struct"))
    print(f"ok: {symbols} baseline functions exported, {structs} structs with their sizes and offsets unchanged")
    if added:
        print("(record the new entries with --update when they are released)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
