#!/usr/bin/env bash
# The C example quoted in a Markdown page must be the file the tests compile and run,
# byte for byte, so the docs can never show code that no longer builds (a lesson from
# r3, whose README examples rotted). The page marks the quote with
#   <!-- BEGIN bindings/c/readme_example.c ... -->  ```c ... ```  <!-- END bindings/c/readme_example.c -->
# Usage: check_doc_example.sh PAGE.md EXAMPLE.c [NAME]
# NAME is the path the markers give, bindings/c/<the example's file name> unless given.
set -euo pipefail
page=$1 example=$2
name=${3:-bindings/c/$(basename "$example")}
quoted=$(awk -v begin="<!-- BEGIN $name" -v end="<!-- END $name" '
  index($0, begin) == 1 { inside = 1; next }
  index($0, end) == 1   { inside = 0; next }
  inside && /^```/      { next }
  inside                { print }' "$page")
if [ -z "$quoted" ]; then
  echo "FAIL: $page has no quote of $name between BEGIN/END markers"; exit 1
fi
if ! diff -u <(cat "$example") <(printf '%s\n' "$quoted"); then
  echo "FAIL: the example in $page differs from $example (update the page)"; exit 1
fi
echo "ok: $page quotes $name exactly"
