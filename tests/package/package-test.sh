#!/usr/bin/env bash
# The Debian package, as a C user gets it: cpack builds it from BUILD_DIR, `dpkg -x` unpacks
# it into a scratch root (no root needed, the system is left alone), then
#  - its control fields: the name, VERSION's version, the dependencies dpkg-shlibdeps found;
#  - its files: the library with its soname links, the headers, pkg-config and CMake files,
#    the tool, its completions and its man page;
#  - the README's C example, taken from README.md, is built with nothing but
#    `pkg-config --cflags --libs switchyard` pointed into the scratch root, and run;
#  - `switchyard --version` from the scratch root prints VERSION.
# Usage: package-test.sh BUILD_DIR WORK_DIR C_COMPILER SOURCE_DIR
set -euo pipefail
build=$1 work=$2 cc=$3 src=$4
version=$(cat "$src/VERSION")
major=${version%%.*}

# cpack's Debian generator finds the binaries with `file` and their dependencies with
# dpkg-shlibdeps; without them it stops with a message that does not say which is missing.
for tool in file dpkg-shlibdeps dpkg-deb objdump pkg-config; do
  command -v "$tool" >/dev/null ||
    { echo "FAIL: '$tool' is not installed (Debian: apt-get install file dpkg-dev binutils pkg-config; \`make deps\` does it)"; exit 1; }
done

rm -rf "$work"
mkdir -p "$work"
cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; echo "FAIL: cpack could not build the package"; exit 1; }
debs=("$work"/out/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { echo "FAIL: cpack made no single .deb in $work/out"; exit 1; }
deb=${debs[0]}
echo "== $(basename "$deb")"

field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = switchyard ] || { echo "FAIL: Package is '$(field Package)'"; exit 1; }
[ "$(field Version)" = "$version" ] || { echo "FAIL: Version is '$(field Version)', VERSION says $version"; exit 1; }
depends=$(field Depends)
grep -q 'libjansson4' <<<"$depends" || { echo "FAIL: Depends lacks libjansson4: '$depends'"; exit 1; }
echo "Depends: $depends"

root=$work/root
dpkg-deb -x "$deb" "$root"
expect=(
  usr/lib/libswitchyard.so usr/lib/libswitchyard.so.$major usr/lib/libswitchyard.so.$version
  usr/include/switchyard.h usr/lib/pkgconfig/switchyard.pc
  usr/lib/cmake/Switchyard/SwitchyardConfig.cmake usr/lib/cmake/Switchyard/SwitchyardConfigVersion.cmake
  usr/bin/switchyard
  usr/share/bash-completion/completions/switchyard usr/share/zsh/vendor-completions/_switchyard
  usr/share/fish/vendor_completions.d/switchyard.fish
  usr/share/man/man1/switchyard.1.gz
  usr/share/switchyard/valgrind-swift.supp
)
missing=0
for f in "${expect[@]}"; do
  [ -e "$root/$f" ] || { echo "FAIL: the package has no /$f"; missing=1; }
done
[ $missing -eq 0 ] || { echo "it holds:"; dpkg-deb --contents "$deb"; exit 1; }
[ "$(readlink "$root/usr/lib/libswitchyard.so.$major")" = "libswitchyard.so.$version" ] ||
  { echo "FAIL: libswitchyard.so.$major does not link to libswitchyard.so.$version"; exit 1; }
# Read into a variable first: with pipefail, `grep -q` closing the pipe early can fail the
# writer (SIGPIPE) and so the test, although the line was there.
dynamic=$(objdump -p "$root/usr/lib/libswitchyard.so.$version")
grep -qE "SONAME +libswitchyard\.so\.$major\$" <<<"$dynamic" ||
  { echo "FAIL: the library's soname is not libswitchyard.so.$major"; exit 1; }
manual=$(gzip -dc "$root/usr/share/man/man1/switchyard.1.gz")
grep -q 'switchyard' <<<"$manual" ||
  { echo "FAIL: the man page does not name the tool"; exit 1; }

echo "== the README's C example against the package, with pkg-config"
awk '/<!-- BEGIN bindings\/c\/readme_example.c -->/ { inside = 1; next }
     /<!-- END bindings\/c\/readme_example.c -->/ { inside = 0 }
     inside && /^```/ { next } inside' "$src/README.md" >"$work/readme_example.c"
grep -q 'int main' "$work/readme_example.c" || { echo "FAIL: no C example between the README's markers"; exit 1; }
# Only the package's .pc file: PKG_CONFIG_LIBDIR replaces the system's search path.
export PKG_CONFIG_LIBDIR=$root/usr/lib/pkgconfig
unset PKG_CONFIG_PATH
[ "$(pkg-config --modversion switchyard)" = "$version" ] || { echo "FAIL: pkg-config's version is not $version"; exit 1; }
# shellcheck disable=SC2046 # the flags are meant to split
"$cc" -Wall -Wextra -Werror -o "$work/readme_example" "$work/readme_example.c" $(pkg-config --cflags --libs switchyard)
out=$(LD_LIBRARY_PATH=$root/usr/lib "$work/readme_example")
ldd_out=$(LD_LIBRARY_PATH=$root/usr/lib ldd "$work/readme_example")
grep -qF "libswitchyard.so.$major => $root/usr/lib/libswitchyard.so.$major" <<<"$ldd_out" ||
  { echo "FAIL: the example does not load the package's library:"; echo "$ldd_out"; exit 1; }
[ "$out" = "UserProfile id=42" ] || { echo "FAIL: the example printed '$out'"; exit 1; }
echo "$out"

echo "== switchyard --version from the package"
tool_version=$("$root/usr/bin/switchyard" --version)
[ "$tool_version" = "$version" ] || { echo "FAIL: switchyard --version printed '$tool_version', not $version"; exit 1; }
echo "$tool_version"
echo "ok: $(basename "$deb") installs, builds the README's example with pkg-config, and runs its tool"
