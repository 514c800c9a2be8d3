// Two tiles of one kernel, each a float4 store of its rows and float4 reads
// of every other quad down them (256 threads, sm_90): loads 2-way (lanes 0
// and 4 on one quad). Each gets a column-term XOR layout (bit 0 of the
// 16-byte unit ^= bit 3), so each gets an index function: both go before the
// kernel, one after the other, and both arrays are fixed in one run.
__global__ void k(const float4 *in, float *out) {
  __shared__ float s[8 * 128];
  __shared__ float u[8 * 128];
  int t = threadIdx.x;
  *reinterpret_cast<float4 *>(&s[(t / 32) * 128 + (t % 32) * 4]) = in[t];
  *reinterpret_cast<float4 *>(&u[(t / 32) * 128 + (t % 32) * 4]) = in[t + 256];
  __syncthreads();
  float acc = 0;
  for (int r = 0; r < 8; ++r) {
    float4 a = *reinterpret_cast<const float4 *>(&s[r * 128 + (t % 16) * 8]);
    float4 b = *reinterpret_cast<const float4 *>(&u[r * 128 + (t % 16) * 8 + 4]);
    acc += a.x + b.y;
  }
  out[t] = acc;
}

int main() { k<<<1, 256>>>(nullptr, nullptr); }
