#!/usr/bin/env bash
# The layout-rewrite fuzz test at benchmark size (CI runs 4 cases, CTest
# fuzz-layouts): COUNT generated kernels (default 200) from SEED, each fixed
# by lds-rewrite with STRATEGIES strategies (1: auto, pad and swizzle in
# turn), every written fix compiled for its targets, re-checked, fixed a
# second time (no change), compared with its --diff and run before and after
# on the CPU simulator, JOBS cases at once (default: one per core).
#   bench/fuzz_layouts.sh [build dir] ; COUNT=300 SEED=5 JOBS=2 bench/fuzz_layouts.sh
set -eu
BUILD=${1:-build}
exec python3 "$(dirname "$0")/../test/fuzz/fuzz_layouts.py" --tool "$BUILD/tool/lds-rewrite" \
  --count "${COUNT:-200}" --seed "${SEED:-1}" --strategies "${STRATEGIES:-1}" \
  --jobs "${JOBS:-$(nproc)}" --work "${WORK:-/tmp/lds-fuzz-layouts}"
