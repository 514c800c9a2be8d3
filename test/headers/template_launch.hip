// Template kernel launched through hipLaunchKernelGGL(HIP_KERNEL_NAME(k<..>)).
// expect-lds: _Z11tiled_stageILi128ELi8EEvPKfPfi 4096
// expect-lds: _Z11tiled_stageILi64ELi4EEvPKfPfi 1024
#include <hip/hip_runtime.h>

template <int TILE_N, int ROWS_PER_PASS>
__global__ void tiled_stage(const float *in, float *out, int n) {
  __shared__ float stage[ROWS_PER_PASS][TILE_N];
  for (int r = 0; r < ROWS_PER_PASS; ++r)
    stage[r][threadIdx.x] = in[(blockIdx.x * ROWS_PER_PASS + r) * n + threadIdx.x];
  __syncthreads();
  float s = 0;
  for (int r = 0; r < ROWS_PER_PASS; ++r) s += stage[r][(threadIdx.x * 2) % TILE_N];
  out[blockIdx.x * TILE_N + threadIdx.x] = s;
}

template <typename T> struct Launcher {
  static void run(const T *in, T *out, int n) {
    hipLaunchKernelGGL(HIP_KERNEL_NAME(tiled_stage<128, 8>), dim3(n / 8), dim3(128), 0, 0, in, out, n);
    hipLaunchKernelGGL(HIP_KERNEL_NAME(tiled_stage<64, 4>), dim3(n / 4), dim3(64), 0, nullptr, in, out, n);
  }
};

int main() {
  float *in = nullptr, *out = nullptr;
  Launcher<float>::run(in, out, 1024);
  return 0;
}
