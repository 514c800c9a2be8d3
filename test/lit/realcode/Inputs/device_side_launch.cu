// Idiom: a kernel that relaunches itself from the device (dynamic parallelism) with the parent's
// own shape (cuda-samples cdpSimplePrint.cu:91 `cdp_kernel<<<gridDim.x, blockDim.x>>>`,
// cdpQuadtree.cu:541).  Needs -fgpu-rdc (CUDA_SEPARABLE_COMPILATION): lds-rewrite FILE -- -fgpu-rdc
// Right answer: the only launch with constant dimensions is the host one, <<<1, 64>>> (line 19):
// block 64x1x1 from that launch.  sm_90 (32 banks x 4 B, banksim.py):
//   line 14: store s[t]            -> 1-way (1 pass, ideal 1)
//   line 16: load  s[(2t) % 64]    -> words 0,2,..,62 in each warp, 2 per even bank: 2-way
//                                     (2 passes, ideal 1)
//   each access reported once.
// Baseline: block [0,1,1] "from the launch" (the device-side launch, blockDim.x taken as 0), both
// accesses "unknown: empty block or wave", and each access listed 9 times in the JSON.
__global__ void device_side_launch(int depth, int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = depth;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 2) % 64];
  if (depth > 0 && threadIdx.x == 0) device_side_launch<<<1, blockDim.x>>>(depth - 1, out);
}
void launch_from_host(int *out) { device_side_launch<<<1, 64>>>(3, out); }
