#!/usr/bin/env python3
"""Fuzz test of the barrier rewrites (issue 11): generated kernels, each fixed
by lds-rewrite, each original/rewritten pair run on the CPU and compared bit
for bit.

Generated: tiled loops that refill LDS from global memory
(lds-exposed-write-latency: random tile shapes, trip counts, counter forms,
body locals, one or two tiles, either placement) and block reductions
(lds-reduction-tail: sequential, interleaved and strided forms, block sizes
64-1024, float, double and int) and barriers between an LDS write and a read
(lds-redundant-barrier: the thread's own element, or another's, straight
or in loops). Each is fixed with `lds-rewrite --fix`
(which must write exactly one fix), then the original and the fixed file are
compiled together as C++ against simt/hip/hip_runtime.h, a deterministic
simulator of one block: its GPU threads are coroutines on one OS thread that
run in lockstep phases between barriers, one thread at a time in an order
picked at run time, __shfl_* an exchange between the lanes of a wave, and
divergent barriers or shuffles a loud error.

The thread order is the race detector. The harness runs the ORIGINAL kernel
in every order (ascending thread id, descending, and RANDOM_ORDERS seeded
random permutations drawn anew each phase), at wave sizes 32 and 64, and
requires the same bytes from all of them: if not, the generated kernel is
itself racy, a generator bug. Then it runs the FIXED kernel in every order
and requires each to give the original's bytes. A rewrite that drops a
needed barrier or moves a load above the store it must follow has a thread
read, in one phase, a value another thread writes in that phase: ascending
and descending then give different bytes every time, not only when a
concurrent run happens to interleave badly. Before the cases, a self-test
(simt/self_test.cpp; alone with --self-test) checks the detector itself: a
kernel that reads its neighbour's LDS cell without a barrier, a block sum
and a hoisted load without theirs, and a read of unwritten LDS must differ
between orders, the twins with the barrier must give the serial answer in
every order, the shuffles must follow HIP/CUDA, and divergent kernels must
stop the simulator.

    fuzz_barriers.py --tool build/tool/lds-rewrite --count 8 --seed 1 --work DIR
    fuzz_barriers.py --self-test --work DIR

CI runs a few (CTest fuzz-barriers); bench/fuzz_barriers.sh runs hundreds.
"""
import argparse
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
WAVES = (32, 64)  # simt::wave: every kernel runs at both


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


def readback_kernel(r):
    """A barrier between an LDS write and a read (lds-redundant-barrier): the
    read is sometimes the thread's own element (the barrier may go), else
    another thread's (it must stay). Always race-free as written: a loop
    with one barrier either gives each iteration its own row or reads only
    the thread's own element."""
    n = r.choice([128, 256])
    funcs = ["t", "(t ^ 5u)", f"({n - 1}u - t)", f"((t + 3u) % {n}u)"]
    loop = r.random() < 0.6
    two = loop and r.random() < 0.3
    if loop:
        funcs.append(f"((t + k) % {n}u)")
    w = r.choice(funcs)
    same = r.random() < 0.6
    rd = w if same else r.choice([f for f in funcs if f != w])
    trips = r.choice([2, 3, 4])
    if not loop:
        row, rows = "0", 1
    elif two or r.random() < 0.5:
        row, rows = "k", trips
    elif same and "k" not in w:
        row, rows = "0", 1
    else:
        row, rows = "k", trips
    body = [f"s[{row}][{w}] = in[blockIdx.x * {n * trips}u + k * {n}u + t] * 1.5f;",
            "__syncthreads();",
            f"acc += s[{row}][{rd}];"]
    if two:
        body.append("__syncthreads();")
    if loop:
        code = f"for (unsigned k = 0; k < {trips}u; ++k) {{\n" + "".join(f"    {l}\n" for l in body) + "  }"
    else:
        code = "const unsigned k = 0;\n" + "".join(f"  {l}\n" for l in body)
    src = f"""#include <hip/hip_runtime.h>

__global__ void __launch_bounds__({n}) k(const float *__restrict__ in, float *out) {{
  __shared__ float s[{rows}][{n}];
  const unsigned t = threadIdx.x;
  float acc = 0;
  {code}
  out[blockIdx.x * {n}u + t] = acc;
}}
"""
    grid = r.choice([1, 2])
    # Certainly removable: every thread reads back its own element and no
    # other barrier is there.
    spec = {"kind": "readback", "grid": (grid, 1), "block": (n, 1),
            "arrays": {"in": ("float", grid * n * trips), "out": ("float", grid * n)},
            "call": "k(in, out)", "outputs": ["out"], "placement": "auto",
            "expect_fix": same and not two}
    return src, spec


