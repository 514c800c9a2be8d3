#!/usr/bin/env python3
"""Fuzz test of the layout rewrites (issue 16): generated kernels, each fixed
by lds-rewrite with a strategy and a set of targets, each fix held to what a
rewrite of user code must be:

  1. it re-parses and compiles for every requested target (the tool says so;
     the AMD targets are compiled again here with clang, apart from the tool);
  2. the fixed file re-checks as the fix said: no conflict left, or exactly
     the accesses the fix said remain;
  3. it is idempotent: a second --fix changes nothing;
  4. --diff on the original, applied with patch, gives the same file;
  5. it computes the same bits: the original and the fixed kernel run on the
     CPU (simt/hip/hip_runtime.h, one block at a time, its threads in phases
     between barriers, in ascending and in descending order) on the same
     random inputs; a dynamic array's LDS is exactly as large as the launch
     passes, with an inaccessible page right behind it.

A refusal ("not fixing ...", exit 1) must leave the file untouched; a kernel
without conflict must exit 0 untouched. Anything else (exit 2, a crash) is a
failure: every generated kernel is valid, in bounds and race-free (the
original is run in both orders and must agree with itself).

The kernels vary what the front end and the rewrites meet in real code:
element types char, short, int, float, double and float4; 2-D, 1-D
flattened and 3-D tiles and dynamic `extern __shared__` arrays whose launch
passes a literal size or one computed from the tile's constants; blocks from
32x1 to 32x32 and 1-D blocks up to 256; index forms with loops, `?:`,
shifts and masks, an existing XOR swizzle, macros, constexpr constants,
template parameters and float2 vector casts. Each kernel stores a tile to
LDS, synchronises, reads it back in another pattern and writes global memory.

The C++ the simulator compiles is the kernel's own text with two mechanical
substitutions, the same in both kernels (C++ has no equivalent):
`extern __shared__ T s[];` becomes `T *const s = simt::dynamicShared<T>();`
and `k<<<grid, block, bytes>>>(args);` becomes
`simt::launch(grid, block, [&] { k(args); }, bytes);`.

CI runs a few cases (CTest fuzz-layouts); bench/fuzz_layouts.sh runs hundreds.
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
sys.path.insert(0, HERE)
from fuzz_barriers import compile_cpu  # noqa: E402  (the same CPU build)

TYPES = {"char": 1, "short": 2, "int": 4, "float": 4, "double": 8, "float4": 16}
SCALAR = {"char", "short", "int", "float", "double"}
BLOCKS = [(32, 1), (64, 1), (128, 1), (256, 1), (32, 2), (32, 4), (32, 8), (32, 16), (32, 32)]
AMD = ["gfx942", "gfx950", "gfx1250"]
STRATEGIES = ["auto", "pad", "swizzle"]
LAUNCHER = os.path.join(HERE, "..", "lit", "Inputs", "compile_launcher.py")


def log2(n):
    return n.bit_length() - 1


def pow2(n):
    return n & (n - 1) == 0


class Kernel:
    """One generated case: its source and what the harness needs."""

    def __init__(self, r):
        self.t = r.choice(list(TYPES))
        eb = TYPES[self.t]
        self.block = r.choice(BLOCKS)
        bx, by = self.block
        nt = bx * by
        while True:
            self.c = r.choice([8, 16, 24, 32, 33, 48, 64])
            self.r = r.choice([4, 8, 16, 32, 33, 64])
            if self.r * self.c * eb <= 16384:
                break
        self.storage = r.choice(["2d", "1d", "3d", "dyn-literal", "dyn-computed"])
        if self.storage == "3d" and self.r % 2:
            self.storage = "2d"
        self.spelling = r.choice(["literal", "constexpr", "macro", "template"])
        if self.storage.startswith("dyn") and self.spelling == "template":
            self.spelling = "constexpr"
        self.swizzled = r.random() < 0.2 and self.c % 8 == 0
        self.vector_store = self.t == "float" and self.c % 2 == 0 and r.random() < 0.25
        reads = ["transpose", "strided", "select", "rowsum", "shift"]
        if self.t not in SCALAR:
            reads.remove("rowsum")
        if not pow2(self.c):
            reads.remove("shift")
        self.read = r.choice(reads)
        self.tid = r.choice(["plain", "swapped", "shift"] if pow2(bx) else ["plain", "swapped"])
        self.grid = r.choice([1, 2])
        self.n = self.r * self.c
        self.nt = nt
        self.source = self.render()

    # The tile's constants as the kernel spells them.
    def consts(self):
        if self.spelling == "literal":
            return str(self.r), str(self.c)
        return "R", "C"

    def at(self, row, col):
        R, C = self.consts()
        if self.swizzled:
            col = f"(({col}) ^ (({row}) & 7))"
        if self.spelling == "macro":
            return f"AT({row}, {col})"
        return self.element(row, col, R, C)

    def element(self, row, col, R, C):
        if self.storage == "2d":
            return f"s[{row}][{col}]"
        if self.storage == "3d":
            return f"s[({row}) % 2][({row}) / 2][{col}]"
        return f"s[({row}) * {C} + ({col})]"

    def decl(self):
        R, C = self.consts()
        if self.storage == "2d":
            return f"__shared__ {self.t} s[{R}][{C}];"
        if self.storage == "3d":
            return f"__shared__ {self.t} s[2][{R} / 2][{C}];"
        if self.storage == "1d":
            return f"__shared__ {self.t} s[{R} * {C}];"
        return f"extern __shared__ {self.t} s[];"

    def tid_expr(self):
        bx, by = self.block
        if by == 1:
            return "threadIdx.x"
        if self.tid == "plain":
            return f"threadIdx.x + threadIdx.y * {bx}"
        if self.tid == "swapped":
            return f"threadIdx.y * {bx} + threadIdx.x"
        return f"(threadIdx.y << {log2(bx)}) | threadIdx.x"

    def store(self):
        R, C = self.consts()
        n = f"{R} * {C}"
        if self.vector_store:
            return [f"for (int i = tid; i < {n} / 2; i += {self.nt}) {{",
                    f"  const int r = i / ({C} / 2), c = 2 * (i % ({C} / 2));",
                    f"  *reinterpret_cast<float2 *>(&{self.at('r', 'c')}) =",
                    f"      reinterpret_cast<const float2 *>(in + blockIdx.x * {n})[i];",
                    "}"]
        if pow2(self.c) and self.spelling != "literal" and self.c > 1 and self.read != "select":
            split = f"const int r = i >> {log2(self.c)}, c = i & ({C} - 1);"
        else:
            split = f"const int r = i / {C}, c = i % {C};"
        return [f"for (int i = tid; i < {n}; i += {self.nt}) {{",
                f"  {split}",
                f"  {self.at('r', 'c')} = in[blockIdx.x * {n} + i];",
                "}"]

    def load(self):
        R, C = self.consts()
        n = f"{R} * {C}"
        out = f"out[blockIdx.x * {n} + i]"
        if self.read == "transpose":
            body = [f"{out} = {self.at(f'i % {R}', f'i / {R}')};"]
        elif self.read == "strided":
            body = [f"{out} = {self.at(f'(i * 3) % {R}', f'(i / {R}) % {C}')};"]
        elif self.read == "select":
            body = [f"const int col = (i % 2 == 0) ? (i / {R}) % {C} : {C} - 1 - (i / {R}) % {C};",
                    f"{out} = {self.at(f'i % {R}', 'col')};"]
        elif self.read == "shift":
            body = [f"{out} = {self.at(f'(i >> 2) % {R}', f'(i * 5) & ({C} - 1)')};"]
        else:  # rowsum: a loop over four columns of row i % R
            acc = "double" if self.t in ("float", "double") else "int"
            body = [f"{acc} acc = 0;",
                    "for (int j = 0; j < 4; ++j)",
                    f"  acc += {self.at(f'i % {R}', f'(i / {R} + j) % {C}')};",
                    f"{out} = ({self.t})acc;"]
        return [f"for (int i = tid; i < {n}; i += {self.nt}) {{"] + ["  " + b for b in body] + ["}"]

    def render(self):
        bx, by = self.block
        lines = ["#include <hip/hip_runtime.h>", ""]
        templ, targs = "", ""
        if self.spelling == "constexpr":
            lines += [f"constexpr int R = {self.r};", f"constexpr int C = {self.c};", ""]
        if self.spelling == "template":
            templ, targs = "template <int R, int C>\n", f"<{self.r}, {self.c}>"
        if self.spelling == "macro":
            lines += [f"#define R {self.r}", f"#define C {self.c}",
                      f"#define AT(row, col) {self.element('(row)', '(col)', 'R', 'C')}", ""]
        lines.append(f"{templ}__global__ void __launch_bounds__({self.nt}) k(const {self.t} *in, {self.t} *out) {{")
        lines.append(f"  {self.decl()}")
        lines.append(f"  const int tid = {self.tid_expr()};")
        lines += ["  " + l for l in self.store()]
        lines.append("  __syncthreads();")
        lines += ["  " + l for l in self.load()]
        lines.append("}")
        lines.append("")
        block = f"dim3({bx}, {by})" if by > 1 else str(bx)
        dyn = ""
        if self.storage == "dyn-literal":
            dyn = f", {self.n * TYPES[self.t]}"
        elif self.storage == "dyn-computed":
            R, C = self.consts()
            dyn = f", {R} * {C} * sizeof({self.t})"
        lines.append(f"void launch(const {self.t} *in, {self.t} *out) {{ k{targs}<<<{self.grid}, {block}{dyn}>>>(in, out); }}")
        return "\n".join(lines) + "\n"

    def describe(self):
        bx, by = self.block
        extra = [w for w, on in (("swizzled", self.swizzled), ("float2 store", self.vector_store)) if on]
        return (f"{self.t} {self.r}x{self.c} {self.storage} {self.spelling}, {self.read} read, "
                f"block {bx}x{by}" + "".join(", " + e for e in extra))


def split_top(s):
    """s split at the commas outside parentheses and angle brackets."""
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    return parts


def simt_source(text):
    """The kernel's text as plain C++ for the simulator (the module's doc)."""
    text = re.sub(r"extern __shared__ ([\w ]+?) (\w+)\[\];", r"\1 *const \2 = simt::dynamicShared<\1>();", text)

    def launch(m):
        args = split_top(m.group(2))
        dyn = args[2] if len(args) > 2 else "0"
        return f"simt::launch(dim3({args[0]}), dim3({args[1]}), [&] {{ {m.group(1)}({m.group(3)}); }}, {dyn});"

    return re.sub(r"([\w:]+(?:<[^<>]*>)?)<<<(.*?)>>>\((.*?)\);", launch, text)


HARNESS = """#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>
namespace orig {{
#include "orig.cpp"
}}
namespace fixed {{
#include "fixed.cpp"
}}
using T = {t};
int main() {{
  std::mt19937 rng({seed});
  const size_t N = {count};
  std::vector<T> in(N), out0(N);
  for (auto *V : {{&in, &out0}})
    for (size_t I = 0; I < N * sizeof(T); ++I)
      reinterpret_cast<unsigned char *>(V->data())[I] = (unsigned char)rng();
  auto run = [&](bool Fixed, simt::Order O) {{
    std::vector<T> out = out0;
    simt::order = O;
    simt::context = Fixed ? "fixed" : "original";
    if (Fixed) fixed::launch(in.data(), out.data());
    else orig::launch(in.data(), out.data());
    return out;
  }};
  auto same = [&](const std::vector<T> &A, const std::vector<T> &B) {{
    return std::memcmp(A.data(), B.data(), N * sizeof(T)) == 0;
  }};
  const auto Ref = run(false, simt::Order::Ascending);
  if (!same(Ref, run(false, simt::Order::Descending))) {{
    std::printf("RACY original: ascending and descending differ\\n");
    return 2;
  }}
  for (simt::Order O : {{simt::Order::Ascending, simt::Order::Descending}}) {{
    const auto F = run(true, O);
    if (!same(Ref, F)) {{
      size_t I = 0;
      while (!std::memcmp(&Ref[I], &F[I], sizeof(T))) ++I;
      std::printf("DIFFER: the fixed kernel's output differs from element %zu on (%s order)\\n", I,
                  O == simt::Order::Ascending ? "ascending" : "descending");
      return 1;
    }}
  }}
  std::printf("same bits (%zu elements, both orders)\\n", N);
  return 0;
}}
"""


def device_compile(target, path):
    wave = "32" if target == "gfx1250" else "64"
    return subprocess.run(["clang-22", "-x", "hip", f"--offload-arch={target}", "--rocm-path=/usr", "-nogpulib",
                           f"-D__AMDGCN_WAVEFRONT_SIZE={wave}", "--offload-device-only", "-O1", "-S",
                           "-o", os.devnull, path], capture_output=True, text=True)


def remaining(log):
    m = re.search(r"(\d+) conflicting access(?:es)? remains?", log)
    return int(m.group(1)) if m else 0


def check_fix(a, d, k, strategy, targets):
    """Runs the fix of k with strategy on targets; (outcome, failure or None)."""
    tgt = "--target=" + ",".join(targets)
    name = f"{strategy}.hip"
    path = os.path.join(d, name)
    with open(path, "w") as f:
        f.write(k.source)
    # The tool's verifying compiles go through lit's compile cache: --diff
    # then finds what --fix compiled.
    env = dict(os.environ, LDS_COMPILE_CACHE=os.path.join(a.work, "compile-cache"),
               LDS_REWRITE_COMPILER_LAUNCHER=f"{sys.executable} {LAUNCHER}")
    tool = lambda *args: subprocess.run([a.tool, tgt, f"--strategy={strategy}", *args], cwd=d,
                                        capture_output=True, text=True, env=env)
    fix = tool("--fix", name)
    log = fix.stdout + fix.stderr
    with open(path) as f:
        fixed = f.read()
    if fixed == k.source:
        if fix.returncode == 0 and "warning:" not in log:
            return "clean", None
        if fix.returncode == 1 and "not fixing" in log:
            return "refused", None
        return None, f"exit {fix.returncode} and nothing written:\n{log}"
    if fix.returncode not in (0, 1) or "wrote" not in log:
        return None, f"the file changed, yet exit {fix.returncode}:\n{log}"
    # 1. It compiles for every requested target: the tool's word, and clang's.
    said = re.search(r"the rewritten files? compiles? for (.*)", log)
    for t in targets:
        if not said or t not in said.group(1):
            return None, f"the tool does not say the fix compiles for {t}:\n{log}"
        if t in AMD:
            cc = device_compile(t, path)
            if cc.returncode:
                return None, f"the fix does not compile for {t}:\n{cc.stderr[-2000:]}"
    # 2. It re-checks as the fix said.
    again = tool(name)
    left = remaining(log)
    warned = len(re.findall(r"warning: .*LDS bank conflict", again.stderr + again.stdout))
    if again.returncode != (1 if left else 0) or warned != left:
        return None, (f"the fix said {left} conflicting accesses remain; check mode exits {again.returncode} "
                      f"with {warned} warnings:\n{again.stdout}{again.stderr}")
    # 3. Idempotent.
    second = tool("--fix", name)
    with open(path) as f:
        if f.read() != fixed:
            return None, f"a second --fix changed the file again:\n{second.stdout}{second.stderr}"
    # 4. --diff, applied, gives the same file.
    orig = os.path.join(d, f"{strategy}.diff.hip")
    with open(orig, "w") as f:
        f.write(k.source)
    diff = tool("--diff", f"{strategy}.diff.hip")
    patch = subprocess.run(["patch", "-s", "-p1", "-d", d], input=diff.stdout, capture_output=True, text=True)
    with open(orig) as f:
        if patch.returncode or f.read() != fixed:
            return None, f"--diff does not give the fixed file (patch: {patch.returncode} {patch.stderr})"
    # 5. The same bits.
    for which, text in (("orig", k.source), ("fixed", fixed)):
        with open(os.path.join(d, f"{which}.cpp"), "w") as f:
            f.write(simt_source(text))
    with open(os.path.join(d, "harness.cpp"), "w") as f:
        f.write(HARNESS.format(t=k.t, seed=a.seed, count=k.grid * k.n))
    exe = os.path.join(d, f"run-{strategy}")
    cc = compile_cpu(a, os.path.join(d, "harness.cpp"), exe, d)
    if cc.returncode:
        return None, f"the CPU build fails:\n{cc.stderr[-3000:]}"
    run = subprocess.run([exe], capture_output=True, text=True, timeout=300)
    said = (run.stdout + run.stderr).strip()
    if run.returncode == 2:
        return None, f"generator bug, the original is racy: {said}"
    if run.returncode:
        return None, f"the simulation: {said}"
    return "fixed", None


def run_case(a, i, k, strategies, targets):
    d = os.path.join(a.work, f"case{i:03d}")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    with open(os.path.join(d, "orig.hip"), "w") as f:
        f.write(k.source)
    lines, outcomes, ok = [], [], True
    for s in strategies:
        outcome, why = check_fix(a, d, k, s, targets)
        if why:
            ok = False
            lines.append(f"FAIL {d} --strategy={s} {','.join(targets)} ({k.describe()}): {why}")
        else:
            outcomes.append((s, outcome))
    if ok:
        lines.append(f"ok   {d} {','.join(targets)} ({k.describe()}): " +
                     ", ".join(f"{s} {o}" for s, o in outcomes))
    return outcomes, "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", required=True)
    ap.add_argument("--cxx", default=shutil.which("clang++-22") or shutil.which("g++") or "c++")
    ap.add_argument("--strategies", type=int, default=len(STRATEGIES),
                    help="strategies per case: 1 takes auto, pad and swizzle in turn; 2 or 3 take auto and "
                         "one or two others")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="cases at once (the same cases whatever the number)")
    a = ap.parse_args()
    a.tool = os.path.abspath(a.tool)
    a.work = os.path.abspath(a.work)
    os.makedirs(a.work, exist_ok=True)
    # All cases drawn first, in order, so --jobs does not change them.
    r = random.Random(a.seed)
    cases = []
    for i in range(a.count):
        k = Kernel(r)
        others = STRATEGIES[1:]
        r.shuffle(others)
        # One strategy a case: auto, pad, swizzle in turn; more: auto first.
        strategies = [STRATEGIES[i % 3]] if a.strategies == 1 else (["auto"] + others)[:a.strategies]
        targets = sorted(r.sample(AMD, r.choice([1, 2, 3])))
        cases.append((k, strategies, targets))
    counts, failures = {}, 0
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        for (outcomes, text), (k, strategies, _) in zip(
                pool.map(lambda c: run_case(a, c[0], *c[1]), enumerate(cases)), cases):
            print(text, flush=True)
            failures += len(strategies) - len(outcomes)
            for _, o in outcomes:
                counts[o] = counts.get(o, 0) + 1
    runs = sum(len(s) for _, s, _ in cases)
    print(f"{a.count} kernels, {runs} fixes tried: {counts.get('fixed', 0)} written (each compiled for its "
          f"targets, re-checked as planned, idempotent, equal to its --diff and bit-identical on the CPU), "
          f"{counts.get('refused', 0)} refused (file untouched), {counts.get('clean', 0)} without conflict, "
          f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
