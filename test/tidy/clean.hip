// RUN: %check_clang_tidy %s lds-bank-conflict %t -- -- %hip_device_flags
//
// Conflict-free accesses: a padded transpose tile, a row read, a broadcast
// and sequential-addressing reduction. No warning, and -fix changes nothing.
#include <hip/hip_runtime.h>

__global__ void transpose_padded(float* out, const float* in, int width)
{
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j] + tile[0][0];
}

__global__ void reduce_sequential(const float* in, float* out)
{
    __shared__ float sdata[256];
    unsigned int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * 256 + tid];
    __syncthreads();
    for (unsigned int s = 128; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

void launch(float* out, const float* in)
{
    transpose_padded<<<dim3(32, 32), dim3(32, 8)>>>(out, in, 1024);
    reduce_sequential<<<64, 256>>>(in, out);
}
