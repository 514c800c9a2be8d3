#!/usr/bin/env python3
"""Turn ncu's CSV into truth_h200.tsv: per case, the measured shared wavefronts of
its one LDSM / STSM instruction.

On the H200 (ncu 2025.3) LDSM is counted by smsp__sass_inst_executed_op_ldsm and
its wavefronts by l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld; STSM by
smsp__sass_inst_executed_op_shared_stsm and ..._op_st. (op_shared_ld / _st count
only LDS / STS: they read 0 here.) Every kernel also shows one op_misc wavefront
that is not the measured instruction; it is left out.
usage: parse_ncu.py ncu.csv cases.tsv truth_h200.tsv [sass.txt]"""
import csv, sys, re, collections
ncu, cases_tsv, out = sys.argv[1:4]
sass = sys.argv[4] if len(sys.argv) > 4 else None
lines = [l for l in open(ncu) if l.startswith('"')]
m = collections.defaultdict(dict)
for r in csv.DictReader(lines):
    m[r["Kernel Name"].split("(")[0]][r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
ops = collections.defaultdict(list)  # kernel -> shared SASS ops
if sass:
    cur = None
    for l in open(sass):
        mm = re.search(r"Function : _Z\d+([A-Za-z_0-9]+?)Pj", l)
        if mm: cur = mm.group(1); continue
        op = re.search(r"\b(LDSM|STSM|LDS|STS)(\.[A-Z0-9.]+)?\b", l)
        if cur and op: ops[cur].append(op.group(0))
INST = {"ld": "smsp__sass_inst_executed_op_ldsm.sum", "st": "smsp__sass_inst_executed_op_shared_stsm.sum"}
cases = list(csv.DictReader(open(cases_tsv), delimiter="\t"))
with open(out, "w") as f:
    f.write("name\top\tnum\ttrans\taddr\tsass_ops\tinst\twavefronts\twavefronts_per_inst\tncu_bank_conflicts\n")
    for c in cases:
        k = m.get(c["name"], {})
        op = c["op"]
        inst = k.get(INST[op], 0)
        wf = k.get(f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum", 0)
        bc = k.get(f"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{op}.sum", 0)
        f.write("\t".join([c["name"], op, c["num"], c["trans"], c["addr"], " ".join(ops.get(c["name"], [])) or "-",
                           f"{inst:g}", f"{wf:g}", f"{wf/inst if inst else 0:.3f}", f"{bc:g}"]) + "\n")
