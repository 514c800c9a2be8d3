// Cooperative-groups tile reduction over an LDS array.
// expect-lds: cg_reduce 1024
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_reduce(const float *in, float *out) {
  __shared__ float buf[256];
  cg::thread_block block = cg::this_thread_block();
  buf[block.thread_rank()] = in[blockIdx.x * 256 + block.thread_rank()];
  block.sync();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = buf[block.thread_rank()];
  for (int off = tile.size() / 2; off > 0; off /= 2) v += tile.shfl_down(v, off);
  if (tile.thread_rank() == 0) buf[block.thread_rank() / 32] = v;
  cg::sync(block);
  if (block.thread_rank() == 0) out[blockIdx.x] = buf[0];
}

void launch(const float *in, float *out) { cg_reduce<<<dim3(8), dim3(256)>>>(in, out); }
