// lds-exposed-write-latency: the tiled matmul of the CUDA samples' shape.
// Each iteration stores a tile of A and of B to LDS and waits for them at
// once; the next tiles' loads start only after the trailing barrier. Legal
// to prefetch: the loop stores nothing to global memory (C is written after
// it), no atomics, fences, calls or asm, uniform trip count.
#include <hip/hip_runtime.h>

constexpr int TILE = 16;

__global__ void tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0;
  // lds-rewrite: the first iteration's global loads, in registers (lds-exposed-write-latency)
  float As_reg{};
  float Bs_reg{};
  {
    int t = 0;
    if (t < n) {
      As_reg = A[row * n + t + tx];
      Bs_reg = B[(t + ty) * n + col];
    }
  }
  for (int t = 0; t < n; t += TILE) {
    As[ty][tx] = As_reg;
    Bs[ty][tx] = Bs_reg;
    __syncthreads();
    // lds-rewrite: the next iteration's global loads, in flight across the compute (clamped on the last)
    const bool has_next = (t + TILE) < n;
    const int t_next = has_next ? t + TILE : t;
    As_reg = A[row * n + t_next + tx];
    Bs_reg = B[(t_next + ty) * n + col];
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

void launch(const float *A, const float *B, float *C, int n) {
  tiled<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(A, B, C, n);
}
