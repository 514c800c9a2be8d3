// A stencil step with a barrier too many (BENCHMARKS.md (6)): the barrier
// after the update is followed by another with only register code between,
// as a macro-spelled sync often leaves it. lds-redundant-barrier removes the
// second; the LDS traffic and the sums stay the same.
#include <hip/hip_runtime.h>

__global__ void smooth(const float *in, float *out, int steps) {
  __shared__ float s[256];
  const int tx = threadIdx.x;
  float v = in[blockIdx.x * 256 + tx];
  for (int i = 0; i < steps; ++i) {
    s[tx] = v;
    __syncthreads();
    v = 0.5f * v + 0.25f * (s[(tx + 1) & 255] + s[(tx + 255) & 255]);
    __syncthreads();
    const float w = v * 1.0f;
    __syncthreads();
    v = w;
  }
  out[blockIdx.x * 256 + tx] = v;
}
