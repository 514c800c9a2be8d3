// Rule 3: the refill is guarded by a value the loop computes after the barrier.
#include <hip/hip_runtime.h>

__global__ void k(const float *g, float *out, int n) {
  __shared__ float s[256];
  float acc = 0;
  int skip = 0;
  for (int i = 0; i < n; ++i) {
    if (!skip)
      s[threadIdx.x] = g[i * 256 + threadIdx.x];
    __syncthreads();
    acc += s[255 - threadIdx.x];
    skip = acc > 100.f;
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
