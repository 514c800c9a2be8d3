// The kernel the synthetic thread trace of test/unit/data/att/att_synth
// stands for: its lines are the trace's (/src/lds_kernel.hip on the machine
// that "took" it). Line 20 reads s 32 floats apart (Type A), line 18-19
// stores and waits at once (Type B), lines 30-34 reduce with a barrier per
// level (Type C).
#include <hip/hip_runtime.h>

constexpr int N = 256;
__global__ void __launch_bounds__(N) lds_kernel(float *out, const float *in, int n) {
  __shared__ float s[N / 32 + 1][32];
  __shared__ float red[N];
  const int tid = threadIdx.x, row = tid % 8;
  float acc = 0;

  s[N / 32][tid % 32] = 0;
  for (int t = 0; t < 16 * N; t += N) {
    // (the global load the trace puts on this line is the next one's)
    s[tid / 32][tid % 32] = in[t + tid];
    __syncthreads();
    acc += s[row][0] * s[row + 1][0];
    acc *= 0.5f;
    __syncthreads();
  }

  red[tid] = acc;
  __syncthreads();


  for (int k = N / 2; k > 0; k >>= 1) {
    if (tid < k)
      red[tid] += red[tid + k];
    __syncthreads();
  }
  (void)n;




  if (tid == 0)
    out[blockIdx.x] = red[0];
}

void launch(float *out, const float *in, int n) { lds_kernel<<<64, N>>>(out, in, n); }
