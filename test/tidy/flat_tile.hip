// RUN: %check_clang_tidy %s lds-bank-conflict %t -- -- %hip_device_flags
//
// A flattened 32x32 tile indexed row * 32 + column: the fix pads the row
// stride, declared next to the array and used in its size and every access.
#include <hip/hip_runtime.h>

__global__ void transpose_flat(float* out, const float* in, int width)
{
    __shared__ float tile[32 * 32];
    // CHECK-FIXES: constexpr int tile_stride = 32 + 1; // lds-rewrite: padded row stride of 'tile'
    // CHECK-FIXES-NEXT: __shared__ float tile[32 * tile_stride];

    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile[(threadIdx.y + j) * 32 + threadIdx.x] = in[(y + j) * width + x];
    // CHECK-FIXES: tile[(threadIdx.y + j) * tile_stride + threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();

    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        // CHECK-MESSAGES: :[[@LINE+1]]:36: warning: 32-way LDS bank conflict on gfx942 (load of 'tile', 4 B per lane: lanes 0-31 all hit bank 0) [lds-bank-conflict]
        out[(y + j) * width + x] = tile[threadIdx.x * 32 + threadIdx.y + j];
    // CHECK-FIXES: out[(y + j) * width + x] = tile[threadIdx.x * tile_stride + threadIdx.y + j];
}

void launch(float* out, const float* in)
{
    transpose_flat<<<dim3(32, 32), dim3(32, 8)>>>(out, in, 1024);
}
