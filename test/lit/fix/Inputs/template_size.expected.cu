// A flat tile whose size is a template parameter (N), read in rows of a
// literal 16: 32 threads, the store 2-way (lanes 0 and 1 write rows 4 apart:
// words 64 apart, one bank), the load 1-way. The pad to rows of 20 must keep
// N: `s[N]` becomes `s[(N + 15) / 16 * stride]`, which holds every
// instantiation's elements in rows of 16, where this instantiation's row
// count (8 rows) would overflow lin<256>.
template <int N>
__global__ void lin(const float *in, float *out) {
  constexpr int s_stride = 16 + 4; // lds-rewrite: padded row stride of 's'
  __shared__ float s[(N + 15) / 16 * s_stride];
  int t = threadIdx.x;
  for (int c = 0; c < 4; ++c)
    s[((t % 2) * 4 + c) * s_stride + t / 2] = in[c * 32 + t];
  __syncthreads();
  for (int c = 0; c < 8; ++c)
    out[c * 32 + t] = s[c * s_stride + t % 16];
}

void launch(const float *i, float *o) { lin<128><<<1, 32>>>(i, o); }
