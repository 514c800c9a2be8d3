// Transpose-on-store: 256 threads load a 64x16 block of A with float4 global
// loads (thread tid: row r = tid / 4, columns 4*(tid % 4) .. +3) and scatter
// the four floats into a k-major tile s[16][64 + PAD], so that the compute
// loop reads s[k][...] with consecutive lanes. Four instantiations of PAD.
//
// Store s[(4*c4 + q) * LD + r], c4 = tid % 4, LD = 64 + PAD (q = 0..3 are four
// stores): lane l of a 32-lane group has c4 = l % 4 and r = l / 4 + const,
// word = 4*LD*c4 + LD*q + l/4 + const, bank = (l/4 + 4*LD*c4) mod banks with
// l/4 = 0..7:
//   PAD 0: 4*64 = 0 (mod 32 and 64): the 4 lanes of one r share a bank: 4-way.
//   PAD 1: 4*65 = 4 (mod 32, mod 64): l/4 + 4*c4 repeats twice: 2-way.
//   PAD 2: 4*66 = 8 (mod 32, mod 64): l/4 + 8*c4 covers 32 banks once: none.
//   PAD 4: 4*68 = 16 mod 32: c4 = 0 and 2 collide: 2-way on 32 banks; but
//          16 mod 64 keeps c4 = 0..3 apart (0, 16, 32, 48): none on gfx1250.
// Load s[k * LD + tid % 64]: 64 consecutive words per wave64, 32 per warp or
// wave32: no conflict for any PAD.
// sm_90: per warp = per 32-lane group; gfx942 / gfx1250 likewise (block 256,
// every group full): degrees are the same on the three targets except PAD 4.

template <int PAD>
__global__ void kmajor_tile(const float* A, float* out, int K)
{
    constexpr int LD = 64 + PAD;
    __shared__ float s[16][LD];

    const int tid = threadIdx.x;
    const int r = tid / 4, c4 = tid % 4;
    const float4 v = *reinterpret_cast<const float4*>(&A[(blockIdx.x * 64 + r) * K + 4 * c4]);
    s[4 * c4 + 0][r] = v.x;
    s[4 * c4 + 1][r] = v.y;
    s[4 * c4 + 2][r] = v.z;
    s[4 * c4 + 3][r] = v.w;
    __syncthreads();

    float acc = 0.0f;
    for (int k = 0; k < 16; ++k)
        acc += s[k][tid % 64];
    out[blockIdx.x * 256 + tid] = acc;
}

int main()
{
    const int K = 16;
    float *A = nullptr, *out = nullptr;
    kmajor_tile<0><<<128, 256>>>(A, out, K);
    kmajor_tile<1><<<128, 256>>>(A, out, K);
    kmajor_tile<2><<<128, 256>>>(A, out, K);
    kmajor_tile<4><<<128, 256>>>(A, out, K);
    return 0;
}

// Text: lines 29-32 each get the 4-way finding (PAD 0) and two 2-way ones (PAD 1 on
// all three targets; PAD 4 on gfx942 and sm_90, not on gfx1250); PAD 2 is clean.
// RUN: %expect-exit 1 %lds-rewrite --target=gfx942,gfx1250,sm_90 %s > %t 2>&1
// RUN: FileCheck %s --check-prefix=FOUR --implicit-check-not=remark: < %t
// RUN: FileCheck %s --check-prefix=TWO < %t
// FOUR-DAG: transpose_on_store.cu:29:5: warning: 4-way LDS bank conflict on gfx942, gfx1250 and sm_90 (store of 's' in kmajor_tile<0>, 4 B per lane
// FOUR-DAG: transpose_on_store.cu:30:5: warning: 4-way LDS bank conflict on gfx942, gfx1250 and sm_90 (store of 's' in kmajor_tile<0>, 4 B per lane
// FOUR-DAG: transpose_on_store.cu:31:5: warning: 4-way LDS bank conflict on gfx942, gfx1250 and sm_90 (store of 's' in kmajor_tile<0>, 4 B per lane
// FOUR-DAG: transpose_on_store.cu:32:5: warning: 4-way LDS bank conflict on gfx942, gfx1250 and sm_90 (store of 's' in kmajor_tile<0>, 4 B per lane
// TWO-DAG: transpose_on_store.cu:29:5: warning: 2-way LDS bank conflict on gfx942, gfx1250 and sm_90 (store of 's' in kmajor_tile<1>, 4 B
// TWO-DAG: transpose_on_store.cu:29:5: warning: 2-way LDS bank conflict on gfx942 and sm_90 (store of 's' in kmajor_tile<4>, 4 B
// RUN: %expect-exit 1 %lds-rewrite --format=json --target=gfx942,gfx1250,sm_90 %s \
// RUN:   | %check-json --strict --accesses 20 --block 256,1,1 --block-source launch \
// RUN:     --access 29:5 store "kmajor_tile<0>/s" gfx942=4/8/2 gfx1250=4/4/1 sm_90=4/4/1 \
// RUN:     --access 30:5 store "kmajor_tile<0>/s" gfx942=4/8/2 gfx1250=4/4/1 sm_90=4/4/1 \
// RUN:     --access 31:5 store "kmajor_tile<0>/s" gfx942=4/8/2 gfx1250=4/4/1 sm_90=4/4/1 \
// RUN:     --access 32:5 store "kmajor_tile<0>/s" gfx942=4/8/2 gfx1250=4/4/1 sm_90=4/4/1 \
// RUN:     --access 29:5 store "kmajor_tile<1>/s" gfx942=2/4/2 gfx1250=2/2/1 sm_90=2/2/1 \
// RUN:     --access 30:5 store "kmajor_tile<1>/s" gfx942=2/4/2 gfx1250=2/2/1 sm_90=2/2/1 \
// RUN:     --access 31:5 store "kmajor_tile<1>/s" gfx942=2/4/2 gfx1250=2/2/1 sm_90=2/2/1 \
// RUN:     --access 32:5 store "kmajor_tile<1>/s" gfx942=2/4/2 gfx1250=2/2/1 sm_90=2/2/1 \
// RUN:     --access 29:5 store "kmajor_tile<2>/s" all=1 \
// RUN:     --access 30:5 store "kmajor_tile<2>/s" all=1 \
// RUN:     --access 31:5 store "kmajor_tile<2>/s" all=1 \
// RUN:     --access 32:5 store "kmajor_tile<2>/s" all=1 \
// RUN:     --access 29:5 store "kmajor_tile<4>/s" gfx942=2/4/2 gfx1250=1/1/1 sm_90=2/2/1 \
// RUN:     --access 30:5 store "kmajor_tile<4>/s" gfx942=2/4/2 gfx1250=1/1/1 sm_90=2/2/1 \
// RUN:     --access 31:5 store "kmajor_tile<4>/s" gfx942=2/4/2 gfx1250=1/1/1 sm_90=2/2/1 \
// RUN:     --access 32:5 store "kmajor_tile<4>/s" gfx942=2/4/2 gfx1250=1/1/1 sm_90=2/2/1 \
// RUN:     --access 37:16 load "kmajor_tile<0>/s" all=1 \
// RUN:     --access 37:16 load "kmajor_tile<1>/s" all=1 \
// RUN:     --access 37:16 load "kmajor_tile<2>/s" all=1 \
// RUN:     --access 37:16 load "kmajor_tile<4>/s" all=1
