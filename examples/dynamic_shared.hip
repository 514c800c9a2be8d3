// Out-of-place transpose of 32x32 tiles through one dynamic shared buffer,
// carved into two arrays: a (the tile as loaded, row-major) and b (the
// transposed tile). 256 threads per block, each handling 4 elements.
// Gathering a column of a (stride 32 floats) is the conflicted access;
// the carve-up offset (1024 floats) does not move any bank.
#include <hip/hip_runtime.h>

constexpr int TILE = 32;

__global__ void transpose_dynamic(const float* in, float* out)
{
    extern __shared__ float smem[];
    float* a = smem;
    float* b = smem + TILE * TILE;

    const float* src = in + blockIdx.x * TILE * TILE;
    float* dst = out + blockIdx.x * TILE * TILE;

    for (int i = threadIdx.x; i < TILE * TILE; i += blockDim.x)
        a[i] = src[i];
    __syncthreads();

    for (int i = threadIdx.x; i < TILE * TILE; i += blockDim.x)
        b[i] = a[(i % TILE) * TILE + i / TILE];
    __syncthreads();

    for (int i = threadIdx.x; i < TILE * TILE; i += blockDim.x)
        dst[i] = b[i];
}

int main()
{
    const int tiles = 4096;
    float* in = nullptr;
    float* out = nullptr;
    (void)hipMalloc(&in, tiles * TILE * TILE * sizeof(float));
    (void)hipMalloc(&out, tiles * TILE * TILE * sizeof(float));
    transpose_dynamic<<<tiles, 256, 2 * TILE * TILE * sizeof(float)>>>(in, out);
    (void)hipDeviceSynchronize();
    (void)hipFree(in);
    (void)hipFree(out);
    return 0;
}
