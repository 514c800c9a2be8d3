// Block-private shared arrays indexed with global coordinates: blockIdx only
// adds the same offset to every lane's address and must not change the cost.
// Block 16x16; x = blockIdx.x*16 + tx, y = blockIdx.y*16 + ty.
//
// whole_matrix<W>: a W x W matrix kept whole in shared memory (as in
//   rocm-examples' shared_memory sample), s[y*W + x]:
//   word W*(16*by + ty) + 16*bx + tx. A 32-lane group = rows ty, ty+1 of 16
//   lanes, W words apart:
//   W = 64: 64 = 0 mod 32 -> both rows on the same 16 banks: 2-way (store and load)
//   W = 48: 48 = 16 mod 32 -> the rows use disjoint banks: no conflict
// relative_tile: s[(y - by*16) * 17 + (x - bx*16)] = s[ty*17 + tx]: the block
//   terms cancel; 17*ty + tx: rows ty and ty+1 start one bank apart, 15 of
//   the 16 banks overlap: 2-way. (Padding a 16-wide tile by one does not help
//   when a warp covers two rows.)
#include <hip/hip_runtime.h>

template <int W>
__global__ void whole_matrix(float* out, const float* in)
{
    __shared__ float s[W * W];
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    s[y * W + x] = in[x * W + y];
    __syncthreads();
    out[y * W + x] = 2.0f * s[y * W + x];
}

__global__ void relative_tile(float* out, const float* in, int width)
{
    __shared__ float s[16 * 17];
    const int x = blockIdx.x * 16 + threadIdx.x;
    const int y = blockIdx.y * 16 + threadIdx.y;
    s[(y - blockIdx.y * 16) * 17 + (x - blockIdx.x * 16)] = in[y * width + x];
    __syncthreads();
    out[y * width + x] = s[threadIdx.y * 17 + threadIdx.x];
}

int main()
{
    float *in = nullptr, *out = nullptr;
    whole_matrix<64><<<dim3(4, 4), dim3(16, 16)>>>(out, in);
    whole_matrix<48><<<dim3(3, 3), dim3(16, 16)>>>(out, in);
    relative_tile<<<dim3(64, 64), dim3(16, 16)>>>(out, in, 1024);
    return 0;
}

// RUN: %expect-exit 1 %lds-rewrite --target=gfx942,sm_90 %s > %t 2>&1
// RUN: FileCheck %s --implicit-check-not=remark: < %t
// CHECK-DAG: global_coords.hip:23:5: warning: 2-way LDS bank conflict on gfx942 and sm_90 (store of 's' in whole_matrix<64>, 4 B per lane
// CHECK-DAG: global_coords.hip:25:29: warning: 2-way LDS bank conflict on gfx942 and sm_90 (load of 's' in whole_matrix<64>, 4 B per lane
// CHECK-DAG: global_coords.hip:33:5: warning: 2-way LDS bank conflict on gfx942 and sm_90 (store of 's', 4 B per lane
// CHECK-DAG: global_coords.hip:35:26: warning: 2-way LDS bank conflict on gfx942 and sm_90 (load of 's', 4 B per lane
// RUN: %expect-exit 1 %lds-rewrite --format=json --target=gfx942,sm_90 %s \
// RUN:   | %check-json --strict --block 16,16,1 --block-source launch \
// RUN:     --access 23:5 store "whole_matrix<64>/s" gfx942=2/4/2 sm_90=2/2/1 \
// RUN:     --access 25:29 load "whole_matrix<64>/s" gfx942=2/4/2 sm_90=2/2/1 \
// RUN:     --access 23:5 store "whole_matrix<48>/s" all=1 \
// RUN:     --access 25:29 load "whole_matrix<48>/s" all=1 \
// RUN:     --access 33:5 store relative_tile/s gfx942=2/4/2 sm_90=2/2/1 \
// RUN:     --access 35:26 load relative_tile/s gfx942=2/4/2 sm_90=2/2/1
