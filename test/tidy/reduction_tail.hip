// RUN: %check_clang_tidy %s lds-reduction-tail %t -- -- %hip_device_flags
//
// lds-reduction-tail in clang-tidy: a block sum of 256 threads
// (__launch_bounds__) on gfx942; the fix-it does the in-wave levels with
// __shfl_down, in the same pairs.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) block_sum(const float *in, float *out) {
  __shared__ float sums[256];
  const unsigned tid = threadIdx.x;
  sums[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: tree reduction over 'sums' with a barrier per level: its last levels (6 on gfx942) stay within one wave and need no barrier [lds-reduction-tail]
    // CHECK-MESSAGES: :[[@LINE-2]]:3: note: fix: do them with wave shuffles in the same pairs, so every sum is the same bits; barriers per block of 256 threads: 8 -> 3 on gfx942
    if (tid < s)
      sums[tid] += sums[tid + s];
    __syncthreads();
  }
  // CHECK-FIXES: for (; s > warpSize / 2; s >>= 1) {
  // CHECK-FIXES: float partial = sums[tid];
  // CHECK-FIXES: partial += __shfl_down(partial, s);
  // CHECK-FIXES: sums[0] = partial;
  if (tid == 0)
    out[blockIdx.x] = sums[0];
}
