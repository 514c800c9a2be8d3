// rowread.hip with the first row a kernel argument: which partition each
// warp reads depends on it. Unknown, because of 'row0', until --assume.
#include <hip/hip_runtime.h>

#define NUM_WARPS 8
#define N 8192

__global__ void __launch_bounds__(256) rowread_offset(const _Float16 *in, float *out, int row0) {
  __shared__ _Float16 tile[2 * NUM_WARPS][N / 2];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int i = 0; i < N / 2; i += 32)
    tile[2 * warp][i + lane] = in[warp * N + i + lane];
  __syncthreads();
  float acc = 0;
  for (int i = 0; i < N / 2; i += 256)
    acc += (float)tile[row0 + warp][i + lane * 8];
  out[threadIdx.x] = acc;
}
