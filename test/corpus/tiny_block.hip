// Tiny blocks: 16 threads, so a wave is mostly idle and only the active
// lanes count (in passes and in the ideal alike).
//
// tile4x4, block 4x4 (like rocm-examples' HIP-Basic transposes):
//   s[ty][tx] in float s[4][4]: word 4ty + tx, 16 consecutive words: none.
//   t[ty][tx] in float t[16][16]: word 16ty + tx: rows 0 and 2 (1 and 3) share
//   banks: 2 words per bank, ideal 1: 2-way on sm_90 (2 / 1) and gfx942
//   (lanes 0-15 in group 0, group 1 idle: 2 / 1).
// cube, block 2x2x4 (z matters): linear id tx + 2ty + 4tz.
//   c[tz][ty][tx] in float c[4][8][8]: word 64tz + 8ty + tx: bank 8ty + tx for
//   every tz: 4 words per bank: 4-way (4 / 1).
//   d[tz][ty][tx] in float d[4][2][2]: word 4tz + 2ty + tx = the linear id: none.
#include <hip/hip_runtime.h>

__global__ void tile4x4(float* out, const float* in)
{
    __shared__ float s[4][4];
    __shared__ float t[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    s[ty][tx] = in[ty * 4 + tx];
    t[ty][tx] = in[16 + ty * 4 + tx];
    __syncthreads();
    out[tx * 4 + ty] = s[tx][ty] + t[ty][tx];
}

__global__ void cube(float* out, const float* in)
{
    __shared__ float c[4][8][8];
    __shared__ float d[4][2][2];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int id = tx + 2 * ty + 4 * tz;
    c[tz][ty][tx] = in[id];
    d[tz][ty][tx] = in[16 + id];
    __syncthreads();
    out[id] = c[tz][ty][tx] * d[tz][ty][tx];
}

int main()
{
    float *in = nullptr, *out = nullptr;
    tile4x4<<<1, dim3(4, 4)>>>(out, in);
    cube<<<1, dim3(2, 2, 4)>>>(out, in);
    return 0;
}

// s[tx][ty] (read transposed, 23:24): word 4tx + ty: 16 distinct words in 16
// banks: none.
// RUN: %expect-exit 1 %lds-rewrite --target=gfx942,sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// CHECK-DAG: tiny_block.hip:21:5: warning: 2-way LDS bank conflict on gfx942 and sm_90 (store of 't', 4 B per lane
// CHECK-DAG: tiny_block.hip:23:36: warning: 2-way LDS bank conflict on gfx942 and sm_90 (load of 't', 4 B per lane
// CHECK-DAG: tiny_block.hip:32:5: warning: 4-way LDS bank conflict on gfx942 and sm_90 (store of 'c', 4 B per lane
// CHECK-DAG: tiny_block.hip:35:15: warning: 4-way LDS bank conflict on gfx942 and sm_90 (load of 'c', 4 B per lane
// CHECK-DAG: tiny_block.hip:41:5: note: block shape 4x4x1 from this launch
// CHECK-DAG: tiny_block.hip:42:5: note: block shape 2x2x4 from this launch
// RUN: %expect-exit 1 %lds-rewrite --format=json --target=gfx942,sm_90 %s \
// RUN:   | %check-json --strict --block-source launch \
// RUN:     --access 20:5 store s gfx942=1/1/1 sm_90=1/1/1 \
// RUN:     --access 21:5 store t gfx942=2/2/1 sm_90=2/2/1 \
// RUN:     --access 23:24 load s gfx942=1/1/1 sm_90=1/1/1 \
// RUN:     --access 23:36 load t gfx942=2/2/1 sm_90=2/2/1 \
// RUN:     --access 32:5 store c gfx942=4/4/1 sm_90=4/4/1 \
// RUN:     --access 33:5 store d all=1 \
// RUN:     --access 35:15 load c gfx942=4/4/1 sm_90=4/4/1 \
// RUN:     --access 35:31 load d all=1
