// lds-exposed-write-latency with a store through the pointer the loads
// read: each iteration loads row i and writes row i back. The race check
// enumerates every pair of the 256 threads and the 8 iterations: no store
// writes what a prefetch reads, so the move is legal before the wait. After
// the wait, the last iteration's clamped reload of row 7 would run beside
// its stores with no barrier between: refused, the pair named.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) rows(float *data) {
  __shared__ float s[256];
  // lds-rewrite: the first iteration's global loads, in registers (lds-exposed-write-latency)
  float s_reg{};
  {
    int i = 0;
    if (i < 8) {
      s_reg = data[i * 256 + threadIdx.x];
    }
  }
  for (int i = 0; i < 8; ++i) {
    s[threadIdx.x] = s_reg;
    // lds-rewrite: the next iteration's global loads, in flight across the barriers (clamped on the last)
    const bool has_next = (i + 1) < 8;
    const int i_next = has_next ? i + 1 : i;
    s_reg = data[i_next * 256 + threadIdx.x];
    __syncthreads();
    data[i * 256 + threadIdx.x] = 2.0f * s[255 - threadIdx.x];
    __syncthreads();
  }
}
