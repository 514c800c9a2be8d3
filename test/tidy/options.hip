// The options change the findings: Targets=gfx1250 (64 banks, wave32) turns
// the 32-way conflict on gfx942 into a 16-way one. Given on the command line
// (-config) and through a .clang-tidy file beside the source.
//
// RUN: %check_clang_tidy -check-suffix=DEFAULT %s lds-bank-conflict %t -- -config="{}" -- %hip_device_flags
// RUN: %check_clang_tidy -check-suffix=GFX1250 %s lds-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {lds-bank-conflict.Targets: gfx1250}}" -- %hip_device_flags
// RUN: %check_clang_tidy -check-suffix=BOTH %s lds-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {lds-bank-conflict.Targets: 'gfx942, sm_90,gfx1250', lds-bank-conflict.Strategy: swizzle}}" -- %hip_device_flags
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %S/Inputs/gfx1250.clang-tidy %t.dir/.clang-tidy
// RUN: %check_clang_tidy -check-suffix=GFX1250 %s lds-bank-conflict %t.dir/options -- -- %hip_device_flags
#include <hip/hip_runtime.h>

__global__ void transpose(float* out, const float* in, int width, int height)
{
    __shared__ float tile[32][32];
    // CHECK-FIXES-DEFAULT: __shared__ float tile[32][32 + 1];
    // CHECK-FIXES-GFX1250: __shared__ float tile[32][32 + 1];
    // CHECK-FIXES-BOTH: __shared__ float tile[32][32];

    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    // CHECK-FIXES-BOTH: tile[threadIdx.y + j][threadIdx.x ^ ((threadIdx.y + j) & 31)] = in[(y + j) * width + x];
    __syncthreads();

    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:37: warning: 32-way LDS bank conflict on gfx942 (load of 'tile', 4 B per lane: lanes 0-31 all hit bank 0) [lds-bank-conflict]
    // CHECK-MESSAGES-GFX1250: :[[@LINE-2]]:37: warning: 16-way LDS bank conflict on gfx1250 (load of 'tile', 4 B per lane: lanes 0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30 hit bank 0 at 16 different words) [lds-bank-conflict]
    // CHECK-MESSAGES-BOTH: :[[@LINE-3]]:37: warning: 32-way LDS bank conflict on gfx942 and sm_90, 16-way on gfx1250 (load of 'tile', 4 B per lane: lanes 0-31 all hit bank 0) [lds-bank-conflict]
    // CHECK-FIXES-BOTH: out[(y + j) * height + x] = tile[threadIdx.x][(threadIdx.y + j) ^ (threadIdx.x & 31)];
}

void launch(float* out, const float* in)
{
    transpose<<<dim3(32, 32), dim3(32, 8)>>>(out, in, 1024, 1024);
}
