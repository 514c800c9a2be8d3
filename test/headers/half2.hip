// __half / __half2 tiles in LDS, and bfloat16 where the headers have it.
// expect-lds: half2_axpy 2048
// expect-lds: half_transpose 8704
// expect-lds: bf16_scale 256 (fallback headers only: Debian's HIP 5.2 has no hip_bf16.h)
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#if __has_include(<hip/hip_bf16.h>)
#include <hip/hip_bf16.h>
#define HAVE_BF16 1
#endif

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

#ifdef HAVE_BF16
__global__ void bf16_scale(__hip_bfloat16 *p, float s) {
  __shared__ __hip_bfloat16 t[128];
  t[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = __float2bfloat16(__bfloat162float(t[127 - threadIdx.x]) * s);
}
#endif

int main() {
  __half2 *x, *y;
  hipMalloc(&x, 1 << 16);
  hipMalloc(&y, 1 << 16);
  half2_axpy<<<16, 256>>>(x, y, 2.0f, 4096);
  hipLaunchKernelGGL(half_transpose, dim3(4, 4), dim3(64, 4), 0, 0, (const __half *)x, (__half *)y, 256);
  return 0;
}
