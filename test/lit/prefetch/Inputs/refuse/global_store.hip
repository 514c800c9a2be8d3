// Rule 2: a global store in the loop may write what the next iteration's loads read.
#include <hip/hip_runtime.h>

__global__ void k(const float *g, float *out, int n) {
  __shared__ float s[256];
  float acc = 0;
  for (int i = 0; i < n; ++i) {
    s[threadIdx.x] = g[i * 256 + threadIdx.x];
    __syncthreads();
    acc += s[255 - threadIdx.x];
    out[i * 256 + threadIdx.x] = acc;
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
