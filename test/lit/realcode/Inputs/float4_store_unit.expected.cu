// After SGEMM_CUDA's kernel 6 (vectorize), written anew: a float4 store of
// each row's 32 quads, then scalar reads of 8 consecutive floats per thread
// (t % 16) * 8 + i down the rows, 256 threads, sm_90. The load is 4-way
// (lanes 0,4,...,28 on bank 0: 16 lanes of one row, 8 floats apart). XOR
// layouts must move whole 16-byte units (the float4 store keeps its 16 bytes
// together): bit 0 ^= bit 3 of the unit takes the load to 2-way, the best a
// 16-byte unit allows (16 distinct words fall on 8 quads of banks); the
// second run says that no 16-byte XOR does better, and why units are 16 B.
// 's' layout (lds-rewrite): XOR-swizzle columns in 16-byte units with bit 3 of the unit
__device__ __forceinline__ int s_column(int col) {
  return col ^ (((col >> 5) & 1) * 4);
}

__global__ void vec_tile(const float4 *in, float *out) {
  __shared__ float s[8 * 128];
  int t = threadIdx.x;
  *reinterpret_cast<float4 *>(&s[(t / 32) * 128 + s_column((t % 32) * 4)]) = in[t];
  __syncthreads();
  float acc = 0;
  for (int r = 0; r < 8; ++r)
    for (int i = 0; i < 8; ++i)
      acc += s[r * 128 + s_column((t % 16) * 8 + i)];
  out[t] = acc;
}

int main() { vec_tile<<<1, 256>>>(nullptr, nullptr); }
