// SGEMM tile: 128x128 block tile, 8-deep k slices staged in LDS, float4
// global loads through reinterpret_cast<float4*>, float4 LDS reads,
// __launch_bounds__(256).
// expect-lds: sgemm_128x128 8448
// expect-asm: ds_read_b128
#include <hip/hip_runtime.h>

#define BM 128
#define BN 128
#define BK 8
#define PAD 4

__global__ __launch_bounds__(256) void sgemm_128x128(const float *__restrict__ A,
                                                     const float *__restrict__ B, float *C,
                                                     int M, int N, int K, float alpha) {
  __shared__ float As[BK][BM + PAD];
  __shared__ float Bs[BK][BN + PAD];
  const int tid = threadIdx.x;
  const int tx = tid % 16, ty = tid / 16;
  const float *a = A + blockIdx.y * BM * K;
  const float *b = B + blockIdx.x * BN;
  float acc[8][8] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
    // A: 128 rows x 8 cols, 2 float4 per row -> 256 float4, one per thread
    int ar = tid / 2, ac = (tid % 2) * 4;
    float4 av = *reinterpret_cast<const float4 *>(&a[ar * K + k0 + ac]);
    As[ac + 0][ar] = av.x;
    As[ac + 1][ar] = av.y;
    As[ac + 2][ar] = av.z;
    As[ac + 3][ar] = av.w;
    int br = tid / 32, bc = (tid % 32) * 4;
    *reinterpret_cast<float4 *>(&Bs[br][bc]) =
        *reinterpret_cast<const float4 *>(&b[(k0 + br) * N + bc]);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float4 a0 = *reinterpret_cast<const float4 *>(&As[k][ty * 4]);
      float4 a1 = *reinterpret_cast<const float4 *>(&As[k][ty * 4 + 64]);
      float4 b0 = *reinterpret_cast<const float4 *>(&Bs[k][tx * 4]);
      float4 b1 = *reinterpret_cast<const float4 *>(&Bs[k][tx * 4 + 64]);
      float ar8[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      float br8[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(ar8[i], br8[j], acc[i][j]);
    }
    __syncthreads();
  }
  for (int i = 0; i < 8; ++i) {
    int row = blockIdx.y * BM + (i < 4 ? ty * 4 + i : 64 + ty * 4 + i - 4);
    float4 lo = make_float4(alpha * acc[i][0], alpha * acc[i][1], alpha * acc[i][2], alpha * acc[i][3]);
    float4 hi = make_float4(alpha * acc[i][4], alpha * acc[i][5], alpha * acc[i][6], alpha * acc[i][7]);
    *reinterpret_cast<float4 *>(&C[row * N + blockIdx.x * BN + tx * 4]) = lo;
    *reinterpret_cast<float4 *>(&C[row * N + blockIdx.x * BN + tx * 4 + 64]) = hi;
  }
}

void launch(const float *A, const float *B, float *C, int M, int N, int K, hipStream_t s) {
  dim3 grid(N / BN, M / BM);
  hipLaunchKernelGGL(sgemm_128x128, grid, dim3(256), 0, s, A, B, C, M, N, K, 1.0f);
}
