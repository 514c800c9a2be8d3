#!/usr/bin/env bash
# The barrier-rewrite fuzz test at benchmark size (CI runs 6 cases, CTest
# fuzz-barriers): the simulator's self-test, then COUNT generated kernels
# (default 200) from SEED, each fixed by lds-rewrite and run before and after
# on the CPU's lockstep simulator in every thread order at wave sizes 32 and
# 64, JOBS cases at once (default: one per core; the cases are the same).
#   bench/fuzz_barriers.sh [build dir] ; COUNT=500 SEED=3 JOBS=2 bench/fuzz_barriers.sh
set -eu
BUILD=${1:-build}
exec python3 "$(dirname "$0")/../test/fuzz/fuzz_barriers.py" --tool "$BUILD/tool/lds-rewrite" \
  --count "${COUNT:-200}" --seed "${SEED:-1}" --jobs "${JOBS:-$(nproc)}" --work "${WORK:-/tmp/lds-fuzz-barriers}"
