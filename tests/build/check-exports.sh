#!/usr/bin/env bash
# The sy_* symbols exported by libswitchyard.so must be exactly the functions declared
# in include/switchyard*.h (jansson's check-exports). Same extraction as the project's
# other export checks, so both agree on what "declared" means.
# Usage: check-exports.sh LIBRARY INCLUDE_DIR
set -euo pipefail
lib=$1 incdir=$2

shopt -s nullglob
headers=("$incdir"/switchyard*.h)
[ ${#headers[@]} -gt 0 ] || { echo "FAIL: no switchyard*.h in $incdir"; exit 1; }

declared=$(grep -ohE '\bsy_[a-z0-9_]+[[:space:]]*\(' "${headers[@]}" \
           | sed -E 's/.*(sy_[a-z0-9_]+).*/\1/' | sort -u)
exported=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -E '^sy_' | sort -u || true)
# Anything else exported (Swift runtime, `public` Swift symbols) is a leak too.
others=$(nm -D --defined-only "$lib" | awk '$3 != "" {print $3}' | grep -vE '^sy_' || true)

[ -n "$declared" ] || { echo "FAIL: the headers declare no sy_ functions"; exit 1; }
extra=$(comm -13 <(echo "$declared") <(echo "$exported"))
missing=$(comm -23 <(echo "$declared") <(echo "$exported"))

status=0
if [ -n "$extra" ]; then
  echo "FAIL: exported but not declared in the headers:"; echo "$extra" | sed 's/^/  /'; status=1
fi
if [ -n "$missing" ]; then
  echo "FAIL: declared in the headers but not exported:"; echo "$missing" | sed 's/^/  /'; status=1
fi
if [ -n "$others" ]; then
  echo "FAIL: non-sy_ symbols exported (check cmake/switchyard.map):"
  echo "$others" | head -n 20 | sed 's/^/  /'; status=1
fi
[ $status -eq 0 ] && echo "ok: $(echo "$exported" | wc -l) sy_ functions exported, exactly those declared"
exit $status
