#!/usr/bin/env bash
# Second call: the SASS the first call could not bring back (8 files at most),
# and a repeat of the counters to show they are stable.
set -u
cd "$(dirname "$0")"
O=${OUT:-/tmp/out}; mkdir -p "$O"
python3 gen_cases.py
nvcc -arch=sm_90 -O3 -o ldsm ldsm_truth.cu && ./ldsm || exit 1
cuobjdump --dump-sass ldsm > sass.txt 2>&1
R=${REPRO:-ldmatrix_asm.cu}; [ -f "$R" ] && nvcc -arch=sm_90 -O3 -o repro "$R" && cuobjdump --dump-sass repro > repro_sass.txt 2>&1
grep -cE "LDSM|STSM" sass.txt
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_ldsm.sum,smsp__sass_inst_executed_op_shared_stsm.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc.sum
ncu --clock-control none --metrics $M --csv ./ldsm > ncu2.csv 2> ncu2.err; echo "ncu rc=$?"
tar czf "$O/sass_and_repeat.tgz" sass.txt repro_sass.txt ncu2.csv ncu2.err
ls -la "$O"
