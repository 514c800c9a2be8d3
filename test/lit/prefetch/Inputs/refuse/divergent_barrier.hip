// Rule 5: a barrier under a condition in the loop.
#include <hip/hip_runtime.h>

__global__ void k(const float *g, float *out, int n) {
  __shared__ float s[256];
  float acc = 0;
  for (int i = 0; i < n; ++i) {
    s[threadIdx.x] = g[i * 256 + threadIdx.x];
    __syncthreads();
    acc += s[255 - threadIdx.x];
    if (threadIdx.x < 64) {
      acc += s[threadIdx.x + 64];
      __syncthreads();
    }
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
