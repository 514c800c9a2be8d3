// lds-redundant-barrier, self-readback: a barrier where every thread reads
// back only what it wrote itself orders nothing. Removed in 'scale' and
// 'own_slot'; kept everywhere else, each for the reason its comment gives.
#include <hip/hip_runtime.h>

__device__ float twice(float x) { return 2.0f * x; }

__global__ void scale(const float *__restrict__ in, float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = 2.0f * s[t];
}

// Each iteration writes and reads back the thread's own slot.
__global__ void own_slot(const float *__restrict__ in, float *out) {
  __shared__ float s[2][128];
  int t = threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 4; ++k) {
    s[k % 2][t] = in[k * 128 + t];
    __syncthreads();
    acc += s[k % 2][t];
  }
  out[t] = acc;
}

// Kept: thread t reads what thread t + 1 wrote.
__global__ void neighbour(const float *__restrict__ in, float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  out[t] = s[(t + 1) % 256];
}

// Kept: within an iteration every thread reads back its own slot, but it
// also reads its neighbour's slot of the iteration before, which only the
// barrier of that iteration orders (across the loop's back edge).
__global__ void back_edge(const float *__restrict__ in, float *out) {
  __shared__ float s[4][128];
  int t = threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 4; ++k) {
    s[k][t] = in[k * 128 + t];
    __syncthreads();
    if (k > 0)
      acc += s[k - 1][(t + 1) % 128];
    acc += s[k][t];
  }
  out[t] = acc;
}

// Kept: LDS is read back by its writer, but thread t - 1 stores data[t],
// which thread t loaded before the barrier (it orders global memory too).
__global__ void global_pair(float *data) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = data[t];
  __syncthreads();
  data[(t + 1) % 256] = s[t];
}

// Kept: 'in' and 'out' may be the same memory (neither is __restrict__).
__global__ void may_alias(const float *in, float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[t + 1];
  __syncthreads();
  out[t] = s[t];
}

// Kept: the check does not follow calls.
__global__ void calls(const float *__restrict__ in, float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  out[t] = twice(s[t]);
}

// Kept: the index depends on n (its value would prove it or not).
__global__ void free_symbol(const float *__restrict__ in, float *out, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  out[t] = s[t % n];
}

void launch(const float *in, float *out, float *data, int n) {
  scale<<<4, 256>>>(in, out);
  own_slot<<<1, 128>>>(in, out);
  neighbour<<<1, 256>>>(in, out);
  back_edge<<<1, 128>>>(in, out);
  global_pair<<<1, 256>>>(data);
  may_alias<<<1, 256>>>(in, out);
  calls<<<1, 256>>>(in, out);
  free_symbol<<<1, 256>>>(in, out, n);
}
