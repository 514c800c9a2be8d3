// The Block and Assume options. No launch is in sight, so the block shape
// is 256x1x1 by default, under which the column read runs past the tile:
// its cost is unknown and the remark says to set Block; Block=32,8 gives
// the transpose its real shape, its 32-way conflict and its fix. The row stride below is only known at run time: its cost is
// unknown (a remark) until Assume gives it a value.
//
// RUN: %check_clang_tidy -check-suffix=DEFAULT %s lds-bank-conflict %t -- -config="{}" -- %hip_device_flags
// RUN: %check_clang_tidy -check-suffix=SET %s lds-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {lds-bank-conflict.Block: '32,8', lds-bank-conflict.Assume: 'stride=32'}}" -- %hip_device_flags
// RUN: %clang_tidy -load=%lds_tidy -checks='-*,lds-*' -config='{}' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTES-DEFAULT
// RUN: %clang_tidy -load=%lds_tidy -checks='-*,lds-*' %s \
// RUN:   -config="{CheckOptions: {lds-bank-conflict.Block: '32,8', lds-bank-conflict.Assume: 'stride=32'}}" \
// RUN:   -- %hip_device_flags 2>&1 | FileCheck %s --check-prefix=NOTES-SET
#include <hip/hip_runtime.h>

__global__ void transpose(float* out, const float* in, int width, int height)
{
    __shared__ float tile[32][32];
    // CHECK-FIXES-SET: __shared__ float tile[32][32 + 1];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
    // CHECK-MESSAGES-SET: :[[@LINE-1]]:37: warning: 32-way LDS bank conflict on gfx942 (load of 'tile', 4 B per lane: lanes 0-31 all hit bank 0) [lds-bank-conflict]
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-2]]:37: remark: LDS bank cost of load of 'tile' unknown on gfx942: the access falls outside the array (byte 32640, element 8160 of 1024) at threadIdx (255, 0, 0) with j@{{.*}}:28 = 0 under block shape 256x1x1, which was assumed (no launch with constant dimensions and no __launch_bounds__ give one): the block shape is probably wrong; set the option Block [lds-bank-conflict]
    // NOTES-SET: :[[@LINE-3]]:37: note: block shape 32x8x1 from the option Block
    // NOTES-SET: :[[@LINE-14]]:22: note: suggested fix for 'tile': pad rows 32 -> 33 floats
    // NOTES-DEFAULT: :[[@LINE-5]]:37: remark: LDS bank cost of load of 'tile' unknown on gfx942: the access falls outside the array {{.*}} under block shape 256x1x1, which was assumed {{.*}}: the block shape is probably wrong; set the option Block [lds-bank-conflict]
}

__global__ void strided(float* out, const float* in, int stride)
{
    __shared__ float s[64 * 32];
    s[threadIdx.x * stride] = in[threadIdx.x];
    // NOTES-DEFAULT: :[[@LINE-1]]:5: remark: LDS bank cost of store of 's' unknown on gfx942: depends on kernel argument 'stride'; set the option Assume to stride=VALUE [lds-bank-conflict]
    // CHECK-MESSAGES-SET: :[[@LINE-2]]:5: warning: 32-way LDS bank conflict on gfx942 (store of 's', 4 B per lane: lanes 0-31 all hit bank 0) [lds-bank-conflict]
    // NOTES-SET: :[[@LINE-3]]:5: note: no fix for 's': 's' is one-dimensional and not indexed as row * W + column
}
