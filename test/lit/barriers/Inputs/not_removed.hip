// Barriers lds-redundant-barrier must leave alone, each for its reason.
#include <hip/hip_runtime.h>

__device__ float scale(float x) { return 2.0f * x; }

#define SYNC() __syncthreads()

__global__ void kinds(const float *in, float *out, volatile int *flag) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  float v = scale(1.0f); // a call: it may hold a barrier or touch memory
  __syncthreads();
  out[t] = tile[255 - t] + v;
  __syncthreads();
  int f = *flag; // a volatile load between
  __syncthreads();
  tile[t] = (float)f;
  __builtin_amdgcn_s_barrier(); // no fences: it orders no memory
  __syncthreads();
  out[t] += tile[(t + 1) % 256];
  __syncthreads();
  if (t < 32)
    v = 1.0f; // a branch between
  __syncthreads();
  tile[t] = v;
  __syncthreads();
  int n = __syncthreads_count(t & 1); // its result is used: kept
  out[t] += tile[(t + 3) % 256] + n;
}

// A macro spells the second barrier: reported, not removed.
__global__ void macro(const float *in, float *out) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  SYNC();
  out[t] = tile[255 - t];
}

// Suppressed: no finding, no fix.
__global__ void quiet(const float *in, float *out) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  __syncthreads(); // NOLINT(lds-redundant-barrier)
  out[t] = tile[255 - t];
}

// Redundant in one instantiation only (with float, +s is arithmetic; with
// Boxed, a call that reads memory): kept.
struct Boxed {
  const float *p;
  __device__ float operator+() const { return *p; }
};
template <typename S> __global__ void maybe(const float *in, float *out, S s) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  float w = +s;
  __syncthreads();
  out[t] = tile[255 - t] + w;
}
template __global__ void maybe<float>(const float *, float *, float);
template __global__ void maybe<Boxed>(const float *, float *, Boxed);
