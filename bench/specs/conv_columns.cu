// The column pass of a separable 2-D convolution, shaped after the CUDA
// samples' convolutionSeparable: a block of 16 x 8 threads stages a tile 16
// columns wide and (8 results + 2 halo) x 8 rows tall in LDS, stored
// transposed (s_Data[column][row]) so that each thread walks its own column,
// and convolves it with a 17-tap filter. The samples pad the row by one
// float; this version does not (COL_PAD = 0): a row is 80 floats, so the 16
// columns of a warp land on 2 banks' worth of rows -> 8-way conflicts on
// every access. conv_columns.yaml also builds it with -DCOL_PAD=1, the
// samples' padding, which leaves a 2-way conflict with this 16 x 8 block.
#include <cuda_runtime.h>

#ifndef COL_PAD
#define COL_PAD 0
#endif

constexpr int KERNEL_RADIUS = 8;
constexpr int COLUMNS_BLOCKDIM_X = 16;
constexpr int COLUMNS_BLOCKDIM_Y = 8;
constexpr int COLUMNS_RESULT_STEPS = 8;
constexpr int COLUMNS_HALO_STEPS = 1;
constexpr int COLUMNS_TILE_H = (COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y;

__global__ void convolutionColumns(float* d_Dst, const float* d_Src, const float* c_Kernel,
                                   int imageW, int imageH, int pitch)
{
    __shared__ float s_Data[COLUMNS_BLOCKDIM_X][COLUMNS_TILE_H + COL_PAD];

    // Offset to the upper halo edge.
    const int baseX = blockIdx.x * COLUMNS_BLOCKDIM_X + threadIdx.x;
    const int baseY = (blockIdx.y * COLUMNS_RESULT_STEPS - COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y + threadIdx.y;
    const float* src = d_Src + (long long)baseY * pitch + baseX;
    float* dst = d_Dst + (long long)baseY * pitch + baseX;

    // Main data.
    for (int i = COLUMNS_HALO_STEPS; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i++)
        s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] = src[(long long)i * COLUMNS_BLOCKDIM_Y * pitch];
    // Upper halo.
    for (int i = 0; i < COLUMNS_HALO_STEPS; i++)
        s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
            (baseY >= -i * COLUMNS_BLOCKDIM_Y) ? src[(long long)i * COLUMNS_BLOCKDIM_Y * pitch] : 0;
    // Lower halo.
    for (int i = COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i < 2 * COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i++)
        s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
            (imageH - baseY > i * COLUMNS_BLOCKDIM_Y) ? src[(long long)i * COLUMNS_BLOCKDIM_Y * pitch] : 0;

    __syncthreads();

    for (int i = COLUMNS_HALO_STEPS; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i++) {
        float sum = 0;
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
            sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y + j];
        dst[(long long)i * COLUMNS_BLOCKDIM_Y * pitch] = sum;
    }
}

int main()
{
    const int W = 3072, H = 3072;
    float *src = nullptr, *dst = nullptr, *k = nullptr;
    (void)cudaMalloc(&src, W * H * sizeof(float));
    (void)cudaMalloc(&dst, W * H * sizeof(float));
    (void)cudaMalloc(&k, (2 * KERNEL_RADIUS + 1) * sizeof(float));
    convolutionColumns<<<dim3(W / COLUMNS_BLOCKDIM_X, H / (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y)),
                         dim3(COLUMNS_BLOCKDIM_X, COLUMNS_BLOCKDIM_Y)>>>(dst, src, k, W, H, W);
    (void)cudaDeviceSynchronize();
    (void)cudaFree(src);
    (void)cudaFree(dst);
    (void)cudaFree(k);
    return 0;
}
