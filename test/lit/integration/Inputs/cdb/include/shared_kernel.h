// A kernel defined in a header that two translation units include: its
// finding must be reported once (compile_db.test).
#pragma once
#include <hip/hip_runtime.h>

__global__ void column_sum(const float* in, float* out)
{
    __shared__ float tile[32][32];
    for (int r = threadIdx.y; r < 32; r += 8)
        tile[r][threadIdx.x] = in[r * 32 + threadIdx.x];
    __syncthreads();
    float acc = 0.0f;
    for (int r = 0; r < 32; ++r)
        acc += tile[threadIdx.x][r];
    out[threadIdx.y * 32 + threadIdx.x] = acc;
}
