// general_xor.hip in CUDA (general_xor.test explains the tile): each warp
// gathers eight columns of the rows {0, 1, 4, 5} (+ 8) of a row-major tile.
#include <cuda_runtime.h>

__global__ void gather_rows(const float* in, float* out)
{
    __shared__ float s[16][32];
    const int t = threadIdx.x;
    for (int i = 0; i < 8; ++i)
        s[i * 2 + t / 32][t % 32] = in[i * 64 + t];
    __syncthreads();
    const int r = ((t >> 3) & 1) | (((t >> 4) & 1) << 2) | ((t >> 5) << 3);
    out[t] = s[r][t & 7];
}

void launch(const float* in, float* out)
{
    gather_rows<<<1, 64>>>(in, out);
}
