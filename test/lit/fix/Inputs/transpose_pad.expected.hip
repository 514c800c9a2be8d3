// 32x32 transpose through a shared tile, block 32x8: the column read
// tile[threadIdx.x][threadIdx.y + j] puts a whole row of lanes on one bank.
#include <hip/hip_runtime.h>

constexpr int TILE = 32;
constexpr int ROWS = 8;

__global__ void transpose(float* out, const float* in, int width, int height)
{
    __shared__ float tile[TILE][TILE + 1];

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
