// Row sums of 32x32 tiles, 32x8 threads per block: thread (tx, ty) adds up
// every 8th element of row tx. The shared tile is read through a __device__
// helper that takes a plain float pointer; with the tile passed in, lanes
// tx = 0..31 read t[tx*32 + c]: one column, all in one bank.
#include <hip/hip_runtime.h>

__device__ float load_col(const float* t, int r, int c) { return t[r * 32 + c]; }

__global__ void row_sums(const float* in, float* out)
{
    __shared__ float tile[32 * 32];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const float* src = in + blockIdx.x * 32 * 32;
    for (int r = ty; r < 32; r += 8)
        tile[r * 32 + tx] = src[r * 32 + tx];
    __syncthreads();

    float s = 0.0f;
    for (int c = ty; c < 32; c += 8)
        s += load_col(tile, tx, c);
    atomicAdd(&out[blockIdx.x * 32 + tx], s);
}

int main()
{
    const int tiles = 4096;
    float* in = nullptr;
    float* out = nullptr;
    (void)hipMalloc(&in, tiles * 32 * 32 * sizeof(float));
    (void)hipMalloc(&out, tiles * 32 * sizeof(float));
    row_sums<<<tiles, dim3(32, 8)>>>(in, out);
    (void)hipDeviceSynchronize();
    (void)hipFree(in);
    (void)hipFree(out);
    return 0;
}
