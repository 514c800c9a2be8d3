// Idiom: range-based for over a braced list of constants (llama.cpp fattn-mma-f16.cuh:45 and :472,
// `for (int stride_k : {WARP_SIZE, WARP_SIZE/2, WARP_SIZE/4})`, under #pragma unroll).
// Right answer (block 32x1x1 from __launch_bounds__, sm_90, 32 banks x 4 B; banksim.py):
//   stride = 33: word 33t, bank t        -> 1 pass,   ideal 1, 1-way
//   stride = 32: word 32t, bank 0 for all -> 32 passes, ideal 1, 32-way
//   so the store at line 14 is exact: worst 32-way (the stride = 32 iteration), 33 passes over
//   the 2 iterations.
// Baseline: "unknown: value read from memory" (the loop variable is read from the
// std::initializer_list's backing array, which holds only constants).
__global__ void __launch_bounds__(32) ilist_range_for(const float *in) {
  __shared__ float tile[32 * 33];
#pragma unroll
  for (int stride : {33, 32})
    tile[threadIdx.x * stride] = in[threadIdx.x];   // line 14
}
