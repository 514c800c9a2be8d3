// From the layout fuzz test (issue 16): a float4 tile whose best pad with a row
// swizzle leaves gfx950 1.75-way, and a second run improved it to 1.5-way.
// One run must reach that: a second --fix changes nothing.
#include <hip/hip_runtime.h>

constexpr int R = 16;
constexpr int C = 32;

// 's' layout (lds-rewrite): 16-byte unit bits 1, 2 and 3 ^= row bit 2
__device__ __forceinline__ int s_column(int row, int col) {
  return col ^ (((row >> 2) & 1) * 14);
}

__global__ void __launch_bounds__(512) k(const float4 *in, float4 *out) {
  constexpr int s_stride = C + 6; // lds-rewrite: padded row stride of 's'
  extern __shared__ float4 s[];
  const int tid = threadIdx.y * 32 + threadIdx.x;
  for (int i = tid; i < R * C; i += 512) {
    const int r = i >> 5, c = i & (C - 1);
    s[(r) * s_stride + s_column((r), c ^ ((r) & 15))] = in[blockIdx.x * R * C + i];
  }
  __syncthreads();
  for (int i = tid; i < R * C; i += 512) {
    out[blockIdx.x * R * C + i] = s[((i * 3) % R) * s_stride + s_column(((i * 3) % R), ((i / R) % C) ^ (((i * 3) % R) & 15))];
  }
}

void launch(const float4 *in, float4 *out) { k<<<1, dim3(32, 16), R * (C + 6) * sizeof(float4)>>>(in, out); }
