// CUDA-compatible source (no include): an int16 tile read down a column.
// gfx950 gets ds_read_b64_tr_b16 under #if; sm_90 and gfx942 keep the loop.
__global__ __launch_bounds__(256) void bfrag16(const short *B, int *out) {
  __shared__ short Bs[16][64];
  const unsigned tid = threadIdx.x;
  for (unsigned i = tid; i < 16 * 64; i += 256)
    Bs[i / 64][i % 64] = B[i];
  __syncthreads();
  short b[4];
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * ((tid % 64) / 16) + j][16 * (tid / 64) + tid % 16];
  out[tid] = b[0] + 3 * b[1] + 5 * b[2] + 7 * b[3];
}
