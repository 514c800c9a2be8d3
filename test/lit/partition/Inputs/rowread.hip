// The MI450 deep dive's microbenchmark shape: a [NUM_WARPS][N] fp16 tile
// (8 x 8192 x 2 B = 128 KiB, two 64 KiB partitions) read one row per warp.
// Warp w reads row w: warps 0-3 (pairs A, B, A, B) all read partition 0,
// warps 4-7 partition 1, so both partitions serve both pairs at once.
#include <hip/hip_runtime.h>

#define NUM_WARPS 8
#define N 8192

__global__ void __launch_bounds__(256) rowread(const _Float16 *in, float *out) {
  __shared__ _Float16 tile[NUM_WARPS][N];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int i = 0; i < N; i += 32)
    tile[warp][i + lane] = in[warp * N + i + lane];
  __syncthreads();
  float acc = 0;
  for (int i = 0; i < N; i += 256)
    acc += (float)tile[warp][i + lane * 8];
  out[threadIdx.x] = acc;
}
