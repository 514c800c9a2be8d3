// Rule 7 of barriers.md: 'heavy' holds 8 loads per thread and iteration
// and 32 accumulators; its prefetch needs 12 more VGPRs and costs a wave
// per SIMD on gfx942 (5 -> 4). 'light' loses nothing: its prefetch goes.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) heavy(const float *__restrict__ A, float *C, int tiles) {
  __shared__ float As[8][256];
  const int tx = threadIdx.x;
  float acc[32];
#pragma unroll
  for (int j = 0; j < 32; ++j)
    acc[j] = 0;
  for (int t = 0; t < tiles; ++t) {
    As[0][tx] = A[(t * 8 + 0) * 256 + tx];
    As[1][tx] = A[(t * 8 + 1) * 256 + tx];
    As[2][tx] = A[(t * 8 + 2) * 256 + tx];
    As[3][tx] = A[(t * 8 + 3) * 256 + tx];
    As[4][tx] = A[(t * 8 + 4) * 256 + tx];
    As[5][tx] = A[(t * 8 + 5) * 256 + tx];
    As[6][tx] = A[(t * 8 + 6) * 256 + tx];
    As[7][tx] = A[(t * 8 + 7) * 256 + tx];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 32; ++j)
      acc[j] += As[j % 8][(tx + j) % 256] * As[(j + 3) % 8][tx];
    __syncthreads();
  }
  float sum = 0;
#pragma unroll
  for (int j = 0; j < 32; ++j)
    sum += acc[j] * (j + 1);
  C[blockIdx.x * 256 + tx] = sum;
}

__global__ void __launch_bounds__(256) light(const float *A, float *C, int tiles) {
  __shared__ float Bs[256];
  const int tx = threadIdx.x;
  float acc = 0;
  // lds-rewrite: the first iteration's global loads, in registers (lds-exposed-write-latency)
  float Bs_reg{};
  {
    int t = 0;
    if (t < tiles) {
      Bs_reg = A[t * 256 + tx];
    }
  }
  for (int t = 0; t < tiles; ++t) {
    Bs[tx] = Bs_reg;
    // lds-rewrite: the next iteration's global loads, in flight across the barriers (clamped on the last)
    const bool has_next = (t + 1) < tiles;
    const int t_next = has_next ? t + 1 : t;
    Bs_reg = A[t_next * 256 + tx];
    __syncthreads();
    acc += Bs[(tx + 1) % 256];
    __syncthreads();
  }
  C[tx] = acc;
}
