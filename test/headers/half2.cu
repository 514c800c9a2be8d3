// __half / __half2 / __nv_bfloat16 tiles in shared memory (CUDA).
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half2_axpy(const __half2 *x, __half2 *y, float a, int n) {
  __shared__ __half2 xs[256];
  __shared__ half2 ys[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  xs[threadIdx.x] = x[i];
  ys[threadIdx.x] = y[i];
  __syncthreads();
  __half2 a2 = __float2half2_rn(a);
  __half2 r = __hfma2(a2, xs[threadIdx.x], ys[(threadIdx.x + 1) % 256]);
  r = __hadd2(r, __halves2half2(__float2half(1.0f), __float2half(0.5f)));
  float lo = __low2float(r), hi = __high2float(r);
  if (i < n) y[i] = __floats2half2_rn(lo, hi);
}

__global__ void half_transpose(const __half *in, __half *out, int n) {
  __shared__ __half tile[64][64 + 4];
  for (int r = threadIdx.y; r < 64; r += blockDim.y)
    tile[r][threadIdx.x] = in[(blockIdx.y * 64 + r) * n + blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  for (int r = threadIdx.y; r < 64; r += blockDim.y) {
    __half v = tile[threadIdx.x][r];
    out[(blockIdx.x * 64 + r) * n + blockIdx.y * 64 + threadIdx.x] = __hmul(v, __float2half(2.0f));
  }
}

__global__ void bf16_scale(__nv_bfloat16 *p, float s) {
  __shared__ __nv_bfloat16 t[128];
  __shared__ __nv_bfloat162 t2[64];
  t[threadIdx.x] = p[threadIdx.x];
  if (threadIdx.x < 64) t2[threadIdx.x] = __floats2bfloat162_rn(1.0f, 2.0f);
  __syncthreads();
  p[threadIdx.x] = __float2bfloat16(__bfloat162float(t[127 - threadIdx.x]) * s + __low2float(t2[threadIdx.x / 2]));
}

int main() {
  __half2 *x, *y;
  cudaMalloc(&x, 1 << 16);
  cudaMalloc(&y, 1 << 16);
  half2_axpy<<<16, 256>>>(x, y, 2.0f, 4096);
  half_transpose<<<dim3(4, 4), dim3(64, 4)>>>((const __half *)x, (__half *)y, 256);
  bf16_scale<<<1, 128>>>((__nv_bfloat16 *)x, 2.0f);
  return 0;
}
