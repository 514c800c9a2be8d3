// Rule 4: inline asm in the loop may access memory or hold a barrier.
#include <hip/hip_runtime.h>

__global__ void k(const float *g, float *out, int n) {
  __shared__ float s[256];
  float acc = 0;
  for (int i = 0; i < n; ++i) {
    s[threadIdx.x] = g[i * 256 + threadIdx.x];
    __syncthreads();
    acc += s[255 - threadIdx.x];
    asm volatile("s_nop 0");
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
