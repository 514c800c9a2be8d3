// Host code that clang rejects under HIP too: isfinite(float) in a host
// template instantiated from main (clang's HIP isfinite overloads are
// device-only). The kernel is analysed; the launch in main is found.
#include <stdio.h>
#include <hip/hip_runtime.h>
template <class T> int count_finite(const T *a, int n) { int c = 0; for (int i = 0; i < n; i++) if (isfinite(a[i])) c++; return c; }
__global__ void transpose_naive(float *out, const float *in) {
    __shared__ float tile[16][64];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 64 + threadIdx.x] = tile[threadIdx.x % 16][threadIdx.y];
}
int main() {
    float a[2] = {1.f, 2.f};
    printf("%d\n", count_finite(a, 2));
    hipLaunchKernelGGL(transpose_naive, dim3(1), dim3(64, 16), 0, 0, nullptr, nullptr);
}
