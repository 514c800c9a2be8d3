// One transpose kernel template, instantiated twice: TILE x (TILE + PAD)
// shared tile, TILE x 8 threads per block. transpose_tiled<32, 0> reads its
// tile column-wise with rows exactly one bank sweep long (conflicted);
// transpose_tiled<32, 1> pads each row by one float (conflict-free).
// The tool analyses each instantiation with its own template arguments.
#include <hip/hip_runtime.h>

template <int TILE, int PAD>
__global__ void transpose_tiled(float* out, const float* in, int n)
{
    __shared__ float tile[TILE][TILE + PAD];

    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += blockDim.y)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];

    __syncthreads();

    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += blockDim.y)
        out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main()
{
    const int n = 2048;
    float* in = nullptr;
    float* out = nullptr;
    (void)hipMalloc(&in, n * n * sizeof(float));
    (void)hipMalloc(&out, n * n * sizeof(float));
    hipLaunchKernelGGL(HIP_KERNEL_NAME(transpose_tiled<32, 0>), dim3(n / 32, n / 32), dim3(32, 8),
                       0, 0, out, in, n);
    hipLaunchKernelGGL(HIP_KERNEL_NAME(transpose_tiled<32, 1>), dim3(n / 32, n / 32), dim3(32, 8),
                       0, 0, out, in, n);
    (void)hipDeviceSynchronize();
    (void)hipFree(in);
    (void)hipFree(out);
    return 0;
}
