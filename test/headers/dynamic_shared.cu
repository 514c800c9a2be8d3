// Dynamic shared memory (CUDA): extern __shared__, opt-in size attribute,
// warp-shuffle reduction with the *_sync intrinsics.
#include <cuda_runtime.h>

__global__ void reduce_dynamic(const float *in, float *out, int n) {
  extern __shared__ float partial[];
  unsigned tid = threadIdx.x;
  float v = 0.f;
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x) v += in[i];
  for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_xor_sync(0xffffffffu, v, off);
  if ((tid & 31) == 0) partial[tid / warpSize] = v;
  __syncthreads();
  if (tid < 32) {
    v = tid < blockDim.x / warpSize ? partial[tid] : 0.f;
    for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(0xffffffffu, v, off);
    if (tid == 0) out[blockIdx.x] = v;
  }
}

__global__ void mixed_static_dynamic(int *data) {
  __shared__ int fixed[256];
  extern __shared__ __align__(16) int dyn[];
  fixed[threadIdx.x] = data[threadIdx.x];
  dyn[threadIdx.x] = fixed[255 - threadIdx.x];
  __syncwarp();
  __syncthreads();
  data[threadIdx.x] = dyn[threadIdx.x ^ 1] + __shfl_sync(0xffffffffu, dyn[0], 0);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1 << 20);
  cudaMalloc(&out, 1 << 20);
  cudaFuncSetAttribute(reduce_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  int threads = 256;
  reduce_dynamic<<<120, threads, threads / 32 * sizeof(float)>>>(in, out, 1 << 18);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  mixed_static_dynamic<<<dim3(1), dim3(256), 1024, stream>>>((int *)out);
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
  return 0;
}
