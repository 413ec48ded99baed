#!/usr/bin/env bash
# libswitchyard.so carries its own Swift runtime (-static-stdlib): a host must not need
# libswiftCore, Foundation or Dispatch installed, and must not pick up another copy.
# Usage: check-self-contained.sh LIBRARY
set -euo pipefail
lib=$1
deps=$(ldd "$lib")
echo "$deps"
bad=$(echo "$deps" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|not found' || true)
if [ -n "$bad" ]; then
  echo "FAIL: $lib depends on a Swift runtime library or an unresolved library:"
  echo "$bad"
  exit 1
fi
echo "ok: no Swift runtime library among the dependencies"
