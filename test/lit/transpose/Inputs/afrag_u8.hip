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
  for (int j = 0; j < 8; ++j)
    a[j] = As[8 * (tid / 64) + j][tid % 64];
  unsigned s = 0;
  for (int j = 0; j < 8; ++j)
    s = s * 31 + a[j];
  out[tid] = s;
}
