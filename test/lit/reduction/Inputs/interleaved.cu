// lds-reduction-tail in CUDA: interleaved addressing (tid % (2 * s)), a
// double sum, 512 threads per block (the launch says so).
__global__ void dsum(const double *in, double *out) {
  __shared__ double acc[512];
  int tid = threadIdx.x;
  acc[tid] = in[blockIdx.x * 512 + tid];
  __syncthreads();
  for (int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      acc[tid] = acc[tid] + acc[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = acc[0];
}

void run(const double *in, double *out, int blocks) { dsum<<<blocks, 512>>>(in, out); }
