// The flattened transpose of flat_tile.hip, saved with CRLF line endings:
// the fix keeps them, on the inserted stride line too.
#include <hip/hip_runtime.h>

#define TILE 32

__global__ void transpose_flat_crlf(float* out, const float* in)
{
    constexpr int s_stride = TILE + 1; // lds-rewrite: padded row stride of 's'
    __shared__ float s[TILE * s_stride];
    int tx = threadIdx.x, ty = threadIdx.y;

    for (int j = 0; j < TILE; j += 8)
        s[(ty + j) * s_stride + tx] = in[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx];
    __syncthreads();
    for (int j = 0; j < TILE; j += 8)
        out[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx] = s[tx * s_stride + ty + j];
}

void launch(float* out, const float* in, int blocks)
{
    transpose_flat_crlf<<<blocks, dim3(TILE, 8)>>>(out, in);
}
