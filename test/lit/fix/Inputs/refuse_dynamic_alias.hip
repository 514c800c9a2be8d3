// Two extern __shared__ arrays: both start at the same address, so the int
// view 'flags' reads elements of 's' that a new layout of 's' would move.
#include <hip/hip_runtime.h>

constexpr int W = 32;

__global__ void transpose_flags(float* out, const float* in, int* seen)
{
    extern __shared__ float s[];
    extern __shared__ int flags[];
    int tx = threadIdx.x, ty = threadIdx.y;

    for (int j = 0; j < W; j += 8)
        s[(ty + j) * W + tx] = in[blockIdx.x * W * W + (ty + j) * W + tx];
    __syncthreads();
    for (int j = 0; j < W; j += 8)
        out[blockIdx.x * W * W + (ty + j) * W + tx] = s[tx * W + ty + j];
    seen[blockIdx.x * 256 + ty * W + tx] = flags[ty * W + tx];
}

void launch(float* out, const float* in, int* seen, int blocks)
{
    transpose_flags<<<blocks, dim3(W, 8), W * W * sizeof(float)>>>(out, in, seen);
}
