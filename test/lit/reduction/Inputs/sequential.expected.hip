// lds-reduction-tail: a block sum with sequential addressing, 256 threads
// (__launch_bounds__). Its last levels stay within one wave.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) block_sum(const float *in, float *out) {
  __shared__ float partial_sums[256];
  const unsigned tid = threadIdx.x;
  partial_sums[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  { // lds-rewrite: the last log2(warpSize) levels with wave shuffles, in the same pairs (lds-reduction-tail)
    unsigned s = blockDim.x / 2;
    for (; s > warpSize / 2; s >>= 1) {
      if (tid < s)
        partial_sums[tid] += partial_sums[tid + s];
      __syncthreads();
    }
    if (tid < warpSize) {
      float partial = partial_sums[tid];
      for (; s > 0; s >>= 1)
        partial += __shfl_down(partial, s);
      if (tid == 0)
        partial_sums[0] = partial;
    }
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = partial_sums[0];
}
