// lds-redundant-barrier on single-wave blocks: 'one_wave' is static (no
// other translation unit can launch it) and launched with 64 threads, one
// wave on gfx942: its barriers order nothing its lanes do not see in order
// already; __launch_bounds__(64) lets the compiler drop s_barrier and keep
// the fences. 'external' is launched the same way but another file may
// launch it with more threads: left alone. 'bounded' has its bound already.
#include <hip/hip_runtime.h>

static __global__ void one_wave(const float *in, float *out) {
  __shared__ float tile[64];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  out[t] = tile[63 - t];
  __syncthreads();
  tile[t] = out[t] * 2.0f;
  __syncthreads();
  out[t] += tile[(t + 1) % 64];
}

__global__ void external(const float *in, float *out) {
  __shared__ float tile[64];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  out[t] = tile[63 - t];
}

__global__ void __launch_bounds__(64) bounded(const float *in, float *out) {
  __shared__ float tile[64];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  out[t] = tile[63 - t];
}

void run(const float *in, float *out) {
  one_wave<<<1, 64>>>(in, out);
  external<<<1, 64>>>(in, out);
  bounded<<<1, 64>>>(in, out);
}
