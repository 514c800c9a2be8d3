// Dynamic LDS: `extern __shared__` and HIP_DYNAMIC_SHARED, launched with a
// byte count; a block reduction with __shfl_xor and warpSize.
// expect-lds: reduce_dynamic 0
// expect-lds: scale_dynamic 0
// expect-lds: mixed_static_dynamic 1024
#include <hip/hip_runtime.h>

__global__ void reduce_dynamic(const float *in, float *out, int n) {
  extern __shared__ float partial[];
  unsigned tid = threadIdx.x;
  float v = 0.f;
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x) v += in[i];
  for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_xor(v, off);
  if (__lane_id() == 0) partial[tid / warpSize] = v;
  __syncthreads();
  if (tid < blockDim.x / warpSize) {
    v = partial[tid];
    for (int off = 1; off < (int)(blockDim.x / warpSize); off *= 2) v += __shfl_down(v, off);
    if (tid == 0) out[blockIdx.x] = v;
  }
}

__global__ void scale_dynamic(float *data, float s) {
  HIP_DYNAMIC_SHARED(float, buf)
  buf[threadIdx.x] = data[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  data[blockIdx.x * blockDim.x + threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x] * s;
}

__global__ void mixed_static_dynamic(int *data) {
  __shared__ int fixed[256];
  extern __shared__ int dyn[];
  fixed[threadIdx.x] = data[threadIdx.x];
  dyn[threadIdx.x] = fixed[255 - threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = dyn[threadIdx.x ^ 1];
}

int main() {
  float *in, *out;
  hipMalloc(&in, 1 << 20);
  hipMalloc(&out, 1 << 20);
  int threads = 256;
  size_t shmem = threads / 64 * sizeof(float);
  hipLaunchKernelGGL(reduce_dynamic, dim3(120), dim3(threads), shmem, 0, in, out, 1 << 18);
  scale_dynamic<<<64, 256, 256 * sizeof(float)>>>(in, 2.0f);
  hipStream_t stream;
  hipStreamCreate(&stream);
  mixed_static_dynamic<<<dim3(1), dim3(256), 1024, stream>>>((int *)out);
  hipStreamSynchronize(stream);
  hipStreamDestroy(stream);
  return 0;
}
