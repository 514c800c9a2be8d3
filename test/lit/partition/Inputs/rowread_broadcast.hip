// Every warp reads the same row (a broadcast operand): both SIMD pairs read
// the same bytes of partition 0 together. That costs bandwidth, but no
// warp-to-tile assignment or placement can separate the same bytes: a
// remark, not a warning.
#include <hip/hip_runtime.h>

#define NUM_WARPS 8
#define N 8192

__global__ void __launch_bounds__(256) rowread_broadcast(const _Float16 *in, float *out) {
  __shared__ _Float16 tile[NUM_WARPS][N];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int i = 0; i < N; i += 32)
    tile[warp][i + lane] = in[warp * N + i + lane];
  __syncthreads();
  float acc = 0;
  for (int i = 0; i < N; i += 256)
    acc += (float)tile[0][i + lane * 8];
  out[threadIdx.x] = acc;
}
