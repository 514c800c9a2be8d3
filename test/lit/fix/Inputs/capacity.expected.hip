// A transpose tile next to a 60 KiB staging buffer: the kernel uses all
// 64 KiB of a gfx942 workgroup's LDS, so the tile cannot grow by a single
// byte. The fix must be a swizzle.
#include <hip/hip_runtime.h>

constexpr int TILE = 32;
constexpr int STAGE = 15360;   // floats: 60 KiB

__global__ void transpose_staged(float* out, const float* in)
{
    __shared__ float stage[STAGE];
    __shared__ float tile[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int tid = ty * TILE + tx;

    for (int i = tid; i < STAGE; i += 256)
        stage[i] = in[blockIdx.x * STAGE + i];
    for (int j = 0; j < TILE; j += 8)
        tile[ty + j][tx ^ ((ty + j) & 31)] = stage[(ty + j) * TILE + tx];
    __syncthreads();

    for (int j = 0; j < TILE; j += 8)
        out[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx] = tile[tx][(ty + j) ^ (tx & 31)];
}

void launch(float* out, const float* in, int blocks)
{
    transpose_staged<<<blocks, dim3(TILE, 8)>>>(out, in);
}
