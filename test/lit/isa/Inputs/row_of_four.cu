// Four scalar float loads of one row per lane (a register tile of a GEMM,
// as siboehm's SGEMM kernel 6 reads Bs): the source has four 4-byte
// loads, nvcc merges them into one 16-byte LDS.128 (the row is 16-byte
// aligned), which isa --target=sm_90 reads from the SASS and costs at its
// own width (sass.test).
#define BN 128
#define TN 8

__global__ void rowOfFour(float *out, const float *in) {
  __shared__ float Bs[8 * BN];
  for (int i = threadIdx.x; i < 8 * BN; i += blockDim.x)
    Bs[i] = in[i];
  __syncthreads();
  int threadCol = threadIdx.x % 16;
  float acc = 0.0f;
  for (int d = 0; d < 8; ++d) {
    acc += Bs[d * BN + threadCol * TN + 0];
    acc += Bs[d * BN + threadCol * TN + 1];
    acc += Bs[d * BN + threadCol * TN + 2];
    acc += Bs[d * BN + threadCol * TN + 3];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

void launch(float *out, const float *in) { rowOfFour<<<1, 256>>>(out, in); }
