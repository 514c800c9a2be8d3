// Never silent (issue 15): __shared__ arrays whose accesses the tool cannot
// follow are said, none is called clean. As in Composable Kernel, one block
// is handed to a function whose definition is elsewhere, another is kept in
// a tile-window object whose stores are not followed (the analysis of 'q'
// is partial: its visible load is still costed), a third is never seen used.
// A layout fix of 'q' would move elements the object's stores still index
// the old way: it is refused, and the file is untouched.
// RUN: %expect-exit 1 %lds-rewrite --target=gfx942 %s 2>&1 | FileCheck %s
// RUN: cp %s %t.hip
// RUN: %expect-exit 1 %lds-rewrite --fix --target=gfx942 %t.hip 2>&1 | FileCheck %s --check-prefix=FIX
// RUN: cmp %s %t.hip
#include <hip/hip_runtime.h>
struct TileWindow {
  float *base;
  __device__ void store(int i, float v) { base[i * 33 % 1024] = v; }
};
__device__ void run_pipeline(float *p_shared, const float *in);
__global__ void gemm(const float *in, float *out) {
  __shared__ float p_shared[1024];
  __shared__ float unused[64];
  run_pipeline(p_shared, in);
  __shared__ float q[1024];
  TileWindow w{q};
  w.store(threadIdx.x, in[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x] = q[threadIdx.x * 32 % 1024];
}
void launch(const float *in, float *out) { gemm<<<1, 256>>>(in, out); }

// CHECK: unfollowed.hip:26:22: warning: 32-way LDS bank conflict on gfx942 (load of 'q'
// CHECK: unfollowed.hip:21:3: remark: 'p_shared' is passed to 'run_pipeline' (its definition is not in this translation unit): its accesses there are not analysed [lds-bank-conflict]
// CHECK: unfollowed.hip:23:15: remark: the address of 'q' is kept in an object here: its accesses through that object are not followed, so the analysis of 'q' is partial [lds-bank-conflict]
// CHECK: unfollowed.hip:20:20: remark: no access of 'unused' in 'gemm' was found: if it is used through code the tool does not follow (a pointer kept in a struct, say), nothing of it was analysed [lds-bank-conflict]
// FIX: warning: not fixing 'q': its address is kept in an object here, and the tool cannot see the accesses made through it [lds-bank-conflict]
