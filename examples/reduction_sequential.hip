// Block sum with sequential addressing ("reduction #3"): in step s the
// first s threads add element tid + s into tid. Active lanes always touch
// consecutive floats, so there is no bank conflict in any step.
// Same launch as reduction_interleaved.hip (1024 threads per block).
#include <hip/hip_runtime.h>

constexpr unsigned int BLOCK = 1024;

__global__ void reduce_sequential(const float* in, float* out, unsigned int n)
{
    __shared__ float sdata[BLOCK];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

int main()
{
    const unsigned int n = 1 << 24;
    const unsigned int blocks = (n + BLOCK - 1) / BLOCK;
    float* in = nullptr;
    float* out = nullptr;
    (void)hipMalloc(&in, n * sizeof(float));
    (void)hipMalloc(&out, blocks * sizeof(float));
    hipLaunchKernelGGL(reduce_sequential, dim3(blocks), dim3(BLOCK), 0, 0, in, out, n);
    (void)hipDeviceSynchronize();
    (void)hipFree(in);
    (void)hipFree(out);
    return 0;
}
