// The strided column read of test/oracle/time_pad.cu without its
// template: one block of 1024 threads reads columns of a [64][64+PAD] fp16
// tile, each warp lane a different row. PAD is 0 here; bench/specs/
// colread_fp16.yaml builds the same file with -DPAD=1,2,4,8,32 as hand
// variants, and the tool's fix of the PAD=0 original, for sm_90.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#ifndef PAD
#define PAD 0
#endif
constexpr int kRow = 64 + PAD;

__global__ void colread(float* out, int iters) {
  __shared__ __half s[64][kRow];
  // The same values for every PAD: element [r][c] holds (64 r + c) & 1023.
  for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x)
    s[i / 64][i % 64] = __int2half_rn(i & 1023);
  __syncthreads();
  int lane = threadIdx.x & 31;
  float acc = 0.f;
  for (int k = 0; k < iters; ++k) {
    int col = (k + (threadIdx.x >> 5)) & 63;
    acc += __half2float(s[lane][col]);
    acc += __half2float(s[lane + 32][col]);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main() {
  float* out = nullptr;
  (void)cudaMalloc(&out, 528 * 1024 * sizeof(float));
  colread<<<528, 1024>>>(out, 2048);
  (void)cudaDeviceSynchronize();
  (void)cudaFree(out);
  return 0;
}