# The thread orders every kernel runs in (simt::Order in hip_runtime.h):
# ascending, descending, and RANDOM_ORDERS seeded random permutations.
def orders(seed, randoms):
    out = [("ascending", "Ascending", 0), ("descending", "Descending", 0)]
    out += [(f"random-{j + 1}", "Random", seed * 7919 + j + 1) for j in range(randoms)]
    return out


def harness(spec, seed, randoms):
    decl, reset, grab = [], [], []
    for name, (t, count) in spec["arrays"].items():
        decl.append(f"  std::vector<{t}> {name}_0({count}), {name}_w;")
        decl.append(f"  for (auto &v : {name}_0) v = value<{t}>(rng);")
        reset.append(f"    {name}_w = {name}_0;")
    for name in spec["outputs"]:
        grab.append(f"    Out.push_back(bytes({name}_w));")
    gx, gy = spec["grid"]
    bx, by = spec["block"]
    c = spec["call"]
    for name in spec["arrays"]:
        c = c.replace(f"{name},", f"{name}_w.data(),").replace(f"{name})", f"{name}_w.data())")
    runs = ",\n".join(f'    {{"{n}", simt::Order::{o}, {sd}ull}}' for n, o, sd in orders(seed, randoms))
    names = ", ".join(f'"{n}"' for n in spec["outputs"])
    waves, wave_words = ", ".join(map(str, WAVES)), " and ".join(map(str, WAVES))
    return f"""#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>
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
template <class T> std::vector<unsigned char> bytes(const std::vector<T> &V) {{
  std::vector<unsigned char> B(V.size() * sizeof(T));
  std::memcpy(B.data(), V.data(), B.size());
  return B;
}}
struct Run {{ const char *Name; simt::Order Order; unsigned long long Seed; }};
const Run Runs[] = {{
{runs}}};
const char *const Outputs[] = {{{names}}};
using Bytes = std::vector<std::vector<unsigned char>>;
// The first output and byte where A and B differ, or false.
bool differ(const Bytes &A, const Bytes &B, const char *What) {{
  for (size_t I = 0; I < A.size(); ++I)
    for (size_t J = 0; J < A[I].size(); ++J)
      if (A[I][J] != B[I][J]) {{
        std::printf("%s: %s differs from byte %zu on\\n", What, Outputs[I], J);
        return true;
      }}
  return false;
}}
int main() {{
  std::mt19937 rng({seed});
{chr(10).join(decl)}
  // Every run starts from the same inputs and the same initial outputs.
  auto run = [&](bool Fixed, const Run &R) {{
{chr(10).join(reset)}
    simt::order = R.Order;
    simt::orderSeed = R.Seed;
    simt::context = Fixed ? "fixed" : "original";
    if (Fixed)
      simt::launch(dim3({gx}, {gy}), dim3({bx}, {by}), [&] {{ fixed::{c}; }});
    else
      simt::launch(dim3({gx}, {gy}), dim3({bx}, {by}), [&] {{ orig::{c}; }});
    Bytes Out;
{chr(10).join(grab)}
    return Out;
  }};
  char What[400];
  for (int Wave : {{{waves}}}) {{
    simt::wave = Wave;
    const Bytes Ref = run(false, Runs[0]);
    for (const Run &R : Runs) {{
      if (&R == Runs) continue;
      std::snprintf(What, sizeof What, "RACY original at wave %d: %s vs %s", Wave, R.Name, Runs[0].Name);
      if (differ(Ref, run(false, R), What)) return 2;
    }}
    // The fixed kernel in every order; on a difference, which orders and
    // whether its own bytes depend on the order (a race the rewrite made).
    std::vector<Bytes> Fixed;
    std::string Bad;
    for (const Run &R : Runs) {{
      Fixed.push_back(run(true, R));
      if (Fixed.back() != Ref) Bad += std::string(Bad.empty() ? "" : ", ") + R.Name;
    }}
    if (!Bad.empty()) {{
      bool Racy = false;
      for (const Bytes &F : Fixed) Racy |= F != Fixed[0];
      for (size_t I = 0; I < Fixed.size(); ++I)
        if (Fixed[I] != Ref) {{
          std::snprintf(What, sizeof What, "DIFFER fixed at wave %d vs original in order(s) %s (%s), first in %s",
                        Wave, Bad.c_str(),
                        Racy ? "the fixed kernel's bytes depend on the order: a race"
                             : "the fixed kernel gives the same bytes in every order",
                        Runs[I].Name);
          differ(Ref, Fixed[I], What);
          break;
        }}
      return 1;
    }}
  }}
  std::printf("same at waves {wave_words} in %zu orders (in all %llu blocks run, %llu phases, %llu wave shuffles)\\n",
              sizeof Runs / sizeof Runs[0], (unsigned long long)simt::stats.Blocks,
              (unsigned long long)simt::stats.Phases, (unsigned long long)simt::stats.Shuffles);
  return 0;
}}
"""


