// rowread.hip with the deep dive's ctaLayout swizzle: warp w takes row
// (w % 2) * 4 + w / 2, so pair A (even warps) reads rows 0-3 (partition 0)
// and pair B (odd warps) rows 4-7 (partition 1). Same rows, other owners.
#include <hip/hip_runtime.h>

#define NUM_WARPS 8
#define N 8192

__global__ void __launch_bounds__(256) rowread_swizzled(const _Float16 *in, float *out) {
  __shared__ _Float16 tile[NUM_WARPS][N];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int row = (warp % 2) * (NUM_WARPS / 2) + warp / 2;
  for (int i = 0; i < N; i += 32)
    tile[row][i + lane] = in[row * N + i + lane];
  __syncthreads();
  float acc = 0;
  for (int i = 0; i < N; i += 256)
    acc += (float)tile[row][i + lane * 8];
  out[threadIdx.x] = acc;
}
