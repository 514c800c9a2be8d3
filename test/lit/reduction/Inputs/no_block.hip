// lds-reduction-tail, refused: no launch and no __launch_bounds__ give the
// block shape, and the shuffles need every lane of a wave to run.
#include <hip/hip_runtime.h>

__global__ void block_sum(const float *in, float *out) {
  __shared__ float s_data[256];
  unsigned tid = threadIdx.x;
  s_data[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned s = 128; s > 0; s >>= 1) {
    if (tid < s)
      s_data[tid] += s_data[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s_data[0];
}
