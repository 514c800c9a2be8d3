// The MI450 deep dive's case: an fp16 B tile stored N-contiguous in LDS,
// read K-contiguous for the matrix cores, one ds_read_u16 per value.
#include <hip/hip_runtime.h>

__global__ __launch_bounds__(256) void bfrag(const _Float16 *B, float *out) {
  __shared__ _Float16 Bs[16][64];
  const unsigned tid = threadIdx.x;
  for (unsigned i = tid; i < 16 * 64; i += 256)
    Bs[i / 64][i % 64] = B[i];
  __syncthreads();
  const unsigned lane = tid % 64, wave = tid / 64;
  _Float16 b[4];
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * (lane / 16) + j][wave * 16 + lane % 16];
  out[tid] = (float)b[0] + (float)b[1] + (float)b[2] + (float)b[3];
}
