// The tile shares its storage with an int view through a union: a new
// layout of one member would not move the other.
#include <hip/hip_runtime.h>

constexpr int TILE = 32;

__global__ void transpose_union(float* out, const float* in, int* flags)
{
    __shared__ union {
        float f[TILE][TILE];
        int i[TILE * TILE];
    } u;
    int tx = threadIdx.x, ty = threadIdx.y;

    for (int j = 0; j < TILE; j += 8)
        u.f[ty + j][tx] = in[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx];
    __syncthreads();
    for (int j = 0; j < TILE; j += 8)
        out[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx] = u.f[tx][ty + j];
    flags[blockIdx.x * 256 + ty * TILE + tx] = u.i[ty * TILE + tx];
}

void launch(float* out, const float* in, int* flags, int blocks)
{
    transpose_union<<<blocks, dim3(TILE, 8)>>>(out, in, flags);
}
