#!/usr/bin/env bash
# Parse the sample kernels in test/headers with clang 22 in every header
# configuration lds-rewrite uses, and check that the fallback HIP headers give
# the expected LDS sizes and 128-bit LDS instructions, and the same sizes as
# the real ROCm headers.
#
#   check_headers.sh <repo-root>
#
# Environment: LDS_CLANG (default clang-22), LDS_ROCM_PATH (default /usr, where
# Debian's libamdhip64-dev puts include/hip), LDS_CUDA_PATH (default
# /usr/local/cuda), LDS_JOBS (parallel files, default 2). Configurations whose
# real headers are missing are skipped; the fallback ones always run.
# Exit status: 0 all passed, 1 a check failed, 2 bad usage.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -d "$1/include-fallback" ]; then
  echo "usage: $0 <repo-root>" >&2
  exit 2
fi
ROOT=$(cd "$1" && pwd)
CLANG=${LDS_CLANG:-clang-22}
ROCM=${LDS_ROCM_PATH:-/usr}
CUDA=${LDS_CUDA_PATH:-/usr/local/cuda}
JOBS=${LDS_JOBS:-2}
DIR=$ROOT/test/headers
FB_HIP=$ROOT/include-fallback/hip
FB_CUDA=$ROOT/include-fallback/cuda
COMPAT=$ROOT/include-fallback/compat/lds_rocm_compat.h
CUDA_COMPAT=$ROOT/include-fallback/compat/lds_cuda_compat.h
ORACLE=$ROOT/test/oracle/gen_cases.py

