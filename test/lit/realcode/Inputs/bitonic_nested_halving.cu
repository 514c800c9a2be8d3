// Idiom: bitonic sort network, inner counter started from the outer one and halved
// (llama.cpp argsort.cu:33-34: `for (k = 2; k <= ncols_pad; k *= 2) for (j = k/2; j > 0; j /= 2)`,
// access dst_row[col ^ j] guarded by `if (ixj > col)`).
// Right answer (block 256x1x1 from __launch_bounds__, sm_90, 32 banks x 4 B; banksim.py over all
// 36 (k, j) iterations, k = 2..256, j = k/2..1, only lanes with t^j > t active):
//   t ^ j for a power of two j is a permutation of each warp's 32 consecutive words (j < 32) or a
//   shift of the whole warp by 32-word blocks (j >= 32): distinct banks -> exact, 1-way on every
//   iteration, for the keys[t ^ j] load (line 17) and store (line 18); the keys[t] accesses
//   (lines 18, 21) are 1-way too.
// Baseline: "unknown: loop counter 'j' changes in a way the tool does not follow" (the same
// inner loop with a constant start, `j = 16`, is exact; the start k/2 is what it does not follow).
__global__ void __launch_bounds__(256) bitonic_nested_halving(int *out) {
  __shared__ int keys[256];
  const int t = threadIdx.x;
  for (int k = 2; k <= 256; k *= 2)
    for (int j = k / 2; j > 0; j /= 2) {
      if ((t ^ j) > t) { const int other = keys[t ^ j];   // line 17
                         keys[t ^ j] = keys[t]; keys[t] = other; }  // line 18
      __syncthreads();
    }
  out[t] = keys[t];
}
