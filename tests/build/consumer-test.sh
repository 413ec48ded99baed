#!/usr/bin/env bash
# Installs the build into a fresh prefix, then builds tests/build/consumer against it
# twice, with find_package(Switchyard) and with pkg-config, and runs both programs.
# Each must load the *installed* library and report the installed version.
# Usage: consumer-test.sh BUILD_DIR WORK_DIR C_COMPILER VERSION
set -euo pipefail
build=$1 work=$2 cc=$3 version=$4
src=$(cd "$(dirname "$0")/consumer" && pwd)
prefix=$work/prefix

rm -rf "$work"
cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name 'libswitchyard.so' | head -n 1)")
[ -e "$libdir/libswitchyard.so" ] || { echo "FAIL: install put no libswitchyard.so under $prefix"; exit 1; }
# The soname carries the ABI's major version (docs/ABI.md): programs record libswitchyard.so.MAJOR.
soname=libswitchyard.so.${version%%.*}
for f in libswitchyard.so "$soname" "libswitchyard.so.$version"; do
  [ -e "$libdir/$f" ] || { echo "FAIL: install put no $f in $libdir"; ls -l "$libdir"; exit 1; }
done

uses_installed() { # the program must resolve libswitchyard.so.MAJOR inside the prefix
  local deps; deps=$(ldd "$1")
  grep -qF "$soname => $libdir/$soname" <<<"$deps" ||
    { echo "FAIL: $1 does not load $libdir/$soname:"; echo "$deps"; exit 1; }
}

echo "== find_package(Switchyard)"
cmake -S "$src" -B "$work/cmake" -G Ninja -DCMAKE_C_COMPILER="$cc" \
      -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/cmake"
uses_installed "$work/cmake/consumer"
"$work/cmake/consumer" "$version"

echo "== pkg-config switchyard"
export PKG_CONFIG_PATH=$libdir/pkgconfig
pkg-config --exact-version="$version" switchyard ||
  { echo "FAIL: pkg-config does not find switchyard $version in $PKG_CONFIG_PATH"; exit 1; }
# shellcheck disable=SC2046 # the flags are meant to split
"$cc" -Wall -Wextra -Werror -o "$work/consumer-pc" "$src/main.c" \
      $(pkg-config --cflags --libs switchyard) -Wl,-rpath,"$libdir"
uses_installed "$work/consumer-pc"
"$work/consumer-pc" "$version"

# switchyard_jansson.h includes <jansson.h> and "switchyard.h": the installed copy must
# compile with `pkg-config --cflags switchyard jansson`, as the header says.
if [ -f "$prefix/include/switchyard_jansson.h" ]; then
  echo "== switchyard_jansson.h with pkg-config --cflags switchyard jansson"
  # shellcheck disable=SC2046
  echo '#include <switchyard_jansson.h>' | "$cc" -Wall -Wextra -Werror -fsyntax-only -x c - \
      $(pkg-config --cflags switchyard jansson)
fi
echo "ok: the installed package works with find_package and with pkg-config"
