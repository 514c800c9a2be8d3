// An array of unions: every element is also an int.
#include <hip/hip_runtime.h>

constexpr int TILE = 32;

union Cell {
    float f;
    int i;
};

__global__ void transpose_cells(float* out, const float* in)
{
    __shared__ Cell tile[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;

    for (int j = 0; j < TILE; j += 8)
        tile[ty + j][tx].f = in[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx];
    __syncthreads();
    for (int j = 0; j < TILE; j += 8)
        out[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx] = tile[tx][ty + j].f;
}

void launch(float* out, const float* in, int blocks)
{
    transpose_cells<<<blocks, dim3(TILE, 8)>>>(out, in);
}
