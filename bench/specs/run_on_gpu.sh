#!/usr/bin/env bash
# Runs harnesses that `lds-rewrite bench SPEC --build-only --out DIR` wrote, on
# a machine with an NVIDIA GPU and nvcc but without lds-rewrite (the device
# machine of BENCHMARKS.md): builds each DIR with its build.sh (in parallel),
# then runs each harness twice: with ncu (when found) and again without, to
# see the run-to-run spread. Results: <name>.txt and <name>.json per harness,
# packed into $OUT/results.tar.gz (OUT defaults to ./bench-results), and the
# tables in $OUT/summary.txt.
#   bench/specs/run_on_gpu.sh DIR...
set -u
FINAL=${OUT:-bench-results}
mkdir -p "$FINAL"
OUT=$(mktemp -d)
RUNS=${RUNS:-30}
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: ${NCU:-not found}"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv > "$OUT/gpu.txt" 2>&1
cat "$OUT/gpu.txt"
for d in "$@"; do
  ( sh "$d/build.sh" > "$d/build.log" 2>&1 || { echo "BUILD FAILED: $d"; tail -20 "$d/build.log"; } ) &
done
wait
for d in "$@"; do
  n=$(basename "$d")
  [ -x "$d/lds_bench" ] || continue
  echo "=== $n"
  "$d/lds_bench" --runs "$RUNS" --ncu "${NCU:-off}" --json "$OUT/$n.json" --ncu-csv "$OUT/$n.ncu.csv" > "$OUT/$n.txt" 2>&1
  echo "exit $?" >> "$OUT/$n.txt"
  "$d/lds_bench" --runs "$RUNS" --ncu off --json "$OUT/$n.again.json" > "$OUT/$n.again.txt" 2>&1
  echo "exit $?" >> "$OUT/$n.again.txt"
  cp "$d/build.log" "$OUT/$n.build.log"
  # The shared-memory instructions of each variant's kernel, as compiled.
  command -v cuobjdump > /dev/null && cuobjdump -sass "$d/lds_bench" | grep -E "Function :|LDS|STS" > "$OUT/$n.sass.txt"
  { grep -v '^    ' "$OUT/$n.txt"; echo "--- again (no ncu):"; grep '^|' "$OUT/$n.again.txt"; } | tee -a "$OUT/summary.txt"
done
cp "$OUT/summary.txt" "$FINAL/summary.txt"
tar czf "$FINAL/results.tar.gz" -C "$OUT" .
