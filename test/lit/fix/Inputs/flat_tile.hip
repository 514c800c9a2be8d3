// A 32x32 tile flattened to one dimension: filled linearly (s[i]), read by
// columns (s[c * TILE + r]). TILE is used for other things too (the grid,
// the global indices), so the fix must leave it alone.
#include <hip/hip_runtime.h>

#define TILE 32

__global__ void transpose_flat(float* out, const float* in)
{
    __shared__ float s[TILE * TILE];

    const float* src = in + blockIdx.x * TILE * TILE;
    float* dst = out + blockIdx.x * TILE * TILE;
    int tid = threadIdx.y * TILE + threadIdx.x;

    for (int i = tid; i < TILE * TILE; i += 256)
        s[i] = src[i];
    __syncthreads();

    for (int j = 0; j < TILE; j += 8) {
        int r = threadIdx.y + j, c = threadIdx.x;
        dst[r * TILE + c] = s[c * TILE + r];
    }
}

void launch(float* out, const float* in, int tiles)
{
    transpose_flat<<<tiles, dim3(TILE, 8)>>>(out, in);
}
