// Template kernels (CUDA) launched from a template host function.
#include <cuda_runtime.h>

template <int TILE_N, int ROWS_PER_PASS, typename T>
__global__ void tiled_stage(const T *in, T *out, int n) {
  __shared__ T stage[ROWS_PER_PASS][TILE_N];
  for (int r = 0; r < ROWS_PER_PASS; ++r)
    stage[r][threadIdx.x] = in[(blockIdx.x * ROWS_PER_PASS + r) * n + threadIdx.x];
  __syncthreads();
  T s = 0;
  for (int r = 0; r < ROWS_PER_PASS; ++r) s += stage[r][(threadIdx.x * 2) % TILE_N];
  out[blockIdx.x * TILE_N + threadIdx.x] = s;
}

template <typename T> void run(const T *in, T *out, int n) {
  tiled_stage<128, 8, T><<<n / 8, 128>>>(in, out, n);
  tiled_stage<64, 4><<<dim3(n / 4), dim3(64)>>>(in, out, n);
}

int main() {
  float *in = nullptr, *out = nullptr;
  run(in, out, 1024);
  double *din = nullptr, *dout = nullptr;
  run(din, dout, 1024);
  return 0;
}
