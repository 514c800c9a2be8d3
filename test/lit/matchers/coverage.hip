// What the matchers must find (issue 2, "What must be found"): a
// namespace-scope array, an array of structs, a scalar, HIP_DYNAMIC_SHARED,
// a pointer to a row, the AMDGPU builtin thread id, sizeof and enum
// constants in an index, an atomic, __lane_id(). One wave64 block of 64
// (from __launch_bounds__), gfx942: lane groups of 32, 32 banks.
// RUN: %expect-exit 1 %lds-rewrite --target=gfx942 %s 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %lds-rewrite --target=gfx942 --gpu-headers=bundled %s 2>&1 | FileCheck %s --check-prefixes=CHECK,BUNDLED
// BUNDLED: remark: parsed {{.*}}coverage.hip with lds-rewrite's minimal GPU headers
#include <hip/hip_runtime.h>

__shared__ float g_tile[64][32];
struct Pair {
  float a;
  float b;
};
enum { kStride = 32 };

__global__ void __launch_bounds__(64) coverage(float* out) {
  __shared__ Pair pairs[64];
  __shared__ unsigned counter;
  HIP_DYNAMIC_SHARED(float, dyn)
  int t = hipThreadIdx_x;
  // byte 128t: every lane of a group on bank 0 at its own word.
  // CHECK: coverage.hip:[[@LINE+1]]:12: warning: 32-way LDS bank conflict on gfx942 (load of 'g_tile', 4 B per lane: lanes 0-31 all hit bank 0)
  out[t] = g_tile[t][0];
  // CHECK: note: block shape 64x1x1 from __launch_bounds__
  // byte 8t + 4: word 2t + 1, 16 odd banks with 2 words each.
  // CHECK: coverage.hip:[[@LINE+1]]:13: warning: 2-way LDS bank conflict on gfx942 (load of 'pairs', 4 B per lane:
  out[t] += pairs[t].b;
  // One word for everyone: a broadcast, no conflict.
  // CHECK-NOT: coverage.hip:[[@LINE+1]]:{{.*}}warning
  out[t] += counter;
  // CHECK: coverage.hip:[[@LINE+1]]:13: warning: 32-way LDS bank conflict on gfx942 (load of 'dyn', 4 B per lane: lanes 0-31 all hit bank 0)
  out[t] += dyn[t * kStride];
  float* row = &g_tile[t][0];
  // CHECK: coverage.hip:[[@LINE+1]]:13: warning: 32-way LDS bank conflict on gfx942 (load of 'g_tile', 4 B per lane: lanes 0-31 all hit bank 1)
  out[t] += row[1];
  // CHECK: coverage.hip:[[@LINE+1]]:13: warning: 32-way LDS bank conflict on gfx942 (load of 'g_tile', 4 B per lane: lanes 0-31 all hit bank 4)
  out[t] += g_tile[__builtin_amdgcn_workitem_id_x()][sizeof(float)];
  // word 2 (t % 32): 16 even banks, 2 words each.
  // CHECK: coverage.hip:[[@LINE+1]]:14: warning: 2-way LDS bank conflict on gfx942 (atomic of 'pairs', 4 B per lane:
  atomicAdd(&pairs[t % 32].a, 1.0f);
  // CHECK-NOT: coverage.hip:[[@LINE+1]]:{{.*}}warning
  out[t] += g_tile[0][__lane_id() % 32];
}
// CHECK-NOT: warning:

// The JSON report lists all of them, the clean ones too, with their arrays.
// RUN: %expect-exit 1 %lds-rewrite --target=gfx942 --format=json %s | FileCheck %s --check-prefix=JSON
// JSON-DAG: "id": "coverage/g_tile"
// JSON-DAG: "id": "coverage/pairs"
// JSON-DAG: "element_type": "Pair"
// JSON-DAG: "id": "coverage/counter"
// JSON-DAG: "id": "coverage/dyn"
// JSON-DAG: "dynamic": true
// JSON-DAG: "kind": "atomic"
