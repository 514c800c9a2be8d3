// Block sum with interleaved addressing ("reduction #1" of the classic
// CUDA reduction talk), 1024 threads per block. In step s, thread tid adds
// element 2*s*tid + s into 2*s*tid: the active threads touch shared memory
// with a stride of 2*s floats, so the bank conflict grows with s until the
// stride reaches 32 floats, then shrinks as fewer threads stay active.
// reduction_sequential.hip is the conflict-free version.
#include <hip/hip_runtime.h>

constexpr unsigned int BLOCK = 1024;

__global__ void reduce_interleaved(const float* in, float* out, unsigned int n)
{
    __shared__ float sdata[BLOCK];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();

    { // lds-rewrite: the first log2(warpSize) levels with wave shuffles, in the same pairs (lds-reduction-tail)
        float partial = sdata[tid];
        unsigned int s = 1;
        for (; s < warpSize; s *= 2)
            partial += __shfl_down(partial, s);
        if (tid % warpSize == 0)
            sdata[tid] = partial;
        __syncthreads();
        for (; s < blockDim.x; s *= 2) {
            unsigned int index = 2 * s * tid;
            if (index < blockDim.x)
                sdata[index] += sdata[index + s];
            __syncthreads();
        }
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
    hipLaunchKernelGGL(reduce_interleaved, dim3(blocks), dim3(BLOCK), 0, 0, in, out, n);
    (void)hipDeviceSynchronize();
    (void)hipFree(in);
    (void)hipFree(out);
    return 0;
}
