// Shared-memory histogram: atomicAdd on a __shared__ unsigned array, plus the
// other atomics, votes, bit intrinsics and math functions kernels lean on.
// expect-lds: histogram256 1024
// expect-lds: atomics_zoo 1040 (1036 bytes of arrays; the LDS lowering pads to 16)
#include <hip/hip_runtime.h>

__global__ void histogram256(const unsigned char *data, int n, unsigned int *global_hist) {
  __shared__ unsigned int hist[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x) hist[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&hist[data[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x) atomicAdd(&global_hist[i], hist[i]);
}

__global__ void atomics_zoo(int *iout, unsigned *uout, float *fout) {
  __shared__ int si[64];
  __shared__ unsigned su[64];
  __shared__ float sf[130];
  __shared__ int flag;
  unsigned t = threadIdx.x;
  si[t] = 0; su[t] = 0; sf[t] = 0.f;
  if (t == 0) flag = 0;
  __syncthreads();
  atomicAdd(&si[t % 8], 1);
  atomicMax(&si[t % 4], (int)t);
  atomicMin(&su[t % 4], t);
  atomicOr(&su[t % 32], 1u << (t % 32));
  atomicAnd(&si[1], ~1);
  atomicXor(&su[2], t);
  atomicInc(&su[3], 100u);
  atomicDec(&su[4], 100u);
  atomicCAS(&flag, 0, (int)t);
  atomicExch(&si[5], (int)t);
  atomicExch(&sf[5], 1.0f);
  atomicAdd(&sf[t % 16], 0.5f);
  atomicSub(&si[6], 1);
  __syncthreads();
  unsigned long long vote = __ballot(si[t] > 0);
  int any = __any(t == 3), all = __all(t < 1024);
  int bits = __popc(su[t]) + __ffs((int)su[t]) + __clz((int)su[t]) + __popcll(vote);
  float x = sf[t];
  float y = sqrtf(fabsf(x)) + expf(-x) + fmaf(x, 2.f, 1.f) + __expf(x) + rsqrtf(x + 1.f) + powf(x, 2.f);
  y = fminf(y, 1e30f) + fmaxf(y, -1e30f);
  iout[t] = min(bits, 100) + max(any, all) + (int)min(t, 7u);
  uout[t] = su[t] + __shfl(su[t], 0) + __shfl_up(su[t], 1) + __shfl_down(su[t], 1);
  fout[t] = y + (float)flag + __shfl_xor(y, 1);
}

void launch(const unsigned char *d, int n, unsigned *h) {
  histogram256<<<120, 256>>>(d, n, h);
  hipLaunchKernelGGL(atomics_zoo, dim3(1), dim3(64), 0, 0, (int *)h, h, (float *)h);
}