def compile_cpu(a, src, exe, include):
    return subprocess.run([a.cxx, "-std=c++20", "-O1", "-w",
                           "-I", os.path.join(HERE, "simt")] + (["-I", include] if include else []) +
                          ["-o", exe, src], capture_output=True, text=True)


# The simulator's errors the self-test provokes: case -> what the message says.
SELF_TEST_ERRORS = {
    "early-return": "barrier divergence",
    "two-barriers": "barrier divergence",
    "divergent-shuffle": "shuffle divergence",
    "mixed-shuffles": "disagree at a shuffle",
    "bad-width": "not a power of two",
}


def self_test(a):
    """Checks the race detector itself (simt/self_test.cpp): the racy kernels
    must give other bytes in some order, their synced twins the serial
    answer in every order, the shuffles the HIP/CUDA rules, and divergent
    kernels must stop the simulator. Returns the number of failures."""
    d = os.path.join(a.work, "self-test")
    os.makedirs(d, exist_ok=True)
    exe = os.path.join(d, "self_test")
    cc = compile_cpu(a, os.path.join(HERE, "simt", "self_test.cpp"), exe, None)
    if cc.returncode != 0:
        print(f"FAIL self-test: does not compile:\n{cc.stderr[-3000:]}")
        return 1
    failures = []

    def run(*args):
        return subprocess.run([exe] + [str(x) for x in args], capture_output=True, text=True, timeout=120)

    for wave in WAVES:
        out = run(wave, "races")
        if out.returncode != 0:
            failures.append(f"wave {wave}: races exited {out.returncode}: {out.stderr.strip()}")
        seen = {}
        for line in out.stdout.splitlines():
            kernel, order, digest = line.split()[:3]
            seen.setdefault(kernel, {})[order] = digest
        for kernel, by in seen.items():
            got = {o: h for o, h in by.items() if o != "expected"}
            if wave == WAVES[0]:
                print(f"     self-test {kernel}: " + ", ".join(f"{o} {h[:8]}" for o, h in by.items()))
            if kernel.endswith(("-racy", "-varies")):
                if by.get("ascending") == by.get("descending"):
                    failures.append(f"wave {wave}: {kernel} gives the same bytes ascending and descending: "
                                    "the simulator does not see the race")
            elif set(got.values()) != {by["expected"]}:
                failures.append(f"wave {wave}: {kernel} does not give the serial answer in every order: {by}")
        if len(seen) != 7:
            failures.append(f"wave {wave}: races printed {len(seen)} kernels, not 7")
        out = run(wave, "shuffles")
        if out.returncode != 0 or out.stdout.strip() != "shuffles ok":
            failures.append(f"wave {wave}: {out.stdout.strip()} {out.stderr.strip()}")
        errors = dict(SELF_TEST_ERRORS)
        # A CUDA mask (0xffffffffu) covers a wave of 32, not one of 64.
        if wave == 64:
            errors["narrow-mask"] = "leaves it out"
        else:
            out = run(wave, "narrow-mask")
            if out.returncode != 0:
                failures.append(f"wave 32: narrow-mask exited {out.returncode}: {out.stderr.strip()}")
        for case, says in errors.items():
            for order in range(4):
                out = run(wave, case, order)
                if out.returncode != 86 or says not in out.stderr:
                    failures.append(f"wave {wave}: {case} in order {order} exited {out.returncode}, not 86 "
                                    f"with '{says}': {out.stdout.strip()} {out.stderr.strip()}")
    for f in failures:
        print(f"FAIL self-test: {f}")
    if not failures:
        print("ok   self-test: the racy kernels differ between orders, the synced ones give the serial answer "
              f"in every order, the shuffles follow HIP/CUDA, {len(SELF_TEST_ERRORS) + 1} kinds of divergence "
              "or misuse stop the simulator")
    return len(failures)


