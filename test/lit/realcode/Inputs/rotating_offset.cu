// Idiom: a loop-carried offset that wraps with a mask, `pos = (pos + 4) & (N - 1)`, used to skew
// each thread's walk over its own row (cuda-samples histogram64.cu:112-118).
// Right answer (block 32x1x1 from __launch_bounds__, sm_90, 32 banks x 4 B; banksim.py over the
// 32 iterations i): lane t reads word 32t + ((t + i) & 31), bank (t + i) & 31: all 32 banks
// distinct in every iteration -> the load at line 17 is exact, 1-way (1 pass, ideal 1) on every
// iteration.  (The unskewed store at line 11, rows[t * 32 + i], is 32-way: baseline gets that.)
// Baseline: "unknown: 'pos' changes per iteration in a way the tool does not follow".
__global__ void __launch_bounds__(32) rotating_offset(float *out) {
  __shared__ float rows[32 * 32];
  for (int i = 0; i < 32; i++)
    rows[threadIdx.x * 32 + i] = out[i];
  __syncthreads();
  unsigned pos = threadIdx.x;
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < 32; i++) {
    sum += rows[threadIdx.x * 32 + pos];
    pos = (pos + 1) & 31;
  }
  out[threadIdx.x] = sum;
}
