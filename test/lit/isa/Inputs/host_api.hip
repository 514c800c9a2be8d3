// Host code that calls the HIP runtime API (hipHostGetDevicePointer): the
// bundled headers declare only the kernel side of HIP (headers_fallback.test).
#include <hip/hip_runtime.h>
__global__ void scale(float *out, const float *in) {
  __shared__ float tile[256];
  tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x * 2) % 256];
}
void run(float *host, float *in) {
  float *dev = nullptr;
  hipHostGetDevicePointer((void **)&dev, host, 0);
  scale<<<1, 256>>>(dev, in);
}
