// lds-reduction-tail, refused on gfx942: a block of 32 threads fills no
// wave of 64 lanes (it would do on sm_90 alone).
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(32) warp_sum(const float *in, float *out) {
  __shared__ float s_data[32];
  unsigned tid = threadIdx.x;
  s_data[tid] = in[blockIdx.x * 32 + tid];
  __syncthreads();
  for (unsigned s = 16; s > 0; s >>= 1) {
    if (tid < s)
      s_data[tid] += s_data[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s_data[0];
}
