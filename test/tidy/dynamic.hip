// RUN: %check_clang_tidy %s lds-bank-conflict %t -- -- %hip_device_flags
//
// A transpose through dynamic shared memory, rows of W floats, launched in
// this file with W * W * sizeof(float) bytes. The plugin's fix-its are the
// ones lds-rewrite --fix writes (test/lit/fix/dynamic.test): a padded
// stride next to the array, every index, and the launch's size, so that
// -fix does not leave the launch passing 4096 bytes for a 4224-byte layout.
#include <hip/hip_runtime.h>

constexpr int W = 32;

__global__ void transpose_dyn(float* out, const float* in)
{
    extern __shared__ float s[];
    // CHECK-FIXES: constexpr int s_stride = W + 1; // lds-rewrite: padded row stride of 's'
    // CHECK-FIXES-NEXT: extern __shared__ float s[];
    int tx = threadIdx.x, ty = threadIdx.y;
    const float* src = in + blockIdx.x * W * W;
    float* dst = out + blockIdx.x * W * W;

    for (int j = 0; j < W; j += 8)
        s[(ty + j) * W + tx] = src[(ty + j) * W + tx];
    // CHECK-FIXES: s[(ty + j) * s_stride + tx] = src[(ty + j) * W + tx];
    __syncthreads();
    for (int j = 0; j < W; j += 8)
        // CHECK-MESSAGES: :[[@LINE+1]]:34: warning: 32-way LDS bank conflict on gfx942 (load of 's', 4 B per lane: lanes 0-31 all hit bank 0) [lds-bank-conflict]
        dst[(ty + j) * W + tx] = s[tx * W + ty + j];
    // CHECK-FIXES: dst[(ty + j) * W + tx] = s[tx * s_stride + ty + j];
}

void launch(float* out, const float* in, int blocks)
{
    transpose_dyn<<<blocks, dim3(W, 8), W * W * sizeof(float)>>>(out, in);
    // CHECK-FIXES: transpose_dyn<<<blocks, dim3(W, 8), W * (W + 1) * sizeof(float)>>>(out, in);
}
