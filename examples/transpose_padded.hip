// The transpose of transpose.hip with one padding float per tile row.
// A row is now 33 floats, so element [r][c] sits in bank (r + c) % 32 and a
// column read spreads over all 32 banks: no conflict on any target.
// (128 more bytes of LDS per block.)
#include <hip/hip_runtime.h>

constexpr int TILE_DIM = 32;
constexpr int BLOCK_ROWS = 8;

__global__ void transpose_padded(float* out, const float* in, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

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
    transpose_padded<<<dim3(width / TILE_DIM, height / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS)>>>(
        out, in, width, height);
    (void)hipDeviceSynchronize();
    (void)hipFree(in);
    (void)hipFree(out);
    return 0;
}
