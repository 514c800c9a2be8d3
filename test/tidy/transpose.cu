// RUN: %check_clang_tidy %s lds-bank-conflict %t -- -- %cuda_device_flags
//
// CUDA: the default target is the parse's --cuda-gpu-arch (sm_90).
#include <cuda_runtime.h>

__global__ void transpose(float* out, const float* in, int width, int height)
{
    __shared__ float tile[32][32];
    // CHECK-FIXES: __shared__ float tile[32][32 + 1];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        // CHECK-MESSAGES: :[[@LINE+1]]:37: warning: 32-way LDS bank conflict on sm_90 (load of 'tile', 4 B per lane: lanes 0-31 all hit bank 0) [lds-bank-conflict]
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

void launch(float* out, const float* in)
{
    transpose<<<dim3(32, 32), dim3(32, 8)>>>(out, in, 1024, 1024);
}
