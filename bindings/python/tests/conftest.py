"""Shared fixtures. The library comes from SWITCHYARD_LIBRARY (ctest sets it to the fresh
build) or the package's default search (the repo's build/ after `make build`)."""

from __future__ import annotations

from typing import Iterator

import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Run from a checkout without installing: import the package next to this folder.
PACKAGE_ROOT = Path(__file__).resolve().parents[1]
REPO_ROOT = PACKAGE_ROOT.parents[1]
#: The repository's test data (Tests/Data/README.md): every file a test reads lives there.
TEST_DATA = REPO_ROOT / "Tests" / "Data"
if str(PACKAGE_ROOT) not in sys.path:
    sys.path.insert(0, str(PACKAGE_ROOT))

# The machine may be shared and slow: no per-example deadline, a fixed example budget;
# no example database (it would write .hypothesis/ into the working directory).
settings.register_profile("switchyard", deadline=None, max_examples=200, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "switchyard"))

import switchyard  # noqa: E402
from switchyard import _ffi  # noqa: E402

#: load_rules tests skip only when the loaded library predates sy_router_load_rules.
needs_rules = pytest.mark.skipif(
    not _ffi.has_rules(), reason=f"{_ffi.library_path} has no sy_router_load_rules / _file"
)


@pytest.fixture
def router() -> Iterator[switchyard.Router]:
    r = switchyard.Router()
    yield r
    r.close()


@pytest.fixture
def test_data() -> Path:
    """Tests/Data as a Path; a test names the folder and file it reads (test_data / "links")."""
    assert TEST_DATA.is_dir(), f"test data not found at {TEST_DATA}"
    return TEST_DATA

# Test modules that use syntax newer than the oldest Python the package supports.
collect_ignore: list[str] = [] if sys.version_info >= (3, 10) else ["test_match_statement.py"]
