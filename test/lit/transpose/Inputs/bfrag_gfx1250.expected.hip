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
#if defined(__gfx1250__) // lds-rewrite: one ds_load_tr16_b128 gives each lane its 8 values (lds-transpose-load)
  {
    typedef short lds_tr_vec __attribute__((__vector_size__(8 * sizeof(short))));
    const unsigned lds_tr_lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
    lds_tr_vec lds_tr_v = __builtin_amdgcn_ds_load_tr16_b128_v8i16((__attribute__((address_space(3))) lds_tr_vec *)&Bs[(8 * (lane / 16)) + (lds_tr_lane & 7u)][(wave * 16 + lane % 16) + -(int)(lds_tr_lane & 7u)]);
    for (int j = 0; j < 8; ++j) {
      __bf16 lds_tr_e;
      __builtin_memcpy(&lds_tr_e, (const char *)&lds_tr_v + j * sizeof(__bf16), sizeof(__bf16));
      b[j] = lds_tr_e;
    }
  }
#else
  for (int j = 0; j < 8; ++j)
    b[j] = Bs[8 * (lane / 16) + j][wave * 16 + lane % 16];
#endif
  float s = 0;
  for (int j = 0; j < 8; ++j)
    s += (float)b[j];
  out[tid] = s;
}
