// A block-strided fill (`for (i = tid; i < N; i += blockDim)`, how most
// kernels fill LDS) of a 128 KiB array. Block of 64 = two wave32 warps on
// gfx1250: warp 0 (pair A) writes from element 32512, warp 1 (pair B) from
// 32768. In iterations 0-3 warp 0 stays in partition 0 and warp 1 in
// partition 1; from iteration 4 on both write partition 1: they collide in
// 508 of the 512 iterations. The bank model needs only the first
// iterations; the partition check follows all 512.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(64) strided_fill(const _Float16 *src, float *out) {
  __shared__ _Float16 big[65536];
  const int w = threadIdx.x / 32;
  for (int i = threadIdx.x; i < 32768; i += 64) {
    int idx = (w == 0) ? (32768 - 256 + i) : (32768 + i);
    big[idx] = src[i];
  }
  __syncthreads();
  out[threadIdx.x] = (float)big[threadIdx.x * 1000];
}
