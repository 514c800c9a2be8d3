// A pointer into LDS stepped with += inside a loop: each iteration reads
// where the pointer points then. Real code walks a column this way
// (`*dest++ = *src; src += stride;`). `src += threadIdx.x` moves each lane
// its own way: iteration i reads tile[lane * (i + 1)], 1-way at i = 0; at
// i = 15 lane l reads float 16 l, in bank 0 or 16 of 32: 16-way.
// `col += 64`, the same for every lane, keeps the 1-way pattern.
// The tool used to drop the step (+= on a pointer read the variable's
// lvalue) and called the first loop 1-way.
// RUN: %expect-exit 1 %lds-rewrite --target=gfx942 --format=json %s \
// RUN:   | %check-json --access 20:41 load tile gfx942=16 worst=i:15 --access 22:41 load tile gfx942=1
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(64) walk(const float *G, float *out) {
  __shared__ float tile[64 * 64];
  for (int i = threadIdx.x; i < 64 * 64; i += 64)
    tile[i] = G[i];
  __syncthreads();
  float acc = 0;
  const float *src = tile + threadIdx.x;
  for (int i = 0; i < 16; ++i) { acc += *src; src += threadIdx.x; }
  const float *col = tile + threadIdx.x;
  for (int i = 0; i < 16; ++i) { acc += *col; col += 64; }
  out[threadIdx.x] = acc;
}
