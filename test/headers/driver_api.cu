// A kernel next to driver-API host code (cuda.h only, no cuda_runtime.h
// include: nvcc and clang force-include the runtime header themselves; the
// fallback configuration therefore needs -include cuda_runtime.h).
// requires: force-include
#include <cuda.h>
#include <cstdio>

extern "C" __global__ void saxpy(float a, const float *x, float *y, int n) {
  __shared__ float xs[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  xs[threadIdx.x] = i < n ? x[i] : 0.f;
  __syncthreads();
  if (i < n) y[i] = a * xs[threadIdx.x] + y[i];
}

int main() {
  CUdevice dev;
  CUmodule mod;
  CUfunction fn;
  if (cuInit(0) != CUDA_SUCCESS) return 1;
  cuDeviceGet(&dev, 0);
  cuModuleLoad(&mod, "saxpy.cubin");
  cuModuleGetFunction(&fn, mod, "saxpy");
  printf("loaded\n");
  return 0;
}
