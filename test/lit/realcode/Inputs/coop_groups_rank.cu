// Idiom: cooperative groups ranks as the thread index (cuda-samples simpleCudaGraphs.cu:55
// `cta.thread_rank()`, conjugateGradientMultiBlockCG.cu:230/236 `tile32.meta_group_rank()`,
// `tile32.thread_rank()`, MonteCarlo_reduction.cuh:49, simpleCooperativeGroups.cu:63).
// CUDA 13 needs: lds-rewrite FILE -- -isystem /usr/local/cuda/include/cccl
// For a 1-D block: cta.thread_rank() = threadIdx.x; tile.thread_rank() = threadIdx.x % 32;
// tile.meta_group_rank() = threadIdx.x / 32.
// Right answer (block 256x1x1 from __launch_bounds__, sm_90, 32 banks x 4 B, banksim.py):
//   line 18: store s[cta.thread_rank()]                               -> 1-way (1 pass, ideal 1)
//   line 19: load+store s[tile.meta_group_rank()*32 + tile.thread_rank()] (= s[t]) -> 1-way
//   line 21: load s[(cta.thread_rank() * 2) % 256]                    -> 2-way (2 passes, ideal 1)
// Baseline: all four "unknown: result of a call to 'thread_rank'" / "'meta_group_rank'".
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void __launch_bounds__(256) coop_groups_rank(float *out) {
  __shared__ float s[256];
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
  s[cta.thread_rank()] = out[threadIdx.x];
  s[tile.meta_group_rank() * 32 + tile.thread_rank()] += 1.0f;
  cg::sync(cta);
  out[threadIdx.x] = s[(cta.thread_rank() * 2) % 256];
}
