// Each warp gathers four columns of rows spread by bits 2, 4 and 6 of the
// lane (and bit 3 from bit 5): a tile of half a bank cycle per row, where
// only a pad with a general XOR layout is conflict-free.
#include <hip/hip_runtime.h>

__global__ void gather_spread(const float4* in, float* out)
{
    __shared__ float s[128][16];
    const int t = threadIdx.x;
    *reinterpret_cast<float4*>(&s[(t >> 6) * 16 + t % 16][((t >> 4) & 3) * 4]) = in[t];
    __syncthreads();
    const int r = (t & 4) | (t & 8) << 1 | (t & 16) << 2 | (t & 32) >> 2;
    out[t] = s[r][t & 3];
}

void launch(const float4* in, float* out)
{
    gather_spread<<<1, 512>>>(in, out);
}
