// Rule 1: the value stored reads LDS (its index comes from a shared table).
#include <hip/hip_runtime.h>

__global__ void k(const float *g, float *out, int n) {
  __shared__ float s[256];
  float acc = 0;
  __shared__ int perm[256];
  perm[threadIdx.x] = 255 - threadIdx.x;
  __syncthreads();
  for (int i = 0; i < n; ++i) {
    s[threadIdx.x] = g[i * 256 + perm[threadIdx.x]];
    __syncthreads();
    acc += s[255 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
