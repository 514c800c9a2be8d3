// The 2-D tile is cleared through its first row, tile[0][i] for i up to
// TILE * TILE: not one element [row][column], so no new layout is safe.
#include <hip/hip_runtime.h>

constexpr int TILE = 32;

__global__ void transpose_cleared(float* out, const float* in)
{
    __shared__ float tile[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;

    for (int i = ty * TILE + tx; i < TILE * TILE; i += 256)
        tile[0][i] = 0.0f;
    __syncthreads();
    for (int j = 0; j < TILE; j += 8)
        tile[ty + j][tx] += in[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx];
    __syncthreads();
    for (int j = 0; j < TILE; j += 8)
        out[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx] = tile[tx][ty + j];
}

void launch(float* out, const float* in, int blocks)
{
    transpose_cleared<<<blocks, dim3(TILE, 8)>>>(out, in);
}
