// gfx1250's ds_load_tr16_b128: eight bf16 values per lane, columns
// consecutive across each group of 8 lanes.
#include <hip/hip_runtime.h>

__global__ __launch_bounds__(128) void bfrag8(const __bf16 *B, float *out) {
  __shared__ __bf16 Bs[32][64];
  const unsigned tid = threadIdx.x;
  for (unsigned i = tid; i < 32 * 64; i += 128)
    Bs[i / 64][i % 64] = B[i];
  __syncthreads();
  const unsigned lane = tid % 32, wave = tid / 32;
  __bf16 b[8];
  for (int j = 0; j < 8; ++j)
    b[j] = Bs[8 * (lane / 16) + j][wave * 16 + lane % 16];
  float s = 0;
  for (int j = 0; j < 8; ++j)
    s += (float)b[j];
  out[tid] = s;
}
