// Back-to-back barriers (barriers.md, "Rules for deleting a barrier"): only
// register code between two __syncthreads(), so the second orders nothing
// the first does not. 256 threads, 4 waves of 64 on gfx942.
#include <hip/hip_runtime.h>

__global__ void reverse(const float *in, float *out) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  unsigned r = 255 - t;
  __syncthreads(); // waits for nothing new
  out[blockIdx.x * 256 + t] = tile[r];
}

// Three in a row: the second and third go, the first stays.
__global__ void thrice(const float *in, float *out) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  __syncthreads();
  int k = 3;
  {
    k += (int)t;
  }
  __syncthreads();
  out[t] = tile[(t + k) % 256];
}

// Memory between each pair: every barrier orders an LDS access pair.
__global__ void phases(const float *in, float *out) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  float v = tile[255 - t];
  __syncthreads();
  tile[t] = v * 2.0f;
  __syncthreads();
  out[t] = tile[(t + 1) % 256];
}
