// Broadcast reads of a row tile: block 16x16, thread (tx, ty) computes
// out[ty][tx] = scale * sum_k a[ty][k] * w[k][tx], k = 0..63, with the row
// tile a[16][LD] instantiated for three leading dimensions.
// A warp (32 lanes) or a 32-lane half of a wave64 spans two rows ty, ty+1 of
// 16 threads; a wave32 on gfx1250 too.
//  - a[ty][k] reads two words, LD apart: same bank when LD = 0 mod 32 (and mod
//    64 on gfx1250): LD 64 -> 2-way everywhere; LD 65, 80 -> no conflict.
//  - storing a[ty][k], k = tx + 16m: row ty covers banks b..b+15, row ty+1
//    banks b+LD..b+LD+15: LD 64 -> the same 16 banks: 2-way; LD 65 -> 15 of
//    them overlap: still 2-way; LD 80 -> (80 = 16 mod 32, and mod 64) disjoint:
//    no conflict. So padding by one float fixes the load but not the store;
//    padding to 80 fixes both.
//  - w[k][tx] (store and load): 16 consecutive words per row: no conflict.
//  - scale: one lane stores; all lanes read one word: no conflict.
#include <hip/hip_runtime.h>

template <int LD>
__global__ void row_dot(const float* A, const float* W, float* out)
{
    __shared__ float a[16][LD];
    __shared__ float w[64][16];
    __shared__ float scale;

    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int k = tx; k < 64; k += 16)
        // CHECK-DAG: broadcast_rows.hip:[[@LINE+1]]:9: warning: 2-way LDS bank conflict on gfx942, gfx1250 and sm_90 (store of 'a' in row_dot<64>, 4 B per lane
        a[ty][k] = A[(blockIdx.x * 16 + ty) * 64 + k];
    for (int k = ty; k < 64; k += 16)
        w[k][tx] = W[k * 16 + tx];
    if (tx == 0 && ty == 0)
        scale = A[0];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < 64; ++k)
        // CHECK-DAG: broadcast_rows.hip:[[@LINE+1]]:16: warning: 2-way LDS bank conflict on gfx942, gfx1250 and sm_90 (load of 'a' in row_dot<64>, 4 B per lane
        sum += a[ty][k] * w[k][tx];
    out[(blockIdx.x * 16 + ty) * 16 + tx] = sum * scale;
}

int main()
{
    float *A = nullptr, *W = nullptr, *out = nullptr;
    row_dot<64><<<256, dim3(16, 16)>>>(A, W, out);
    row_dot<65><<<256, dim3(16, 16)>>>(A, W, out);
    row_dot<80><<<256, dim3(16, 16)>>>(A, W, out);
    return 0;
}

// Text: the findings above, the store once per instantiation where it is
// 2-way (LD 64 above, LD 65 below; the message names the instantiation).
// RUN: %expect-exit 1 %lds-rewrite --target=gfx942,gfx1250,sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// CHECK-DAG: broadcast_rows.hip:27:9: warning: 2-way LDS bank conflict on gfx942, gfx1250 and sm_90 (store of 'a' in row_dot<65>, 4 B per lane
// JSON, per instantiation:
// RUN: %expect-exit 1 %lds-rewrite --format=json --target=gfx942,gfx1250,sm_90 %s \
// RUN:   | %check-json --strict --block 16,16,1 --block-source launch \
// RUN:     --access 27:9 store "row_dot<64>/a" gfx942=2/4/2 gfx1250=2/2/1 sm_90=2/2/1 \
// RUN:     --access 27:9 store "row_dot<65>/a" gfx942=2/4/2 gfx1250=2/2/1 sm_90=2/2/1 \
// RUN:     --access 27:9 store "row_dot<80>/a" all=1 \
// RUN:     --access 37:16 load "row_dot<64>/a" gfx942=2/4/2 gfx1250=2/2/1 sm_90=2/2/1 \
// RUN:     --access 37:16 load "row_dot<65>/a" all=1 \
// RUN:     --access 37:16 load "row_dot<80>/a" all=1 \
// RUN:     --access 29:9 store w all=1 \
// RUN:     --access 37:27 load w all=1 \
// RUN:     --access 31:9 store scale all=1 \
// RUN:     --access 38:51 load scale all=1
