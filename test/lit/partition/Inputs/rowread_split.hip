// rowread.hip split into two 64 KiB buffers: pair A (even warps) owns
// `even`, pair B (odd warps) `odd`. Where each lies is the compiler's
// choice; the test reads it from the compiled gfx1250 code.
#include <hip/hip_runtime.h>

#define NUM_WARPS 8
#define N 8192

__global__ void __launch_bounds__(256) rowread_split(const _Float16 *in, float *out) {
  __shared__ _Float16 even[NUM_WARPS / 2][N];
  __shared__ _Float16 odd[NUM_WARPS / 2][N];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int i = 0; i < N; i += 32) {
    if (warp % 2 == 0)
      even[warp / 2][i + lane] = in[warp * N + i + lane];
    else
      odd[warp / 2][i + lane] = in[warp * N + i + lane];
  }
  __syncthreads();
  float acc = 0;
  for (int i = 0; i < N; i += 256) {
    if (warp % 2 == 0)
      acc += (float)even[warp / 2][i + lane * 8];
    else
      acc += (float)odd[warp / 2][i + lane * 8];
  }
  out[threadIdx.x] = acc;
}
