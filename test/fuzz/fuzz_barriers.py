#!/usr/bin/env python3
"""Fuzz test of the barrier rewrites (issue 11): generated kernels, each fixed
by lds-rewrite, each original/rewritten pair run on the CPU and compared bit
for bit.

Generated: tiled loops that refill LDS from global memory
(lds-exposed-write-latency: random tile shapes, trip counts, counter forms,
body locals, one or two tiles, either placement) and block reductions
(lds-reduction-tail: sequential, interleaved and strided forms, block sizes
64-1024, float, double and int). Each is fixed with `lds-rewrite --fix`
(which must write exactly one fix), then the original and the fixed file are
compiled as C++ against simt/hip/hip_runtime.h, where every GPU thread of a
block is a std::thread, __syncthreads() a std::barrier and __shfl_down an
exchange between the lanes of a wave, and run at wave sizes 32 and 64 on the
same random inputs; their outputs must be the same bytes.

    fuzz_barriers.py --tool build/tool/lds-rewrite --count 8 --seed 1 --work DIR

CI runs a few (CTest fuzz-barriers); bench/fuzz_barriers.sh runs hundreds.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def tiled_kernel(r):
    tx = r.choice([8, 16, 32])
    ty = r.choice([1, 2, 4, 8])
    while tx * ty > 256:
        ty //= 2
    tiles = r.choice([1, 2, 3, 5])
    two = r.random() < 0.6
    form = r.choice(["step", "count", "pair"])
    local = r.random() < 0.5
    row = f"(blockIdx.x * {ty} + ty)"
    n = tiles * tx
    if form == "count":
        head = "for (int t = 0; t < tiles; ++t) {"
        col = f"t * {tx} + tx"
        bcol = f"t * {tx}"
    elif form == "step":
        head = f"for (int t = 0; t < tiles * {tx}; t += {tx}) {{"
        col = "t + tx"
        bcol = "t"
    else:
        head = f"for (int a = 0, b = 7; a < tiles * {tx}; a += {tx}, b += 3) {{"
        col = "a + tx"
        bcol = "(b % 5)"
    lines = [head]
    index_a = f"{row} * {n} + {col}"
    if local:
        lines.append(f"    const int at = {index_a};")
        index_a = "at"
    lines.append(f"    As[ty][tx] = A[{index_a}];")
    if two:
        lines.append(f"    Bs[ty][tx] = B[({bcol} + ty) * {tx} + tx];")
    lines.append("    __syncthreads();")
    other = f"Bs[ty][(tx + k) % {tx}]" if two else "1.5f"
    lines.append(f"    for (int k = 0; k < {tx}; ++k)")
    lines.append(f"      acc += As[ty][(tx + k) % {tx}] * {other};")
    lines.append("    __syncthreads();")
    lines.append("  }")
    src = f"""#include <hip/hip_runtime.h>

__global__ void __launch_bounds__({tx * ty}) k(const float *A, const float *B, float *C, int tiles) {{
  __shared__ float As[{ty}][{tx}];
{"  __shared__ float Bs[%d][%d];" % (ty, tx) if two else ""}
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0;
  {chr(10).join("  " + l if i else l for i, l in enumerate(lines))}
  C[{row} * {tx} + tx] = acc;
}}
"""
    grid = r.choice([1, 2])
    spec = {
        "kind": "tiled", "grid": (grid, 1), "block": (tx, ty),
        "arrays": {"A": ("float", grid * ty * n), "B": ("float", (n + ty + 8) * tx),
                   "C": ("float", grid * ty * tx)},
        "call": "k(A, B, C, %d)" % tiles, "outputs": ["C"],
        "placement": r.choice(["before-wait", "after-wait"]),
    }
    return src, spec


def reduction_kernel(r):
    n = r.choice([64, 128, 256, 512, 1024])
    t = r.choice(["float", "double", "int"])
    form = r.choice(["sequential", "interleaved", "strided"])
    bound = r.choice(["blockDim.x", str(n)])
    if form == "sequential":
        start = "blockDim.x / 2" if bound == "blockDim.x" else str(n // 2)
        step = r.choice(["s >>= 1", "s /= 2"])
        loop = f"""for (unsigned int s = {start}; s > 0; {step}) {{
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }}"""
    elif form == "interleaved":
        step = r.choice(["s *= 2", "s <<= 1"])
        loop = f"""for (unsigned int s = 1; s < {bound}; {step}) {{
    if (tid % (2 * s) == 0)
      sdata[tid] = sdata[tid] + sdata[tid + s];
    __syncthreads();
  }}"""
    else:
        loop = f"""for (unsigned int s = 1; s < {bound}; s *= 2) {{
    unsigned int index = 2 * s * tid;
    if (index < {bound})
      sdata[index] += sdata[index + s];
    __syncthreads();
  }}"""
    src = f"""#include <hip/hip_runtime.h>

