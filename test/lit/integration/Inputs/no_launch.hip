// A kernel launched from another translation unit: nothing here gives its
// block shape, so it is the default (256 x 1 x 1) or the project's Block
// (project_config.test). A lane group of 32 lanes on gfx942:
//   256 x 1 x 1: x = 0-31, y = 0. The column read (word 32 * x + y) puts
//     32 words in one bank: 32-way; the row store is clean.
//   8 x 8 x 1: x = 0-7 of 4 rows y. The column read: 8 words per bank,
//     8-way; the row store (word 32 * y + x): 4 words per bank, 4-way.
#include <hip/hip_runtime.h>

__global__ void column_read(float* out)
{
    __shared__ float tile[32][32];
    tile[threadIdx.y % 32][threadIdx.x % 32] = threadIdx.x;
    __syncthreads();
    out[threadIdx.y * blockDim.x + threadIdx.x] = tile[threadIdx.x % 32][threadIdx.y % 32];
}
