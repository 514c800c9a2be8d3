#!/usr/bin/env bash
# How the Nsight Compute source pages in this folder were taken (on the
# H200 the device tool lends, ncu 2025.3, nvcc 13): each program built with
# -lineinfo for sm_90, its first launches profiled with the SourceCounters
# section and the source imported, the page exported as the trace command
# reads it. Usage: measure.sh OUTDIR FILE.cu...
set -u
out=$1; shift
for f in "$@"; do
  n=$(basename "$f" .cu)
  d=$(mktemp -d)
  if ! nvcc -O3 -lineinfo -arch=sm_90 -o "$d/$n" "$f" > "$out/$n.build.log" 2>&1; then
    echo "$n: nvcc failed"; continue
  fi
  ncu --section SourceCounters --import-source yes --launch-count 4 -f \
      -o "$d/$n" "$d/$n" > "$out/$n.ncu.log" 2>&1 || { echo "$n: ncu failed"; continue; }
  ncu --import "$d/$n.ncu-rep" --page source --csv --print-source cuda,sass \
      > "$out/$n.src_both.csv" 2> "$out/$n.export.log" || echo "$n: export failed"
  echo "$n: $(wc -l < "$out/$n.src_both.csv") lines"
done
