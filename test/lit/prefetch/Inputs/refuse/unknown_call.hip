// Rule 4: a call the tool does not know to be pure.
#include <hip/hip_runtime.h>
__device__ float helper(float);

__global__ void k(const float *g, float *out, int n) {
  __shared__ float s[256];
  float acc = 0;
  for (int i = 0; i < n; ++i) {
    s[threadIdx.x] = g[i * 256 + threadIdx.x];
    __syncthreads();
    acc += s[255 - threadIdx.x];
    acc = helper(acc);
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
