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

// Every thread reads back only what it wrote itself (the block shape from
// the launch below): proven, the barrier goes.
__global__ void own(const float *__restrict__ in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant barrier: every thread reads back only what it wrote itself between line 35 and line 41 [lds-redundant-barrier]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: proven for every pair of threads and every iteration (256 threads): no LDS or global element one thread writes there is read or written by another
  out[blockIdx.x * 256 + t] = 2.0f * s[t];
}
// CHECK-FIXES: s[t] = in[blockIdx.x * 256 + t];
// CHECK-FIXES-NOT: __syncthreads
// CHECK-FIXES: out[blockIdx.x * 256 + t] = 2.0f * s[t];

void launch(const float *in, float *out) { own<<<4, 256>>>(in, out); }
