// Standard headers before the CUDA header, std:: math and device printf.
// requires: force-include
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdint>
#include <cassert>
#include <vector>
#include <cuda_runtime.h>

__global__ void std_math(float *out, const std::complex<float> *z) {
  __shared__ float s[128];
  s[threadIdx.x] = std::abs(z[threadIdx.x]) + std::sqrt(2.0f) + std::min(1.0f, out[0]);
  __syncthreads();
  float v = std::max(s[threadIdx.x], s[127 - threadIdx.x]);
  if (threadIdx.x == 0) printf("v=%f\n", v);
  assert(v == v);
  out[threadIdx.x] = v + (float)std::numeric_limits<int8_t>::max() + (float)(size_t)malloc(4);
}

int main() {
  std::vector<float> h(128);
  float *d;
  cudaMalloc(&d, h.size() * sizeof(float));
  std_math<<<1, 128>>>(d, nullptr);
  cudaMemcpy(h.data(), d, h.size() * sizeof(float), cudaMemcpyDeviceToHost);
  std::sort(h.begin(), h.end());
  printf("%f\n", h[0]);
  return 0;
}
