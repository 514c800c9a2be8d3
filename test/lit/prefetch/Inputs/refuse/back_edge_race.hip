// Rule 2, across the loop's back edge: each iteration writes the row the
// next one loads. Prefetching row i + 1 before iteration i has written it
// would read the old value: a race the move would create.
#include <hip/hip_runtime.h>

__global__ void k(float *data, int n) {
  __shared__ float s[256];
  for (int i = 0; i + 1 < n; ++i) {
    s[threadIdx.x] = data[i * 256 + threadIdx.x];
    __syncthreads();
    data[(i + 1) * 256 + threadIdx.x] += s[255 - threadIdx.x];
    __syncthreads();
  }
}
