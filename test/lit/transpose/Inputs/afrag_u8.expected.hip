// 8-bit operands (fp8 / int8 stored as bytes): eight values per lane down a
// column, the columns consecutive across each group of 16 lanes.
// gfx950: ds_read_b64_tr_b8; gfx1250: ds_load_tr8_b64 (two runs of four lanes).
#include <hip/hip_runtime.h>

__global__ __launch_bounds__(256) void afrag8(const unsigned char *A, unsigned *out) {
  __shared__ unsigned char As[32][64];
  const unsigned tid = threadIdx.x;
  for (unsigned i = tid; i < 32 * 64; i += 256)
    As[i / 64][i % 64] = A[i];
  __syncthreads();
  unsigned char a[8];
#if defined(__gfx950__) // lds-rewrite: one ds_read_b64_tr_b8 gives each lane its 8 values (lds-transpose-load)
  {
    typedef int lds_tr_vec __attribute__((__vector_size__(2 * sizeof(int))));
    const unsigned lds_tr_lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
    lds_tr_vec lds_tr_v = __builtin_amdgcn_ds_read_tr8_b64_v2i32((__attribute__((address_space(3))) lds_tr_vec *)&As[(8 * (tid / 64)) + ((lds_tr_lane >> 1) & 7u)][(tid % 64) + (int)(8u * (lds_tr_lane & 1u)) - (int)(lds_tr_lane & 15u)]);
    for (int j = 0; j < 8; ++j) {
      unsigned char lds_tr_e;
      __builtin_memcpy(&lds_tr_e, (const char *)&lds_tr_v + j * sizeof(unsigned char), sizeof(unsigned char));
      a[j] = lds_tr_e;
    }
  }
#elif defined(__gfx1250__) // lds-rewrite: one ds_load_tr8_b64 gives each lane its 8 values (lds-transpose-load)
  {
    typedef int lds_tr_vec __attribute__((__vector_size__(2 * sizeof(int))));
    const unsigned lds_tr_lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
    lds_tr_vec lds_tr_v = __builtin_amdgcn_ds_load_tr8_b64_v2i32((__attribute__((address_space(3))) lds_tr_vec *)&As[(8 * (tid / 64)) + ((lds_tr_lane & 3u) + 4u * ((lds_tr_lane >> 3) & 1u))][(tid % 64) + (int)(8u * ((lds_tr_lane >> 2) & 1u)) - (int)(lds_tr_lane & 15u)]);
    for (int j = 0; j < 8; ++j) {
      unsigned char lds_tr_e;
      __builtin_memcpy(&lds_tr_e, (const char *)&lds_tr_v + j * sizeof(unsigned char), sizeof(unsigned char));
      a[j] = lds_tr_e;
    }
  }
#else
  for (int j = 0; j < 8; ++j)
    a[j] = As[8 * (tid / 64) + j][tid % 64];
#endif
  unsigned s = 0;
  for (int j = 0; j < 8; ++j)
    s = s * 31 + a[j];
  out[tid] = s;
}
