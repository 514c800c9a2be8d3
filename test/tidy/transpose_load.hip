// RUN: %check_clang_tidy %s lds-transpose-load %t -- \
// RUN:   -config="{CheckOptions: {lds-transpose-load.Targets: gfx950}}" -- %hip_device_flags
//
// lds-transpose-load in clang-tidy on gfx950: an fp16 B tile read four
// values down a column per lane; the fix-it puts one ds_read_b64_tr_b16
// under #if defined(__gfx950__) and keeps the loop for every other target.
#include <hip/hip_runtime.h>

__global__ __launch_bounds__(256) void bfrag(const _Float16 *B, float *out) {
  __shared__ _Float16 Bs[16][64];
  const unsigned tid = threadIdx.x;
  for (unsigned i = tid; i < 16 * 64; i += 256)
    Bs[i / 64][i % 64] = B[i];
  __syncthreads();
  const unsigned lane = tid % 64, wave = tid / 64;
  _Float16 b[4];
  for (int j = 0; j < 4; ++j)
    b[j] = Bs[4 * (lane / 16) + j][wave * 16 + lane % 16];
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 'Bs' is read down a column, 4 values of 2 bytes per lane, one narrow LDS read each; one transpose load (ds_read_b64_tr_b16 on gfx950) could give every lane the same values [lds-transpose-load]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: gfx950: proven for every lane of every wave: the exchange delivers exactly the values the loop reads
  // CHECK-FIXES: #if defined(__gfx950__) // lds-rewrite: one ds_read_b64_tr_b16 gives each lane its 4 values (lds-transpose-load)
  // CHECK-FIXES: lds_tr_vec lds_tr_v = __builtin_amdgcn_ds_read_tr16_b64_v4i16((__attribute__((address_space(3))) lds_tr_vec *)&Bs[(4 * (lane / 16)) + ((lds_tr_lane >> 2) & 3u)][(wave * 16 + lane % 16) + (int)(4u * (lds_tr_lane & 3u)) - (int)(lds_tr_lane & 15u)]);
  // CHECK-FIXES: #else
  // CHECK-FIXES-NEXT: for (int j = 0; j < 4; ++j)
  // CHECK-FIXES: #endif
  out[tid] = (float)b[0] + (float)b[1] + (float)b[2] + (float)b[3];
}
