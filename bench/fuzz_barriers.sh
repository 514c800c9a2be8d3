#!/usr/bin/env bash
# The barrier-rewrite fuzz test at benchmark size (CI runs 4 cases, CTest
# fuzz-barriers): COUNT generated kernels (default 200) from SEED, each fixed
# by lds-rewrite and run on the CPU before and after at wave sizes 32 and 64.
#   bench/fuzz_barriers.sh [build dir] ; COUNT=500 SEED=3 bench/fuzz_barriers.sh
set -eu
BUILD=${1:-build}
exec python3 "$(dirname "$0")/../test/fuzz/fuzz_barriers.py" --tool "$BUILD/tool/lds-rewrite" \
  --count "${COUNT:-200}" --seed "${SEED:-1}" --work "${WORK:-/tmp/lds-fuzz-barriers}"
