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
  for (int t = 0; t < n; t += TILE) {
    As[ty][tx] = A[row * n + t + tx];
    Bs[ty][tx] = B[(t + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

void launch(const float *A, const float *B, float *C, int n) {
  tiled<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(A, B, C, n);
}
