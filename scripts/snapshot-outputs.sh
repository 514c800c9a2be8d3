#!/usr/bin/env bash
# Writes what lds-rewrite prints for every example, in every mode, into DIR:
# run it before and after a change that must not change behaviour, then
# `diff -r BEFORE AFTER`. Paths are relative to the checkout, so two
# checkouts compare equal.
#   scripts/snapshot-outputs.sh BUILD_DIR OUT_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$(dirname "$0")/.."
tool=$build/tool/lds-rewrite
T=gfx942,gfx950,gfx1250,sm_90
run() { # name, then the command
  local name=$1; shift
  "$@" >"$out/$name.out" 2>"$out/$name.err"
  echo "rc=$?" >>"$out/$name.out"
}
for f in examples/*.hip examples/*.cu; do
  b=$(basename "$f")
  run "$b.check" "$tool" "$f" --target=$T
  run "$b.check-default" "$tool" "$f"
  run "$b.diff" "$tool" "$f" --target=$T --diff
  run "$b.json" "$tool" "$f" --target=$T --format=json
  run "$b.sarif" "$tool" "$f" --target=$T --format=sarif
  run "$b.export" "$tool" "$f" --target=$T --export-fixes="$out/$b.fixes.yaml"
  sed -i "s#$PWD/##g; s#$out/##g" "$out/$b.fixes.yaml" 2>/dev/null
  run "$b.explain" "$tool" explain "$f" --target=$T --html="$out/$b.html"
  run "$b.isa" "$tool" isa "$f" --target=gfx942,gfx950,gfx1250
  run "$b.isa-fix" "$tool" isa "$f" --target=gfx942 --compare-fix
done
run transpose.isa-compare "$tool" isa examples/transpose.hip --compare examples/transpose_padded.hip --target=gfx950
run list-targets "$tool" --list-targets
# Absolute paths of this checkout and of OUT_DIR are written relative.
sed -i "s#$PWD/##g; s#$PWD\([\"']\)#.\1#g; s#$out/##g; s#/tmp/lds-rewrite-[a-z-]*[0-9a-f]\{6\}#/tmp/TMP#g" "$out"/*
