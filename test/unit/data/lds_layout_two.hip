#include <hip/hip_runtime.h>
__global__ void __launch_bounds__(128) tworead(const _Float16 *in, _Float16 *out) {
  __shared__ _Float16 a[2][16384];
  __shared__ float small[64];
  __shared__ _Float16 b[2][16384];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp & 1) b[warp/2][lane] = in[lane]; else a[warp/2][lane] = in[lane];
  small[lane] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = (warp & 1) ? b[warp/2][lane*8] : a[warp/2][lane*8] + (_Float16)small[lane^1];
}
