// The other translation unit of compile_db.test.
#include "shared_kernel.h"

__global__ void b_kernel(float* out)
{
    __shared__ double d[32][32];
    d[threadIdx.x % 32][threadIdx.x / 32] = 1.0;
    __syncthreads();
    out[threadIdx.x] = (float)d[threadIdx.x / 32][threadIdx.x % 32];
}

void launch_b(const float* in, float* out)
{
    column_sum<<<1, dim3(32, 8)>>>(in, out);
    b_kernel<<<1, 256>>>(out);
}
