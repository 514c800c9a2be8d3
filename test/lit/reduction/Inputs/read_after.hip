// lds-reduction-tail, refused: after the loop every thread reads its own
// slot, a partial sum the shuffles would not write.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) scan_ish(const float *in, float *out) {
  __shared__ float s_data[256];
  unsigned tid = threadIdx.x;
  s_data[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned s = 128; s > 0; s >>= 1) {
    if (tid < s)
      s_data[tid] += s_data[tid + s];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = s_data[tid];
}
