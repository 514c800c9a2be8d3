// Standard headers before the HIP header, std:: math and device printf.
// Needs what clang force-includes by default (__clang_hip_runtime_wrapper.h):
// with -nogpuinc the tool must -include it, as clang's cuda_wrappers/
// <algorithm>/<complex> need __host__/__device__ first.
// requires: force-include
// expect-lds: std_math 512
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <hip/hip_runtime.h>

__global__ void std_math(float *out, const std::complex<float> *z) {
  __shared__ float s[128];
  s[threadIdx.x] = z[threadIdx.x].real() + std::sqrt(2.0f) + std::min(1.0f, out[0]);
  __syncthreads();
  float v = std::max(s[threadIdx.x], s[127 - threadIdx.x]);
  if (threadIdx.x == 0) printf("v=%f lane=%u\n", v, __lane_id());
  out[threadIdx.x] = v + (float)std::numeric_limits<int8_t>::max();
}

int main() {
  std::vector<float> h(128);
  float *d;
  (void)hipMalloc(&d, h.size() * sizeof(float));
  std_math<<<1, 128>>>(d, nullptr);
  (void)hipMemcpy(h.data(), d, h.size() * sizeof(float), hipMemcpyDeviceToHost);
  std::sort(h.begin(), h.end());
  printf("%f\n", h[0]);
  return 0;
}
