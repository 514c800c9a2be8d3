#!/usr/bin/env python3
"""simulate.py CXX SIMT_DIR KERNEL_FILE KERNEL IN_TYPE IN_COUNT OUT_TYPE OUT_COUNT BLOCK WAVE [DEFINE...]

Runs one block of KERNEL (from KERNEL_FILE) on the CPU simulator of
test/fuzz/simt (each GPU thread a coroutine; __shfl and the transpose-load
builtins exchange values between the lanes of a wave of WAVE lanes), on
IN_COUNT inputs of IN_TYPE (small integers from a fixed seed), and writes
the OUT_COUNT outputs of OUT_TYPE as hex bytes on stdout, once with the
threads in ascending and once in descending order (the two must agree).
DEFINEs (-D__gfx950__) pick the branch a rewritten file compiles for that
target. Compared with cmp, two runs say whether the kernels compute the same
bits."""
import os
import subprocess
import sys
import tempfile

cxx, simt, kernel_file, kernel, in_t, in_n, out_t, out_n, block, wave = sys.argv[1:11]
defines = sys.argv[11:]
harness = r'''
#include <hip/hip_runtime.h>
#include "%(file)s"
#include <cstdio>
#include <cstring>
#include <vector>
template <class T> T value(int V) { return (T)V; }
// bf16 from the top half of the float (exact for these small integers):
// the host's float -> bf16 conversion would need compiler-rt.
template <> __bf16 value<__bf16>(int V) {
  float F = float(V);
  unsigned U;
  std::memcpy(&U, &F, 4);
  unsigned short H = (unsigned short)(U >> 16);
  __bf16 B;
  std::memcpy(&B, &H, 2);
  return B;
}
int main() {
  std::vector<%(in_t)s> In(%(in_n)s);
  unsigned long long S = 12345;
  for (auto &X : In) {
    S = S * 6364136223846793005ull + 1442695040888963407ull;
    X = value<%(in_t)s>(int((S >> 33) %% 61));
  }
  std::vector<std::vector<unsigned char>> Runs;
  for (simt::Order O : {simt::Order::Ascending, simt::Order::Descending}) {
    std::vector<%(out_t)s> Out(%(out_n)s);
    simt::order = O;
    simt::launch(dim3(1), dim3(%(block)s), [&] { %(kernel)s(In.data(), Out.data()); });
    const unsigned char *B = reinterpret_cast<const unsigned char *>(Out.data());
    Runs.emplace_back(B, B + Out.size() * sizeof(Out[0]));
  }
  if (Runs[0] != Runs[1]) {
    std::fprintf(stderr, "the thread order changes the output\n");
    return 1;
  }
  for (size_t I = 0; I < Runs[0].size(); ++I)
    std::printf("%%02x%%s", Runs[0][I], I %% 32 == 31 ? "\n" : "");
  std::printf("\n");
  return 0;
}
''' % dict(file=os.path.abspath(kernel_file), in_t=in_t, in_n=in_n, out_t=out_t, out_n=out_n,
           block=block, kernel=kernel)
with tempfile.TemporaryDirectory() as d:
    src = os.path.join(d, 'harness.cpp')
    exe = os.path.join(d, 'harness')
    with open(src, 'w') as f:
        f.write(harness)
    c = subprocess.run([cxx, '-std=c++20', '-O1', '-w', '-I', simt, '-DSIMT_WAVE=' + wave] + defines +
                       [src, '-o', exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if c.returncode:
        sys.stderr.write(c.stdout + 'simulate.py: the harness did not compile\n')
        sys.exit(1)
    r = subprocess.run([exe], stdout=subprocess.PIPE, universal_newlines=True)
    sys.stdout.write(r.stdout)
    sys.exit(r.returncode)
