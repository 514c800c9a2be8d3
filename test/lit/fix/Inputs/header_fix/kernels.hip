// Two transposes through tiles declared in the project's header tiles.h:
// padding either one edits that header; the flattened one's accesses, here,
// take the padded stride declared next to it there.
#include <hip/hip_runtime.h>
#include "tiles.h"

__global__ void transpose_2d(float* out, const float* in)
{
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        tile[ty + j][tx] = in[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx];
    __syncthreads();
    for (int j = 0; j < TILE; j += 8)
        out[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx] = tile[tx][ty + j];
}

__global__ void transpose_flat(float* out, const float* in)
{
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        flat[(ty + j) * TILE + tx] = in[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx];
    __syncthreads();
    for (int j = 0; j < TILE; j += 8)
        out[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx] = flat[tx * TILE + ty + j];
}

void launch(float* out, const float* in, int tiles)
{
    transpose_2d<<<tiles, dim3(TILE, 8)>>>(out, in);
    transpose_flat<<<tiles, dim3(TILE, 8)>>>(out, in);
}
