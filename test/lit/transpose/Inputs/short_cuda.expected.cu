// CUDA-compatible source (no include): an int16 tile read down a column.
// gfx950 gets ds_read_b64_tr_b16 under #if; sm_90 and gfx942 keep the loop.
__global__ __launch_bounds__(256) void bfrag16(const short *B, int *out) {
  __shared__ short Bs[16][64 + 4] __attribute__((aligned(8)));
  const unsigned tid = threadIdx.x;
  for (unsigned i = tid; i < 16 * 64; i += 256)
    Bs[i / 64][i % 64] = B[i];
  __syncthreads();
  short b[4];
#if defined(__gfx950__) // lds-rewrite: one ds_read_b64_tr_b16 gives each lane its 4 values (lds-transpose-load)
  {
    typedef short lds_tr_vec __attribute__((__vector_size__(4 * sizeof(short))));
    const unsigned lds_tr_lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
    lds_tr_vec lds_tr_v = __builtin_amdgcn_ds_read_tr16_b64_v4i16((__attribute__((address_space(3))) lds_tr_vec *)&Bs[(4 * ((tid % 64) / 16)) + ((lds_tr_lane >> 2) & 3u)][(16 * (tid / 64) + tid % 16) + (int)(4u * (lds_tr_lane & 3u)) - (int)(lds_tr_lane & 15u)]);
    for (int j = 0; j < 4; ++j) {
      short lds_tr_e;
      __builtin_memcpy(&lds_tr_e, (const char *)&lds_tr_v + j * sizeof(short), sizeof(short));
      b[j] = lds_tr_e;
    }
  }
#else
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * ((tid % 64) / 16) + j][16 * (tid / 64) + tid % 16];
#endif
  out[tid] = b[0] + 3 * b[1] + 5 * b[2] + 7 * b[3];
}
