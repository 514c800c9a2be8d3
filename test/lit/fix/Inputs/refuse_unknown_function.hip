// The tile's address escapes to a function defined in another translation
// unit: the tool cannot see (or rewrite) how it indexes the tile.
#include <hip/hip_runtime.h>

constexpr int TILE = 32;

__device__ void publish(float* tile, int n);

__global__ void transpose_publish(float* out, const float* in)
{
    __shared__ float tile[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;

    for (int j = 0; j < TILE; j += 8)
        tile[ty + j][tx] = in[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx];
    __syncthreads();
    publish(&tile[0][0], TILE * TILE);
    for (int j = 0; j < TILE; j += 8)
        out[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx] = tile[tx][ty + j];
}

void launch(float* out, const float* in, int blocks)
{
    transpose_publish<<<blocks, dim3(TILE, 8)>>>(out, in);
}
