// A counted fill of a 128 KiB array, 1024 iterations of one row of 64
// halves: iterations 0-511 write partition 0, 512-1023 partition 1, both
// SIMD pairs together in each. The warning names both partitions, not only
// those of the iteration its notes show.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(64) counted_fill(const _Float16 *src, float *out) {
  __shared__ _Float16 big[65536];
  for (int it = 0; it < 1024; ++it)
    big[it * 64 + threadIdx.x] = src[it];
  __syncthreads();
  out[threadIdx.x] = (float)big[threadIdx.x];
}
