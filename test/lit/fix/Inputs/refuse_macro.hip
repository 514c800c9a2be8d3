// A flattened tile indexed through a macro: padding it changes the row
// stride written inside IDX, which other code may use for other arrays.
#include <hip/hip_runtime.h>

#define TILE 32
#define IDX(r, c) ((r) * 32 + (c))

__global__ void transpose_macro(float* out, const float* in)
{
    __shared__ float s[TILE * TILE];
    int tx = threadIdx.x, ty = threadIdx.y;

    for (int j = 0; j < TILE; j += 8)
        s[IDX(ty + j, tx)] = in[blockIdx.x * TILE * TILE + IDX(ty + j, tx)];
    __syncthreads();
    for (int j = 0; j < TILE; j += 8)
        out[blockIdx.x * TILE * TILE + IDX(ty + j, tx)] = s[IDX(tx, ty + j)];
}

void launch(float* out, const float* in, int blocks)
{
    transpose_macro<<<blocks, dim3(TILE, 8)>>>(out, in);
}
