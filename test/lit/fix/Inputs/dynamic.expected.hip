// A transpose through dynamic shared memory indexed as rows of W floats.
// The launch passes the byte size of W x W floats.
#include <hip/hip_runtime.h>

constexpr int W = 32;

__global__ void transpose_dyn(float* out, const float* in)
{
    constexpr int s_stride = W + 1; // lds-rewrite: padded row stride of 's'
    extern __shared__ float s[];
    int tx = threadIdx.x, ty = threadIdx.y;
    const float* src = in + blockIdx.x * W * W;
    float* dst = out + blockIdx.x * W * W;

    for (int j = 0; j < W; j += 8)
        s[(ty + j) * s_stride + tx] = src[(ty + j) * W + tx];
    __syncthreads();
    for (int j = 0; j < W; j += 8)
        dst[(ty + j) * W + tx] = s[tx * s_stride + ty + j];
}

void launch(float* out, const float* in, int blocks)
{
    transpose_dyn<<<blocks, dim3(W, 8), W * (W + 1) * sizeof(float)>>>(out, in);
}
