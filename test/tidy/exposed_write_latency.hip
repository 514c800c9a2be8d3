// RUN: %check_clang_tidy %s lds-exposed-write-latency %t -- -- %hip_device_flags
//
// lds-exposed-write-latency in clang-tidy: the same finding and notes as
// lds-rewrite, and the register prefetch as fix-its (before the wait: the
// target is gfx942). The second loop stores to global memory: a note, no fix.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) tiles(const float *g, float *out, int n) {
  __shared__ float s[256];
  float acc = 0;
  for (int i = 0; i < n; ++i) {
    s[threadIdx.x] = g[i * 256 + threadIdx.x];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the LDS stores of 's' are waited for at once by the barrier at line 15, and the next iteration's global loads of 'g' start only after the barrier at line 17 [lds-exposed-write-latency]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: fix: load the next iteration's values into registers right after the LDS stores, before their wait (the first iteration's before the loop; clamped on the last)
    __syncthreads();
    acc += s[255 - threadIdx.x];
    __syncthreads();
  }
  // CHECK-FIXES: float s_reg{};
  // CHECK-FIXES: if (i < n) {
  // CHECK-FIXES: s_reg = g[i * 256 + threadIdx.x];
  // CHECK-FIXES: s[threadIdx.x] = s_reg;
  // CHECK-FIXES: const bool has_next = (i + 1) < n;
  // CHECK-FIXES: const int i_next = has_next ? i + 1 : i;
  // CHECK-FIXES: s_reg = g[i_next * 256 + threadIdx.x];
  for (int i = 0; i < n; ++i) {
    s[threadIdx.x] = g[i * 256 + threadIdx.x];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the LDS stores of 's' are waited for at once by the barrier at line 30, and the next iteration's global loads of 'g' start only after the barrier at line 33 [lds-exposed-write-latency]
    // CHECK-MESSAGES: :[[@LINE+3]]:32: note: no prefetch: rule 2 of barriers.md: the store to 'out' may write what the next iteration's loads read, and the pointers they load through are not 'const __restrict__' (line 32)
    __syncthreads();
    acc += s[255 - threadIdx.x];
    out[i * 256 + threadIdx.x] = acc;
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
