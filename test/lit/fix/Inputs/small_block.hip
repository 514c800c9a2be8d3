// A whole 64x64 matrix transposed through one flat shared tile by 4x4
// blocks (the shape of rocm-examples' HIP-Basic/shared_memory): a wave holds
// 4 columns of 4 rows, 64 floats apart.
#include <hip/hip_runtime.h>

template <unsigned Width = 64>
__global__ void transpose_small(float* out, const float* in)
{
    constexpr unsigned size = Width * Width;
    __shared__ float s[size];

    const unsigned x = blockDim.x * blockIdx.x + threadIdx.x;
    const unsigned y = blockDim.y * blockIdx.y + threadIdx.y;
    if (x < Width && y < Width)
        s[y * Width + x] = in[x * Width + y];
    __syncthreads();
    if (x < Width && y < Width)
        out[y * Width + x] = s[y * Width + x];
}

void launch(float* out, const float* in)
{
    transpose_small<64><<<dim3(16, 16), dim3(4, 4)>>>(out, in);
}
