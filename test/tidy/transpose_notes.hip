// RUN: %check_clang_tidy %s lds-bank-conflict %t -- -- %hip_device_flags
//
// The notes of a finding: its cost per target (at the access), the array's
// declaration, where the block shape came from, and the fix on offer (with
// -fix, clang-tidy says where it applied it).
#include <hip/hip_runtime.h>

#define TILE 32

__global__ void transpose(float* out, const float* in, int width, int height)
{
    __shared__ float tile[TILE][TILE];
    // CHECK-FIXES: __shared__ float tile[TILE][TILE + 1];

    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
        // CHECK-NOTES: :[[@LINE-1]]:37: warning: 32-way LDS bank conflict on gfx942 (load of 'tile', 4 B per lane: lanes 0-31 all hit bank 0) [lds-bank-conflict]
        // CHECK-NOTES: :[[@LINE-13]]:33: note: FIX-IT applied suggested code changes
        // CHECK-NOTES: :[[@LINE-3]]:37: note: on gfx942: 64 passes per wave instruction, ideal 2 (32 banks; rule {{.+}})
        // CHECK-NOTES: :[[@LINE-15]]:22: note: 'tile' declared here
        // CHECK-NOTES: :[[@LINE+6]]:5: note: block shape 32x8x1 from this launch
        // CHECK-NOTES: :[[@LINE-17]]:22: note: suggested fix for 'tile': pad rows 32 -> 33 floats: 32-way -> 1-way on gfx942, +128 B LDS, occupancy unchanged
}

void launch(float* out, const float* in)
{
    hipLaunchKernelGGL(transpose, dim3(32, 32), dim3(32, 8), 0, 0, out, in, 1024, 1024);
}
