// Hand-written register prefetch of examples/matmul_tiled.hip (BENCHMARKS.md
// (5)), the next tiles loaded right after the first
// barrier, overlapping the compute (the placement of seb-v/fp32_sgemm_amd's kernel4,
// docs/barriers.md).

#include <hip/hip_runtime.h>

constexpr int BLOCK = 32;

__global__ void matmul_prefetch_after_hand(const float *A, const float *B, float *C, int wA, int wB) {
  __shared__ float As[BLOCK][BLOCK];
  __shared__ float Bs[BLOCK][BLOCK];
  const int bx = blockIdx.x, by = blockIdx.y;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int aBegin = wA * BLOCK * by, aEnd = aBegin + wA - 1, aStep = BLOCK;
  const int bBegin = BLOCK * bx, bStep = BLOCK * wB;
  float Csub = 0;
  float ra = A[aBegin + wA * ty + tx];
  float rb = B[bBegin + wB * ty + tx];
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    As[ty][tx] = ra;
    Bs[ty][tx] = rb;
    __syncthreads();
    const int an = a + aStep <= aEnd ? a + aStep : a;
    const int bn = a + aStep <= aEnd ? b + bStep : b;
    ra = A[an + wA * ty + tx];
    rb = B[bn + wB * ty + tx];
#pragma unroll
    for (int k = 0; k < BLOCK; ++k)
      Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[wB * BLOCK * by + BLOCK * bx + wB * ty + tx] = Csub;
}

