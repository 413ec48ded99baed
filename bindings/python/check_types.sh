#!/usr/bin/env bash
# mypy --strict over the package, its tests and its examples, as [tool.mypy] in
# pyproject.toml (beside this script) says. The ctest python-types runs it. Skipped (exit
# 77) when the Python given has no mypy: `make deps` installs it.
# Usage: check_types.sh PYTHON CACHE_DIR
set -euo pipefail
python=$1 cache=$2
if ! "$python" -c 'import mypy' 2>/dev/null; then
  echo "SKIP: $python has no mypy (make deps installs it; or pip install mypy)"
  exit 77
fi
cd "$(dirname "$0")"
exec "$python" -m mypy --cache-dir "$cache"