command -v "$CLANG" >/dev/null || { echo "no compiler '$CLANG' (set LDS_CLANG)" >&2; exit 2; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
EMPTY=$TMP/empty # a --rocm-path / --cuda-path with nothing in it
mkdir -p "$EMPTY"

# The flag sets lds-rewrite uses (the checks add the target).
#  (1) real ROCm (Debian: /usr/include/hip); the compat prelude supplies what
#      clang 22 dropped (__AMDGCN_WAVEFRONT_SIZE, __llvm_amdgcn_rcp_*f16).
HIP_REAL=(-x hip --rocm-path="$ROCM" -nogpulib --offload-device-only -include "$COMPAT")
#      (the compat prelude makes -D__AMDGCN_WAVEFRONT_SIZE=N optional)
#  (2) fallback HIP: -nogpuinc, our headers, and the clang wrapper clang
#      itself force-includes without -nogpuinc.
HIP_FB_BARE=(-x hip --rocm-path="$EMPTY" -nogpulib -nogpuinc --offload-device-only -isystem "$FB_HIP")
HIP_FB=("${HIP_FB_BARE[@]}" -include __clang_hip_runtime_wrapper.h)
#  (3) real CUDA. With -nocudalib (or a CUDA newer than clang knows) the
#      driver passes no -target-sdk-version and Sema then wants the pre-9.2
#      cudaConfigureCall for <<<>>>, which CUDA >= 9.2 headers no longer
#      declare: name the SDK version. CUDA 13 keeps libcu++ (cuda/std/...,
#      needed by cooperative_groups.h) in include/cccl, which nvcc adds and
#      clang does not.
SDK=(-Xclang -target-sdk-version=12.9)
#      Every CUDA parse force-includes the prelude of host overloads nvcc's
#      headers have and clang's lack (lds_cuda_compat.h).
CUDA_REAL=(-x cuda --cuda-device-only --cuda-path="$CUDA" -nocudalib -Wno-unknown-cuda-version "${SDK[@]}" -include "$CUDA_COMPAT")
if [ -d "$CUDA/include/cccl" ]; then CUDA_REAL+=(-isystem "$CUDA/include/cccl"); fi
#  (4) fallback CUDA: -nocudainc -nocudalib, our headers, and cuda_runtime.h
#      force-included as nvcc and clang's wrapper do.
CUDA_FB_BARE=(-x cuda --cuda-device-only --cuda-path="$EMPTY" -nocudainc -nocudalib -isystem "$FB_CUDA")
CUDA_FB=("${CUDA_FB_BARE[@]}" -include cuda_runtime.h -include "$CUDA_COMPAT")

HIP_LEAK='/include/hip/|/opt/rocm|/amd_detail/'
CUDA_LEAK='/cuda/include|/cuda-[0-9.]+/|/usr/local/cuda|/targets/|/crt/host_defines'

needs_force_include() { grep -q '^// requires: force-include' "$1"; }

# parse LABEL FILE flags...: clang -fsyntax-only; an error fails. With LEAK
# set, also fails when a header matching LEAK outside include-fallback/ was
# read (-H lists every header read).
parse() {
  local label=$1 file=$2
  shift 2
  local log
  log=$(mktemp "$TMP/log.XXXXXX")
  if ! "$CLANG" -fsyntax-only -H "$@" "$file" >"$log" 2>&1 || grep -q 'error:' "$log"; then
    echo "FAIL  $label $(basename "$file")"
    grep -E 'error:' "$log" | head -5 | sed 's/^/      /'
    return 0
  fi
  if [ -n "${LEAK:-}" ]; then
    local leaked
    leaked=$(grep -E '^\.+ ' "$log" | awk '{print $2}' | grep -v "^$ROOT/include-fallback/" | grep -E "$LEAK" | sort -u | head -3 || true)
    if [ -n "$leaked" ]; then
      echo "FAIL  $label $(basename "$file"): real headers leaked in"
      echo "$leaked" | sed 's/^/      /'
      return 0
    fi
  fi
  echo "PASS  $label $(basename "$file")"
}

# sizes ASM: "identifier#n symbol bytes" per kernel (identifier from the
# mangled name; #n counts kernels with the same identifier, in order), so the
# real and fallback headers' kernels pair up even when a parameter type
# mangles differently (HIP_vector_type<float,4> vs float4).
sizes() {
  awk '/^[ \t]+\.amdhsa_kernel /{k=$2}
       /^[ \t]+\.amdhsa_group_segment_fixed_size /{
         id=k
         if (match(k, /^_Z[0-9]+/)) { n=substr(k, 3, RLENGTH-2)+0; id=substr(k, RLENGTH+1, n) }
         c[id]++; print id "#" c[id], k, $2 }' "$1"
}

# check_asm LABEL FILE flags...: fallback HIP -O3 -S. Every
# `// expect-lds: <kernel> <bytes>` and `// expect-asm: <mnemonic>` must
# hold, and the sizes must equal the real headers' when those compiled.
check_asm() {
  local label=$1 file=$2
  shift 2
  local base asm ref msg=""
  base=$(basename "$file")
  asm=$TMP/$base.fb.s
  ref=$TMP/$base.real.s
  if ! "$CLANG" -O3 -S -o "$asm" "$@" "$file" >"$asm.log" 2>&1; then
    echo "FAIL  $label $base: does not compile"
    grep error "$asm.log" | head -5 | sed 's/^/      /'
    return 0
  fi
  sizes "$asm" >"$asm.sizes"
  local kname bytes found
  while read -r _ _ kname bytes _; do
    found=$(awk -v n="$kname" '{ if ($2 == n || $1 == n "#1") print $3 }' "$asm.sizes" | head -1)
    if [ -z "$found" ]; then msg+=" $kname:missing"
    elif [ "$found" != "$bytes" ]; then msg+=" $kname:$found!=$bytes"; fi
  done < <(grep '^// expect-lds: ' "$file")
  local mnem
  while read -r _ _ mnem _; do
    grep -qE "^[[:space:]]+$mnem([[:space:]]|$)" "$asm" || msg+=" no-$mnem"
  done < <(grep '^// expect-asm: ' "$file")
  if [ -s "$ref" ]; then
    local key sym sz mine
    while read -r key sym sz; do
      mine=$(awk -v k="$key" '$1 == k {print $3}' "$asm.sizes")
      if [ -z "$mine" ]; then msg+=" $sym:missing(real:$sz)"
      elif [ "$mine" != "$sz" ]; then msg+=" $sym:$mine!=real:$sz"; fi
    done < <(sizes "$ref")
  fi
  if [ -z "$msg" ]; then
    echo "PASS  $label $base ($(awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $3}' "$asm.sizes"))"
  else
    echo "FAIL  $label $base:$msg"
  fi
}

check_hip_file() {
  local f=$1 base
  base=$(basename "$f")
  if [ -f "$ROCM/include/hip/hip_runtime.h" ]; then
    parse "hip-real/gfx942" "$f" "${HIP_REAL[@]}" --offload-arch=gfx942 -D__AMDGCN_WAVEFRONT_SIZE=64
    "$CLANG" -O3 -S -o "$TMP/$base.real.s" "${HIP_REAL[@]}" --offload-arch=gfx942 "$f" >/dev/null 2>&1 ||
      rm -f "$TMP/$base.real.s"
  else
    echo "SKIP  hip-real $base (no $ROCM/include/hip)"
  fi
  LEAK=$HIP_LEAK parse "hip-fallback/gfx942" "$f" "${HIP_FB[@]}" --offload-arch=gfx942
  LEAK=$HIP_LEAK parse "hip-fallback/gfx1250" "$f" "${HIP_FB[@]}" --offload-arch=gfx1250 -D__AMDGCN_WAVEFRONT_SIZE=32
  if ! needs_force_include "$f"; then
    LEAK=$HIP_LEAK parse "hip-fallback-without-wrapper/gfx942" "$f" "${HIP_FB_BARE[@]}" --offload-arch=gfx942
  fi
  check_asm "hip-fallback/gfx942 -O3 -S" "$f" "${HIP_FB[@]}" --offload-arch=gfx942
}

check_cuda_file() {
  local f=$1
  if [ -f "$CUDA/include/cuda_runtime.h" ]; then
    parse "cuda-real/sm_90" "$f" "${CUDA_REAL[@]}" --cuda-gpu-arch=sm_90
  else
    echo "SKIP  cuda-real $(basename "$f") (no $CUDA/include/cuda_runtime.h)"
  fi
  LEAK=$CUDA_LEAK parse "cuda-fallback/sm_90" "$f" "${CUDA_FB[@]}" "${SDK[@]}" --cuda-gpu-arch=sm_90
  LEAK=$CUDA_LEAK parse "cuda-fallback/sm_80" "$f" "${CUDA_FB[@]}" --cuda-gpu-arch=sm_80
  if ! needs_force_include "$f"; then
    LEAK=$CUDA_LEAK parse "cuda-fallback-without-include/sm_90" "$f" "${CUDA_FB_BARE[@]}" --cuda-gpu-arch=sm_90
  fi
}

shopt -s nullglob
FILES=("$DIR"/*.hip "$DIR"/*.cu)
# The oracle's 129 kernels (test/oracle), as a larger CUDA input.
(cd "$TMP" && python3 "$ORACLE" >/dev/null) || { echo "FAIL  $ORACLE did not write nv_bank_truth.cu" >&2; exit 1; }
FILES+=("$TMP/nv_bank_truth.cu")
[ ${#FILES[@]} -gt 0 ] || { echo "no sample kernels in $DIR" >&2; exit 2; }

# One job per file, JOBS at a time; reports printed in file order.
i=0
for f in "${FILES[@]}"; do
  i=$((i + 1))
  case $f in
    *.hip) check_hip_file "$f" >"$TMP/report.$(printf %03d $i)" 2>&1 & ;;
    *) check_cuda_file "$f" >"$TMP/report.$(printf %03d $i)" 2>&1 & ;;
  esac
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
done
wait

cat "$TMP"/report.*
PASS=$(cat "$TMP"/report.* | grep -c '^PASS' || true)
FAIL=$(cat "$TMP"/report.* | grep -c '^FAIL' || true)
SKIP=$(cat "$TMP"/report.* | grep -c '^SKIP' || true)
echo "$PASS passed, $FAIL failed, $SKIP skipped"
[ "$FAIL" -eq 0 ] && [ "$PASS" -gt 0 ]
