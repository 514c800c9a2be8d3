#include <hip/hip_runtime.h>
__global__ void broken(float* out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = 1.0f
  out[0] = tile[0][threadIdx.x];
}
