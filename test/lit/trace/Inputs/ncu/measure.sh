#!/usr/bin/env bash
# How the Nsight Compute source pages in this folder were taken (on the
# H200 the device tool lends, ncu 2025.3, nvcc 13): each program built with
# -lineinfo for sm_90, its first launches profiled with the SourceCounters
# section and the source imported, the page exported as the trace command
# reads it. The test programs pass nullptr for their buffers (they are
# written to be analysed, not run), so each is built from a copy whose
# main() has every nullptr replaced by lds_buf(): a zeroed 64 MiB device
# buffer of whatever pointer type is asked (the lines keep their numbers;
# the file keeps its name). Usage: measure.sh OUTDIR FILE.cu...; then
# OUTDIR/pages.tar holds NAME.src_both.csv and the logs.
set -u
out=$1; shift
cat > "$out/lds_buf.h" <<'H'
#include <cuda_runtime.h>
struct lds_any_buffer {
  template <class T> operator T *() const {
    void *p = nullptr;
    cudaMalloc(&p, 64 << 20);
    cudaMemset(p, 0, 64 << 20);
    return static_cast<T *>(p);
  }
};
inline lds_any_buffer lds_buf() { return {}; }
H
for f in "$@"; do
  n=$(basename "$f" .cu)
  d=$(mktemp -d)
  sed '/int main/,$ s/nullptr/lds_buf()/g' "$f" > "$d/$n.cu"
  if ! nvcc -O3 -lineinfo -arch=sm_90 -include "$out/lds_buf.h" -I"$(dirname "$f")" \
       -o "$d/$n" "$d/$n.cu" > "$out/$n.build.log" 2>&1; then
    echo "$n: nvcc failed"; continue
  fi
  if ! ncu --section SourceCounters --import-source yes --launch-count 4 -f \
       -o "$d/$n" "$d/$n" > "$out/$n.ncu.log" 2>&1; then
    echo "$n: the run failed: $(grep -m1 ERROR "$out/$n.ncu.log")"; continue
  fi
  ncu --import "$d/$n.ncu-rep" --page source --csv --print-source cuda,sass \
      > "$out/$n.src_both.csv" 2> "$out/$n.export.log" || echo "$n: export failed"
  echo "$n: $(wc -l < "$out/$n.src_both.csv") lines"
done
(cd "$out" && tar cf pages.tar ./*.csv ./*.log && rm -f ./*.csv ./*.log)
