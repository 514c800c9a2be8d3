// RUN: %check_clang_tidy %s lds-redundant-barrier %t -- -- %hip_device_flags
//
// lds-redundant-barrier in clang-tidy: the second of two back-to-back
// barriers goes (a fix-it deleting its line); one a macro spells is
// reported with no fix-it.
#include <hip/hip_runtime.h>

#define SYNC() __syncthreads()

__global__ void twice(const float *in, float *out) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  const float k = 2.0f;
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant barrier: only register code runs since the barrier at line 14, which orders the same accesses [lds-redundant-barrier]
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this barrier already orders every LDS and global access before it against every access after line 16
  out[t] = k * tile[255 - t];
  SYNC();
  SYNC();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant barrier: only register code runs since the barrier at line 20, which orders the same accesses [lds-redundant-barrier]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this barrier already orders every LDS and global access before it against every access after line 21
  out[t] += tile[t];
}
// CHECK-FIXES: const float k = 2.0f;
// CHECK-FIXES-NOT: __syncthreads();
// CHECK-FIXES: out[t] = k * tile[255 - t];
// CHECK-FIXES: SYNC();
// CHECK-FIXES: SYNC();