def run_case(a, i, src, spec):
    """Fixes, builds and runs case i; returns (passed, the line to print)."""
    d = os.path.join(a.work, f"case{i:03d}")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "orig.hip"), "w") as f:
        f.write(src)
    shutil.copy(os.path.join(d, "orig.hip"), os.path.join(d, "fixed.hip"))
    check = {"tiled": "lds-exposed-write-latency", "reduction": "lds-reduction-tail",
             "readback": "lds-redundant-barrier"}[spec["kind"]]
    fix = subprocess.run([a.tool, "--fix", f"--checks=-*,{check}",
                          f"--prefetch-placement={spec['placement']}", os.path.join(d, "fixed.hip")],
                         capture_output=True, text=True)
    log = fix.stdout + fix.stderr
    if spec["kind"] == "readback":
        # Removing a barrier that must stay is what the run below catches;
        # here, that the certain ones are found.
        fixes = int(re.search(r"wrote (\d+) fix", log).group(1)) if "wrote" in log else 0
        if fix.returncode != 0 or (spec["expect_fix"] and fixes == 0):
            return False, f"FAIL {d}: lds-rewrite --fix exited {fix.returncode}, {fixes} fixes:\n{log}"
        spec = dict(spec, placement=f"{fixes} barrier{'s' if fixes != 1 else ''} removed")
    elif fix.returncode != 0 or "wrote 1 fix" not in log:
        return False, f"FAIL {d}: lds-rewrite --fix exited {fix.returncode} without one fix:\n{log}"
    with open(os.path.join(d, "harness.cpp"), "w") as f:
        f.write(harness(spec, a.seed * 1000 + i, a.random_orders))
    exe = os.path.join(d, "run")
    cc = compile_cpu(a, os.path.join(d, "harness.cpp"), exe, d)
    if cc.returncode != 0:
        return False, f"FAIL {d}: does not compile on the CPU:\n{cc.stderr[-3000:]}"
    try:
        out = subprocess.run([exe], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return False, f"FAIL {d}: still running after 300 s"
    said = f"{out.stdout.strip()} {out.stderr.strip()}".strip()
    if out.returncode == 0 and out.stdout.startswith("same"):
        return True, f"ok   {d}: {spec['kind']} {spec['block'][0]}x{spec['block'][1]}, {spec['placement']}: {said}"
    if out.returncode == 2:
        return False, (f"FAIL {d}: the generated kernel itself depends on the thread order "
                       f"(a generator bug, not the rewrite's): {said}")
    if out.returncode == 86:
        return False, f"FAIL {d}: the simulator stopped the kernel: {said}"
    return False, f"FAIL {d}: exited {out.returncode}: {said}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool")
    ap.add_argument("--count", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", required=True)
    ap.add_argument("--cxx", default=shutil.which("clang++-22") or shutil.which("g++") or "c++")
    ap.add_argument("--random-orders", type=int, default=2,
                    help="seeded random thread orders per kernel, besides ascending and descending")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="cases at once (the same cases whatever the number)")
    ap.add_argument("--self-test", action="store_true", help="only the simulator's self-test")
    ap.add_argument("--no-self-test", action="store_true", help="only the fuzz cases")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    if not a.no_self_test and self_test(a):
        return 1
    if a.self_test:
        return 0
    if not a.tool:
        ap.error("--tool is required (unless --self-test)")
    # All cases drawn first, in order, so --jobs does not change them.
    r = random.Random(a.seed)
    kinds = [tiled_kernel, reduction_kernel, readback_kernel]
    cases = [kinds[i % 3](r) for i in range(a.count)]
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        for passed, line in pool.map(lambda c: run_case(a, c[0], *c[1]), enumerate(cases)):
            print(line, flush=True)
            failures += not passed
    print(f"{a.count - failures} of {a.count} pairs computed the same bits in every thread order")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
