// A template kernel whose refill uses locals of the body and loads through
// const __restrict__ pointers: the store to 'out' inside the loop does not
// forbid the prefetch (rule 2: nothing writes a const __restrict__ source).
#include <hip/hip_runtime.h>

template <int T, typename E>
__global__ void __launch_bounds__(T) rows(const E *__restrict__ in, E *out, int tiles) {
  __shared__ E s[T];
  // lds-rewrite: the first iteration's global loads, in registers (lds-exposed-write-latency)
  E s_reg{};
  {
    int i = 0;
    const int base = i * T;
    int at = base + threadIdx.x;
    if (i < tiles) {
      s_reg = in[at];
    }
  }
  for (int i = 0; i < tiles; ++i) {
    const int base = i * T;
    int at = base + threadIdx.x;
    s[threadIdx.x] = s_reg;
    // lds-rewrite: the next iteration's global loads, in flight across the barriers (clamped on the last)
    const bool has_next = (i + 1) < tiles;
    const int i_next = has_next ? i + 1 : i;
    const int base_next = i_next * T;
    const int at_next = base_next + threadIdx.x;
    s_reg = in[at_next];
    __syncthreads();
    out[at] = s[T - 1 - threadIdx.x];
    __syncthreads();
  }
}

template __global__ void rows<64, float>(const float *__restrict__, float *, int);
