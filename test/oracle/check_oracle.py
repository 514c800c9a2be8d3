#!/usr/bin/env python3
"""Check lds-rewrite's sm_90 `passes` against the H200 measurements.

    check_oracle.py --tool PATH --oracle-dir DIR --workdir DIR

Copies DIR/gen_cases.py into the work directory and runs it there (it writes
nv_bank_truth.cu: 129 one-access kernels), runs
`TOOL --target=sm_90 --format=json nv_bank_truth.cu` (exit status 0 or 1; 2 or
anything else is a failure), and for every row of DIR/truth_h200.tsv finds the
measured access of that kernel in the JSON report: for `ld` rows the load on
the line `T v = s[...]` (right after `__syncthreads();`), for `st` rows the
store on the line `if (pred) s[...] = mk<T>(...)`. Its sm_90 `passes` must
equal `wavefronts_per_inst` (at the three decimals the TSV records).

Prints one line per mismatch, `oracle: N/R rows match`, and `N passed, M
failed`; exits 1 when any row mismatches or is missing, or the truth file has
fewer than 129 rows. Python standard library only.
"""
import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys

EXPECTED_ROWS = 129
GENERATED = "nv_bank_truth.cu"
TOLERANCE = 0.0005  # the TSV has three decimals


def die(msg):
    print(f"check_oracle: {msg}", file=sys.stderr)
    print("0 passed, 1 failed")
    sys.exit(1)


