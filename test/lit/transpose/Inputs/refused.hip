// Column reads a transpose load cannot replace.
#include <hip/hip_runtime.h>

__global__ __launch_bounds__(64) void guarded(const _Float16 *B, float *out) {
  __shared__ _Float16 Bs[16][64];
  Bs[threadIdx.x / 4][threadIdx.x % 4] = B[threadIdx.x];
  __syncthreads();
  _Float16 b[4];
  if (threadIdx.x < 32)
    for (int j = 0; j < 4; ++j)
      b[j] = Bs[4 * (threadIdx.x / 16) + j][threadIdx.x % 16];
  out[threadIdx.x] = (float)b[0];
}

__global__ __launch_bounds__(64) void strided(const _Float16 *B, float *out) {
  __shared__ _Float16 Bs[16][64];
  Bs[threadIdx.x / 4][threadIdx.x % 4] = B[threadIdx.x];
  __syncthreads();
  _Float16 b[4];
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * (threadIdx.x / 16) + j][2 * (threadIdx.x % 16)];
  out[threadIdx.x] = (float)b[0];
}

__global__ __launch_bounds__(64) void misaligned(const _Float16 *B, float *out) {
  __shared__ _Float16 Bs[16][64];
  Bs[threadIdx.x / 4][threadIdx.x % 4] = B[threadIdx.x];
  __syncthreads();
  _Float16 b[4];
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * (threadIdx.x / 16) + j][1 + threadIdx.x % 16];
  out[threadIdx.x] = (float)b[0];
}

__global__ __launch_bounds__(64) void early_exit(const _Float16 *B, float *out, int n) {
  __shared__ _Float16 Bs[16][64];
  Bs[threadIdx.x / 4][threadIdx.x % 4] = B[threadIdx.x];
  __syncthreads();
  if (threadIdx.x >= n)
    return;
  _Float16 b[4];
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * (threadIdx.x / 16) + j][threadIdx.x % 16];
  out[threadIdx.x] = (float)b[0];
}

__global__ __launch_bounds__(80) void partial_wave(const _Float16 *B, float *out) {
  __shared__ _Float16 Bs[16][64];
  Bs[threadIdx.x / 8][threadIdx.x % 8] = B[threadIdx.x];
  __syncthreads();
  _Float16 b[4];
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * ((threadIdx.x / 16) % 4) + j][threadIdx.x % 16];
  out[threadIdx.x] = (float)b[0];
}

__global__ __launch_bounds__(64) void runtime_column(const _Float16 *B, float *out, int c0) {
  __shared__ _Float16 Bs[16][64];
  Bs[threadIdx.x / 4][threadIdx.x % 4] = B[threadIdx.x];
  __syncthreads();
  _Float16 b[4];
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * (threadIdx.x / 16) + j][c0 + threadIdx.x % 16];
  out[threadIdx.x] = (float)b[0];
}

__global__ __launch_bounds__(64) void in_lambda(const _Float16 *B, float *out) {
  __shared__ _Float16 Bs[16][64];
  Bs[threadIdx.x / 4][threadIdx.x % 4] = B[threadIdx.x];
  __syncthreads();
  _Float16 b[4] = {};
  auto read = [&] {
    for (int j = 0; j < 4; ++j)
      b[j] = Bs[4 * (threadIdx.x / 16) + j][threadIdx.x % 16];
  };
  if (threadIdx.x < 32)
    read();
  out[threadIdx.x] = (float)b[0];
}

__global__ __launch_bounds__(64) void side_effect(const _Float16 *B, float *out) {
  __shared__ _Float16 Bs[16][64];
  Bs[threadIdx.x / 4][threadIdx.x % 4] = B[threadIdx.x];
  __syncthreads();
  _Float16 b[4];
  unsigned c = threadIdx.x % 16;
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * (threadIdx.x / 16) + j][c++ & 15];
  out[threadIdx.x] = (float)b[0] + (float)c;
}
