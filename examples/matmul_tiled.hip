// Tiled matrix multiply in the shape of the CUDA samples' matrixMul: one
// 32 x 32 tile of C per block, the A and B tiles staged through LDS. Each
// iteration stores both tiles and waits for them at once; the next tiles'
// global loads start only after the trailing barrier. lds-rewrite's
// lds-exposed-write-latency prefetches them into registers
// (bench/specs/matmul_tiled.yaml measures it, BENCHMARKS.md (5)).
#include <hip/hip_runtime.h>

constexpr int BLOCK = 32;

__global__ void matmul(const float *A, const float *B, float *C, int wA, int wB) {
  __shared__ float As[BLOCK][BLOCK];
  __shared__ float Bs[BLOCK][BLOCK];
  const int bx = blockIdx.x, by = blockIdx.y;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int aBegin = wA * BLOCK * by, aEnd = aBegin + wA - 1, aStep = BLOCK;
  const int bBegin = BLOCK * bx, bStep = BLOCK * wB;
  float Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK; ++k)
      Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[wB * BLOCK * by + BLOCK * bx + wB * ty + tx] = Csub;
}

void launch(const float *A, const float *B, float *C, int n) {
  matmul<<<dim3(n / BLOCK, n / BLOCK), dim3(BLOCK, BLOCK)>>>(A, B, C, n, n);
}
