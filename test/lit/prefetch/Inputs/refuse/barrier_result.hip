// Rule 3: the refill uses the result of a __syncthreads_or of the loop.
#include <hip/hip_runtime.h>

__global__ void k(const float *g, float *out, int n) {
  __shared__ float s[256];
  float acc = 0;
  int more = 1;
  for (int i = 0; i < n; ++i) {
    s[threadIdx.x] = more ? g[i * 256 + threadIdx.x] : 0.f;
    more = __syncthreads_or(s[threadIdx.x] > 0.f);
    acc += s[255 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
