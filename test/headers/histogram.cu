// Shared-memory histogram (CUDA), plus the other atomics, votes, bit
// intrinsics and math functions kernels lean on.
#include <cuda_runtime.h>

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
  atomicAdd_block(&si[7], 1);
  __syncthreads();
  unsigned vote = __ballot_sync(0xffffffffu, si[t] > 0);
  int any = __any_sync(0xffffffffu, t == 3), all = __all_sync(0xffffffffu, t < 1024);
  int bits = __popc(su[t]) + __ffs((int)su[t]) + __clz((int)su[t]) + __popc(vote) + __popcll(7ull);
  float x = sf[t];
  float y = sqrtf(fabsf(x)) + expf(-x) + fmaf(x, 2.f, 1.f) + __expf(x) + rsqrtf(x + 1.f) + powf(x, 2.f);
  y = fminf(y, 1e30f) + fmaxf(y, -1e30f) + __fdividef(y, 3.f) + __saturatef(y);
  iout[t] = min(bits, 100) + max(any, all) + (int)min(t, 7u);
  uout[t] = su[t] + __shfl_sync(0xffffffffu, su[t], 0) + __shfl_up_sync(0xffffffffu, su[t], 1) +
            __brev(t) + __byte_perm(t, 0, 0x3210) + __umulhi(t, t) + __activemask();
  fout[t] = y + (float)flag + __shfl_xor_sync(0xffffffffu, y, 1);
  __threadfence_block();
}

void launch(const unsigned char *d, int n, unsigned *h) {
  histogram256<<<120, 256>>>(d, n, h);
  atomics_zoo<<<1, 64>>>((int *)h, h, (float *)h);
}
