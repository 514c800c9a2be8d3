// Never silent, for template code (issue 15; CK, rocPRIM and hipCUB as
// they are): an array the tool finds no access of is said once per
// declaration, at the declaration, in a header too, with how many other
// instantiations share it (rocPRIM's test_block_exchange gave 1728 remarks
// without a place). An array whose address an object keeps, and which has
// no other access, is "nothing of it was analysed", not "partial".
// RUN: %lds-rewrite --target=gfx942 %s 2>&1 | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
// RUN: %lds-rewrite --target=gfx942 %s %s 2>&1 >/dev/null | FileCheck %s --check-prefix=SUM
#include <hip/hip_runtime.h>
#include "Inputs/block_storage.h"

template <int N> __global__ void first(float *out, const float *in) {
  out[threadIdx.x] = blockFirst<N>(in[threadIdx.x]);
}

struct Window {
  float *base;
  __device__ void put(int i, float v) { base[i] = v; }
};

__global__ void windowed(float *out, const float *in) {
  __shared__ float tile[256];
  Window w{tile};
  w.put(threadIdx.x, in[threadIdx.x]);
}

void launch(float *out, const float *in) {
  first<64><<<1, 64>>>(out, in);
  first<128><<<1, 128>>>(out, in);
  first<256><<<1, 256>>>(out, in);
  windowed<<<1, 256>>>(out, in);
}

// CHECK: unfollowed_templates.hip:[[@LINE-11]]:11: remark: the address of 'tile' is kept in an object here: its accesses through that object are not followed, and no other access of 'tile' was found: nothing of it was analysed [lds-bank-conflict]
// CHECK: Inputs/block_storage.h:11:20: remark: no access of 'storage' in 'first<64>' and 2 other instantiations was found: if it is used through code the tool does not follow (a pointer kept in a struct, say), nothing of it was analysed [lds-bank-conflict]
// SUM: lds-rewrite: 0 warnings (0 with fixes) in 2 files, 2 not followed
//
// The JSON report lists them as "unfollowed" (docs/design.md).
// RUN: %lds-rewrite --target=gfx942 --format=json %s | FileCheck %s --check-prefix=JSON
// JSON:      "unfollowed": [
// JSON-NEXT:   {
// JSON-NEXT:     "column": 11,
// JSON-NEXT:     "file": "{{.*}}unfollowed_templates.hip",
// JSON-NEXT:     "line": 23,
// JSON-NEXT:     "message": "the address of 'tile' is kept in an object here: {{.*}}nothing of it was analysed"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "column": 20,
// JSON-NEXT:     "file": "{{.*}}Inputs/block_storage.h",
// JSON-NEXT:     "line": 11,