def read_truth(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    need = {"name", "op", "wavefronts_per_inst"}
    if rows and not need <= set(rows[0].keys()):
        die(f"{path}: missing columns {sorted(need - set(rows[0].keys()))}")
    return rows


def measured_lines(cu_path):
    """kernel name -> {'ld': line, 'st': line} (1-based) of its measured access."""
    kernel_re = re.compile(r"^\s*__global__\s+void\s+([A-Za-z_]\w*)\s*\(")
    load_re = re.compile(r"\bv\s*=\s*s\s*\[")
    store_re = re.compile(r"^\s*if\s*\(.*\)\s*s\s*\[.*\]\s*=\s*mk\s*<")
    out = {}
    current = None
    after_sync = False
    with open(cu_path) as f:
        for lineno, text in enumerate(f, 1):
            m = kernel_re.match(text)
            if m:
                current = m.group(1)
                out[current] = {}
                after_sync = False
                continue
            if current is None:
                continue
            if text.startswith("}"):
                current = None
                continue
            if "__syncthreads();" in text:
                after_sync = True
                continue
            if after_sync and "ld" not in out[current] and load_re.search(text):
                out[current]["ld"] = lineno
            if not after_sync and "st" not in out[current] and store_re.search(text):
                out[current]["st"] = lineno
    return out


def parse_report(text):
    try:
        return json.loads(text)
    except ValueError:
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end <= start:
            raise
        return json.loads(text[start:end + 1])


def access_kernel(acc, arrays):
    if isinstance(acc.get("kernel"), str):
        return acc["kernel"]
    arr = acc.get("array")
    if isinstance(arr, str):
        if arr in arrays and isinstance(arrays[arr].get("kernel"), str):
            return arrays[arr]["kernel"]
        if "/" in arr:
            return arr.split("/", 1)[0]
    return None


def array_name(acc, arrays):
    arr = acc.get("array")
    if not isinstance(arr, str):
        return None
    if arr in arrays and isinstance(arrays[arr].get("name"), str):
        return arrays[arr]["name"]
    return arr.rsplit("/", 1)[-1]


def fmt(x):
    return f"{x:g}" if isinstance(x, (int, float)) else str(x)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", required=True, help="the lds-rewrite executable")
    ap.add_argument("--oracle-dir", required=True, help="test/oracle (gen_cases.py, truth_h200.tsv)")
    ap.add_argument("--workdir", required=True, help="scratch directory (created)")
    ap.add_argument("--timeout", type=float, default=900, help="seconds the tool may run")
    args = ap.parse_args()

    oracle = os.path.abspath(args.oracle_dir)
    work = os.path.abspath(args.workdir)
    tool = os.path.abspath(args.tool) if os.sep in args.tool else args.tool
    gen = os.path.join(oracle, "gen_cases.py")
    truth_path = os.path.join(oracle, "truth_h200.tsv")
    for p in (gen, truth_path):
        if not os.path.isfile(p):
            die(f"missing {p}")

    truth = read_truth(truth_path)
    if len(truth) < EXPECTED_ROWS:
        die(f"{truth_path} has {len(truth)} rows, expected at least {EXPECTED_ROWS}")

    os.makedirs(work, exist_ok=True)
    shutil.copy(gen, os.path.join(work, "gen_cases.py"))
    r = subprocess.run([sys.executable, "gen_cases.py"], cwd=work,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    cu = os.path.join(work, GENERATED)
    if r.returncode != 0 or not os.path.isfile(cu):
        die(f"gen_cases.py failed ({r.returncode}): {r.stderr.strip()}")
    lines = measured_lines(cu)

    cmd = [tool, "--target=sm_90", "--format=json", GENERATED]
    try:
        r = subprocess.run(cmd, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=args.timeout)
    except OSError as e:
        die(f"cannot run {tool}: {e}")
    except subprocess.TimeoutExpired:
        die(f"{' '.join(cmd)} ran past {args.timeout:g} s")
    with open(os.path.join(work, "report.json"), "w") as f:
        f.write(r.stdout)
    if r.returncode not in (0, 1):
        sys.stderr.write(r.stderr[-4000:])
        die(f"{' '.join(cmd)} exited {r.returncode} (0 or 1 expected)")
    try:
        report = parse_report(r.stdout)
    except ValueError as e:
        sys.stderr.write(r.stderr[-4000:])
        die(f"the tool's output is not JSON ({e}); saved in {work}/report.json")
    if not isinstance(report, dict) or not isinstance(report.get("accesses"), list):
        die("the JSON report has no 'accesses' list")

    arrays = {a["id"]: a for a in report.get("arrays", []) if isinstance(a, dict) and "id" in a}
    # (line, kind) -> accesses in the generated file
    by_line = {}
    for acc in report["accesses"]:
        if not isinstance(acc, dict):
            continue
        f = acc.get("file")
        if isinstance(f, str) and os.path.basename(f) != GENERATED:
            continue
        try:
            key = (int(acc.get("line")), acc.get("kind"))
        except (TypeError, ValueError):
            continue
        by_line.setdefault(key, []).append(acc)

    matched = failed = 0
    for row in truth:
        name, op = row["name"], row["op"]
        index = row.get("index", "?")
        try:
            expected = float(row["wavefronts_per_inst"])
        except ValueError:
            print(f"MISMATCH {name} [index {index}]: bad truth value {row['wavefronts_per_inst']!r}")
            failed += 1
            continue
        where = lines.get(name, {}).get(op)
        if where is None:
            print(f"MISSING  {name} [index {index}]: no measured {op} line in {GENERATED}")
            failed += 1
            continue
        kind = "load" if op == "ld" else "store"
        cands = [a for a in by_line.get((where, kind), [])
                 if access_kernel(a, arrays) in (None, name)]
        if len(cands) > 1:
            named_s = [a for a in cands if array_name(a, arrays) == "s"]
            cands = named_s or cands
        results = []
        for a in cands:
            for res in a.get("results", []) or []:
                if isinstance(res, dict) and res.get("target") == "sm_90":
                    results.append(res)
        if not results:
            print(f"MISSING  {name} [index {index}]: expected {fmt(expected)}, got no sm_90 result "
                  f"for the {kind} on line {where}")
            failed += 1
            continue
        gots = []
        for res in results:
            p = res.get("passes")
            gots.append(p if isinstance(p, (int, float)) and not isinstance(p, bool) else None)
        status = results[0].get("status")
        if any(g is None for g in gots):
            print(f"MISMATCH {name} [index {index}]: expected {fmt(expected)}, got status "
                  f"{status!r} with no passes (line {where})")
            failed += 1
        elif len({round(g, 6) for g in gots}) > 1:
            print(f"MISMATCH {name} [index {index}]: expected {fmt(expected)}, got "
                  f"{len(gots)} different values {[fmt(g) for g in gots]} on line {where}")
            failed += 1
        elif abs(gots[0] - expected) > TOLERANCE:
            print(f"MISMATCH {name} [index {index}]: expected {fmt(expected)}, got {fmt(gots[0])} "
                  f"(status {status}, line {where})")
            failed += 1
        else:
            matched += 1

    print(f"oracle: {matched}/{len(truth)} rows match")
    print(f"{matched} passed, {failed} failed")
    return 0 if failed == 0 and matched == len(truth) else 1


if __name__ == "__main__":
    sys.exit(main())
