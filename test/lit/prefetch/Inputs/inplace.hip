// lds-exposed-write-latency with a store through the pointer the loads
// read: each iteration loads row i and writes row i back. The race check
// enumerates every pair of the 256 threads and the 8 iterations: no store
// writes what a prefetch reads, so the move is legal before the wait. After
// the wait, the last iteration's clamped reload of row 7 would run beside
// its stores with no barrier between: refused, the pair named.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) rows(float *data) {
  __shared__ float s[256];
  for (int i = 0; i < 8; ++i) {
    s[threadIdx.x] = data[i * 256 + threadIdx.x];
    __syncthreads();
    data[i * 256 + threadIdx.x] = 2.0f * s[255 - threadIdx.x];
    __syncthreads();
  }
}
