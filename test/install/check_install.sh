#!/usr/bin/env bash
# `cmake --install` gives a tool that runs without the build tree: it finds
# libldsAnalysis.so through its RPATH ($ORIGIN/../lib) and the bundled
# headers in <prefix>/share/lds-rewrite/include; the clang-tidy plugin lands
# in <prefix>/lib. The pre-commit hooks rely on an installed lds-rewrite.
#   check_install.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" > /dev/null
tool=$prefix/bin/lds-rewrite
if ldd "$tool" | grep -q 'not found'; then
  echo "FAIL: the installed tool misses libraries:"; ldd "$tool" | grep 'not found'; exit 1
fi
# Nothing of the build tree on its RPATH.
if readelf -d "$tool" | grep -E 'R(UN)?PATH' | grep -qF "$(cd "$build" && pwd)"; then
  echo "FAIL: the installed tool's RPATH points into the build tree"; exit 1
fi
# It runs with the bundled headers from the prefix: the transpose's 32-way
# conflict on gfx942 (exit 1: findings).
set +e
out=$("$tool" --gpu-headers=bundled --target=gfx942 "$src/examples/transpose.hip" 2>&1)
rc=$?
set -e
if [ $rc -ne 1 ] || ! grep -q '32-way LDS bank conflict on gfx942' <<< "$out"; then
  echo "FAIL: the installed tool gave exit $rc:"; echo "$out"; exit 1
fi
if [ -e "$build/tidy/liblds-tidy.so" ]; then
  test -f "$prefix/lib/liblds-tidy.so" || { echo "FAIL: liblds-tidy.so not installed"; exit 1; }
  if ldd "$prefix/lib/liblds-tidy.so" | grep -q 'not found'; then
    echo "FAIL: the installed plugin misses libraries"; exit 1
  fi
fi
# The man page and the README with its docs.
test -f "$prefix/share/man/man1/lds-rewrite.1" || { echo "FAIL: no man page in share/man/man1"; exit 1; }
test -f "$prefix/share/doc/lds-rewrite/README.md" || { echo "FAIL: no README in share/doc/lds-rewrite"; exit 1; }
test -f "$prefix/share/doc/lds-rewrite/docs/usage.md" || { echo "FAIL: no docs/ in share/doc/lds-rewrite"; exit 1; }
if command -v man > /dev/null && ! MANPATH="$prefix/share/man" man -P cat lds-rewrite 2>/dev/null | grep -q 'EXIT STATUS'; then
  echo "FAIL: man lds-rewrite does not show the page"; exit 1
fi
echo "installed tool, plugin and man page work from $prefix"
