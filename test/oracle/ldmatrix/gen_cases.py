#!/usr/bin/env python3
"""Generate ldsm_truth.cu: one tiny kernel per ldmatrix / stmatrix access pattern.

Each kernel runs one warp and makes exactly ONE shared-memory access: an
ldmatrix (LDSM) or stmatrix (STSM) instruction of .x1/.x2/.x4 matrices, with or
without .trans, whose per-lane row address (bytes from the start of a 1 KiB
aligned __shared__ array) is the `addr` expression of lane `l` in cases.tsv.
There is no fill loop and no read-back, so every shared wavefront ncu counts
for the kernel belongs to the measured instruction. Lanes 8n..31 also compute
an address; PTX says ldmatrix/stmatrix .xn use only lanes 0..8n-1, and the
`ignored_*` cases give those lanes conflicting addresses to check it."""
cases = []  # (name, op, num, trans, addr)


def add(name, op, num, trans, addr):
    cases.append((name, op, num, trans, addr))


def layouts(num):
    """(tag, byte address of lane l's row) for the common tile layouts."""
    out = [(f"stride{s}", f"l*{s}") for s in (16, 32, 64, 128, 144)]
    # cuda_hgemm's LDMATRIX_X4 on half smem[64][32]: &smem[l % 16][(l / 16) * 8]
    out.append(("hgemm64", "(l%16)*64 + (l/16)*16"))
    # 128-byte rows, 16-byte chunk XOR-swizzled by the row: chunk (c ^ row) & 7
    out.append(("xor128", "l*128 + ((l & 7) ^ 0)*16"))
    out.append(("xor128_c3", "l*128 + ((l & 7) ^ 3)*16"))
    out.append(("bcast", "0"))
    return out


for op in ("ld", "st"):
    for num in (1, 2, 4):
        for trans in (0, 1):
            for tag, addr in layouts(num):
                if op == "st" and tag == "stride32":
                    continue
                add(f"{op}_x{num}{'_t' if trans else ''}_{tag}", op, num, trans, addr)

# Which repeated addresses merge (LDS.128 merges aligned lane pairs on sm_90).
for tag, addr in [("pairs16", "(l>>1)*16"), ("pairs128", "(l>>1)*128"),
                  ("quads128", "(l>>2)*128"), ("mod8_16", "(l&7)*16"),
                  ("mod8_128", "(l&7)*128"), ("mod16_16", "(l&15)*16"),
                  ("half_same", "(l>>4)*16"), ("rev16", "(31-l)*16"),
                  ("phase_xor", "((l&7)*4 + (l>>3))*16"),
                  ("mod4_128", "(l&3)*128")]:
    add(f"ld_x4_dup_{tag}", "ld", 4, 0, addr)
add("st_x4_dup_pairs128", "st", 4, 0, "(l>>1)*128")
add("st_x4_dup_mod8_16", "st", 4, 0, "(l&7)*16")
# Lanes 8n..31 must not matter.
add("ld_x1_ignored_hi", "ld", 1, 0, "(l < 8 ? l*16 : l*128)")
add("ld_x2_ignored_hi", "ld", 2, 0, "(l < 16 ? l*16 : l*128)")
add("st_x1_ignored_hi", "st", 1, 0, "(l < 8 ? l*16 : l*128)")
add("st_x2_ignored_hi", "st", 2, 0, "(l < 16 ? l*16 : l*128)")

regs = {1: "{%0}", 2: "{%0, %1}", 4: "{%0, %1, %2, %3}"}
out = ['#include <cuda_runtime.h>', '#include <cstdio>', '']
for (name, op, num, trans, addr) in cases:
    t = ".trans" if trans else ""
    out.append(f'__global__ void {name}(unsigned* out) {{')
    out.append('  __shared__ __align__(1024) unsigned char s[16384];')
    out.append('  unsigned l = threadIdx.x & 31;')
    out.append(f'  unsigned a = (unsigned)__cvta_generic_to_shared(s) + ({addr});')
    out.append('  unsigned r0 = l, r1 = l + 1, r2 = l + 2, r3 = l + 3;')
    rs = ["r0", "r1", "r2", "r3"][:num]
    if op == "ld":
        outs = ", ".join(f'"=r"({r})' for r in rs)
        out.append(f'  asm volatile("ldmatrix.sync.aligned.m8n8.x{num}{t}.shared.b16 {regs[num]}, [%{num}];"'
                   f' : {outs} : "r"(a));')
    else:
        ins = ", ".join(f'"r"({r})' for r in rs)
        rr = regs[num].replace("%3", "%4").replace("%2", "%3").replace("%1", "%2").replace("%0", "%1")
        out.append(f'  asm volatile("stmatrix.sync.aligned.m8n8.x{num}{t}.shared.b16 [%0], {rr};"'
                   f' :: "r"(a), {ins} : "memory");')
    out.append('  out[threadIdx.x] = r0 + r1 + r2 + r3;')
    out.append('}')
out.append('int main() {')
out.append('  unsigned* out; cudaMalloc(&out, 1 << 20);')
for c in cases:
    out.append(f'  {c[0]}<<<1, 32>>>(out);')
out.append('  cudaError_t e = cudaDeviceSynchronize(); printf("status %s\\n", cudaGetErrorString(e)); return e != cudaSuccess;')
out.append('}')
open("ldsm_truth.cu", "w").write("\n".join(out) + "\n")
with open("cases.tsv", "w") as f:
    f.write("name\top\tnum\ttrans\taddr\n")
    for c in cases:
        f.write("\t".join(map(str, c)) + "\n")
print(len(cases), "cases")
