#!/usr/bin/env python3
"""Times `lds-rewrite` against `clang -fsyntax-only` of the same device-side
parse (the command `lds-rewrite --print-parse-command` prints), on every
example, for one target and for four. The analysis should cost little next
to the parse: the targets are at most 1.25x (one target) and 1.5x (four).

Usage: bench/parse_overhead.py [--tool build/bin/lds-rewrite] [--runs 7] [files...]
Prints a table; the medians of --runs runs each. A benchmark, not a test:
it asserts nothing.
"""
import argparse, glob, os, shlex, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_once(cmd):
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def paired_medians(a, b, runs):
    """Alternates the two commands so that a change in machine load hits
    both alike; returns their median times."""
    ta, tb = [], []
    for _ in range(runs):
        ta.append(run_once(a))
        tb.append(run_once(b))
    return statistics.median(ta), statistics.median(tb)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "tool", "lds-rewrite"))
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(ROOT, "examples", "*.hip")) +
                              glob.glob(os.path.join(ROOT, "examples", "*.cu")))
    configs = [("1 target", ["--target=gfx942"], ["--target=sm_90"]),
               ("4 targets", ["--target=gfx942,gfx950,gfx1250,sm_90"],
                ["--target=sm_90,sm_80,gfx942,gfx950"])]
    print(f"{'file':34} {'targets':10} {'clang -fsyntax-only':>20} {'lds-rewrite':>12} {'ratio':>6}")
    ratios = {name: [] for name, _, _ in configs}
    for f in files:
        cuda = f.endswith(".cu")
        for name, hip_t, cu_t in configs:
            targets = cu_t if cuda else hip_t
            parse = subprocess.run([a.tool, "--print-parse-command", *targets, f],
                                   capture_output=True, text=True, check=True).stdout
            clang_cmd = shlex.split(parse.strip())
            base, tool = paired_medians(clang_cmd, [a.tool, *targets, f], a.runs)
            ratios[name].append(tool / base)
            print(f"{os.path.relpath(f, ROOT):34} {name:10} {base*1000:17.0f} ms {tool*1000:9.0f} ms {tool/base:6.2f}")
    for name, rs in ratios.items():
        if rs:
            print(f"geometric-mean ratio, {name}: {statistics.geometric_mean(rs):.2f} (max {max(rs):.2f})")


if __name__ == "__main__":
    sys.exit(main())
