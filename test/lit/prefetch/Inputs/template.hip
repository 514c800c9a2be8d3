// A template kernel whose refill uses locals of the body and loads through
// const __restrict__ pointers: the store to 'out' inside the loop does not
// forbid the prefetch (rule 2: nothing writes a const __restrict__ source).
#include <hip/hip_runtime.h>

template <int T, typename E>
__global__ void __launch_bounds__(T) rows(const E *__restrict__ in, E *out, int tiles) {
  __shared__ E s[T];
  for (int i = 0; i < tiles; ++i) {
    const int base = i * T;
    int at = base + threadIdx.x;
    s[threadIdx.x] = in[at];
    __syncthreads();
    out[at] = s[T - 1 - threadIdx.x];
    __syncthreads();
  }
}

template __global__ void rows<64, float>(const float *__restrict__, float *, int);
