// The MI450 deep dive's case: an fp16 B tile stored N-contiguous in LDS,
// read K-contiguous for the matrix cores, one ds_read_u16 per value.
#include <hip/hip_runtime.h>

__global__ __launch_bounds__(256) void bfrag(const _Float16 *B, float *out) {
  __shared__ _Float16 Bs[16][64 + 4];
  const unsigned tid = threadIdx.x;
  for (unsigned i = tid; i < 16 * 64; i += 256)
    Bs[i / 64][i % 64] = B[i];
  __syncthreads();
  const unsigned lane = tid % 64, wave = tid / 64;
  _Float16 b[4];
#if defined(__gfx950__) // lds-rewrite: one ds_read_b64_tr_b16 gives each lane its 4 values (lds-transpose-load)
  {
    typedef short lds_tr_vec __attribute__((__vector_size__(4 * sizeof(short))));
    const unsigned lds_tr_lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
    lds_tr_vec lds_tr_v = __builtin_amdgcn_ds_read_tr16_b64_v4i16((__attribute__((address_space(3))) lds_tr_vec *)&Bs[(4 * (lane / 16)) + ((lds_tr_lane >> 2) & 3u)][(wave * 16 + lane % 16) + (int)(4u * (lds_tr_lane & 3u)) - (int)(lds_tr_lane & 15u)]);
    for (int j = 0; j < 4; ++j) {
      _Float16 lds_tr_e;
      __builtin_memcpy(&lds_tr_e, (const char *)&lds_tr_v + j * sizeof(_Float16), sizeof(_Float16));
      b[j] = lds_tr_e;
    }
  }
#else
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * (lane / 16) + j][wave * 16 + lane % 16];
#endif
  out[tid] = (float)b[0] + (float)b[1] + (float)b[2] + (float)b[3];
}
