#!/usr/bin/env bash
# Runs on the H200 device machine: builds the ldmatrix/stmatrix oracle kernels,
# dumps their SASS, lists the shared-memory metrics this ncu knows, and reads
# per kernel the shared wavefront / instruction / bank-conflict counters.
set -u
cd "$(dirname "$0")"
O=${OUT:-/tmp/out}; mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv | tee "$O/gpu.txt"
nvcc --version | tail -2 >> "$O/gpu.txt"; ncu --version | tail -1 >> "$O/gpu.txt"
python3 gen_cases.py && cp cases.tsv "$O/cases.tsv"
nvcc -arch=sm_90 -O3 -o ldsm ldsm_truth.cu && ./ldsm || exit 1
cuobjdump --dump-sass ldsm > "$O/sass.txt" 2>&1
# Which counters see LDSM / STSM: keep every shared, ldsm or stsm metric ncu lists.
ncu --query-metrics > "$O/query_metrics.txt" 2>&1
grep -E '^(l1tex__data_pipe_lsu_wavefronts_mem_shared|l1tex__data_bank_conflicts_pipe_lsu_mem_shared|smsp__sass_inst_executed_op_(shared|ldsm|stsm)|smsp__inst_executed_op_(ldsm|stsm|shared))' \
    "$O/query_metrics.txt" | awk '{print $1".sum"}' | sort -u > "$O/metrics.txt"
M=$(paste -sd, "$O/metrics.txt")
CORE=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
echo "metrics: ${M:-none}"
ncu --clock-control none --metrics "${M:-$CORE}" --csv ./ldsm > "$O/ncu.csv" 2> "$O/ncu.err"
rc=$?; echo "ncu rc=$rc"
if [ $rc -ne 0 ] || [ "$(grep -c '^"' "$O/ncu.csv")" -lt 10 ]; then
  echo "falling back to the core metrics"; tail -5 "$O/ncu.err"
  ncu --clock-control none --metrics "$CORE" --csv ./ldsm > "$O/ncu.csv" 2> "$O/ncu.err"; echo "ncu rc=$?"
fi
wc -l "$O/ncu.csv"; tail -3 "$O/ncu.err"
# The reproduction itself (cuda_hgemm's LDMATRIX_X4 on 64-byte rows).
R=${REPRO:-ldmatrix_asm.cu}; [ -f "$R" ] && nvcc -arch=sm_90 -O3 -o repro "$R" && cuobjdump --dump-sass repro > "$O/repro_sass.txt" 2>&1 &&
  ncu --clock-control none --metrics "${M:-$CORE}" --csv ./repro > "$O/repro_ncu.csv" 2> "$O/repro_ncu.err"
echo "repro rc=$?"
