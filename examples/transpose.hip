// Matrix transpose through a 32x32 shared tile, 32x8 threads per block.
// The tile's rows are 32 floats = 128 bytes, exactly one sweep of the 32
// banks, so reading a tile column puts every lane of a row on one bank.
// transpose_padded.hip is the fixed version.
#include <hip/hip_runtime.h>

constexpr int TILE_DIM = 32;
constexpr int BLOCK_ROWS = 8;

__global__ void transpose(float* out, const float* in, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main()
{
    const int width = 1024, height = 1024;
    float* in = nullptr;
    float* out = nullptr;
    (void)hipMalloc(&in, width * height * sizeof(float));
    (void)hipMalloc(&out, width * height * sizeof(float));
    transpose<<<dim3(width / TILE_DIM, height / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS)>>>(
        out, in, width, height);
    (void)hipDeviceSynchronize();
    (void)hipFree(in);
    (void)hipFree(out);
    return 0;
}
