// One translation unit of compile_db.test: includes the header kernel and
// has a conflicting kernel of its own.
#include "shared_kernel.h"

__global__ void a_kernel(float* out)
{
    __shared__ float s[64][32];
    s[threadIdx.x % 64][threadIdx.x / 64] = 1.0f;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x / 32][threadIdx.x % 32];
}

void launch_a(const float* in, float* out)
{
    column_sum<<<1, dim3(32, 8)>>>(in, out);
    a_kernel<<<1, 256>>>(out);
}
