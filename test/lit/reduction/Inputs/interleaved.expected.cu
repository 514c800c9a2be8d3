// lds-reduction-tail in CUDA: interleaved addressing (tid % (2 * s)), a
// double sum, 512 threads per block (the launch says so).
__global__ void dsum(const double *in, double *out) {
  __shared__ double acc[512];
  int tid = threadIdx.x;
  acc[tid] = in[blockIdx.x * 512 + tid];
  __syncthreads();
  { // lds-rewrite: the first log2(warpSize) levels with wave shuffles, in the same pairs (lds-reduction-tail)
    double partial = acc[tid];
    int s = 1;
    for (; s < warpSize; s *= 2)
      partial += __shfl_down_sync(0xffffffffu, partial, s);
    if (tid % warpSize == 0)
      acc[tid] = partial;
    __syncthreads();
    for (; s < blockDim.x; s *= 2) {
      if (tid % (2 * s) == 0)
        acc[tid] = acc[tid] + acc[tid + s];
      __syncthreads();
    }
  }
  if (tid == 0)
    out[blockIdx.x] = acc[0];
}

void run(const double *in, double *out, int blocks) { dsum<<<blocks, 512>>>(in, out); }