__global__ void __launch_bounds__({n}) k(const {t} *in, {t} *out) {{
  __shared__ {t} sdata[{n}];
  unsigned int tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * {n} + tid];
  __syncthreads();
  {loop}
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}}
"""
    grid = r.choice([1, 2, 3])
    spec = {"kind": "reduction", "grid": (grid, 1), "block": (n, 1),
            "arrays": {"in": (t, grid * n), "out": (t, grid)},
            "call": "k(in, out)", "outputs": ["out"], "placement": "auto"}
    return src, spec


def harness(spec, seed):
    decl, fill, run, cmp = [], [], [], []
    for name, (t, count) in spec["arrays"].items():
        decl.append(f"  std::vector<{t}> {name}_o({count}), {name}_f({count});")
        fill.append(f"  for (auto &v : {name}_o) v = value<{t}>(rng);")
        fill.append(f"  {name}_f = {name}_o;")
    gx, gy = spec["grid"]
    bx, by = spec["block"]
    def call(ns, suffix):
        c = spec["call"]
        for name in spec["arrays"]:
            c = c.replace(f"{name},", f"{name}_{suffix}.data(),").replace(f"{name})", f"{name}_{suffix}.data())")
        return f"  simt::launch(dim3({gx}, {gy}), dim3({bx}, {by}), [&] {{ {ns}::{c}; }});"
    for name in spec["outputs"]:
        cmp.append(f"  if (std::memcmp({name}_o.data(), {name}_f.data(), {name}_o.size() * sizeof({name}_o[0]))) "
                   f"{{ std::printf(\"DIFFER in {name}\\n\"); return 1; }}")
    return f"""#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>
#include <random>
namespace orig {{
#include "orig.hip"
}}
namespace fixed {{
#include "fixed.hip"
}}
template <class T> T value(std::mt19937 &r) {{
  if constexpr (std::is_integral_v<T>) return T(r() % 2001) - 1000;
  else {{ std::uniform_real_distribution<double> d(-1, 1); return T(d(r) * std::pow(10.0, int(r() % 7) - 3)); }}
}}
int main() {{
  std::mt19937 rng({seed});
{chr(10).join(decl)}
{chr(10).join(fill)}
{call("orig", "o")}
{call("fixed", "f")}
{chr(10).join(cmp)}
  std::printf("same\\n");
  return 0;
}}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--count", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", required=True)
    ap.add_argument("--cxx", default=shutil.which("clang++-22") or shutil.which("g++") or "c++")
    a = ap.parse_args()
    r = random.Random(a.seed)
    os.makedirs(a.work, exist_ok=True)
    failures = 0
    for i in range(a.count):
        src, spec = (tiled_kernel if i % 2 == 0 else reduction_kernel)(r)
        d = os.path.join(a.work, f"case{i:03d}")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "orig.hip"), "w") as f:
            f.write(src)
        shutil.copy(os.path.join(d, "orig.hip"), os.path.join(d, "fixed.hip"))
        check = "lds-exposed-write-latency" if spec["kind"] == "tiled" else "lds-reduction-tail"
        fix = subprocess.run([a.tool, "--fix", f"--checks=-*,{check}",
                              f"--prefetch-placement={spec['placement']}", os.path.join(d, "fixed.hip")],
                             capture_output=True, text=True)
        log = fix.stdout + fix.stderr
        if fix.returncode != 0 or "wrote 1 fix" not in log:
            print(f"FAIL {d}: lds-rewrite --fix exited {fix.returncode} without one fix:\n{log}")
            failures += 1
            continue
        with open(os.path.join(d, "harness.cpp"), "w") as f:
            f.write(harness(spec, a.seed * 1000 + i))
        for wave in (32, 64):
            exe = os.path.join(d, f"run{wave}")
            cc = subprocess.run([a.cxx, "-std=c++20", "-O1", "-pthread", "-w", f"-DSIMT_WAVE={wave}",
                                 "-I", os.path.join(HERE, "simt"), "-I", d, "-o", exe,
                                 os.path.join(d, "harness.cpp")], capture_output=True, text=True)
            if cc.returncode != 0:
                print(f"FAIL {d}: does not compile on the CPU (wave {wave}):\n{cc.stderr[-3000:]}")
                failures += 1
                break
            out = subprocess.run([exe], capture_output=True, text=True, timeout=300)
            if out.returncode != 0 or out.stdout.strip() != "same":
                print(f"FAIL {d}: wave {wave}: {out.stdout.strip()} {out.stderr.strip()}")
                failures += 1
                break
        else:
            print(f"ok   {d}: {spec['kind']} {spec['block'][0]}x{spec['block'][1]}, {spec['placement']}")
    print(f"{a.count - failures} of {a.count} pairs computed the same bits")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
