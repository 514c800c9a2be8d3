// Issue 16: a dynamic array whose launch passes a literal 3168 bytes (33 rows
// of 48 shorts). A pad would read and write past it; the fix must not pad.
#include <hip/hip_runtime.h>
constexpr int TR = 33, TC = 48;
__global__ void rowsum(const short *in, int *out) {
  extern __shared__ short s[];
  int tid = threadIdx.x;
  for (int i = tid; i < TR * TC; i += 256)
    s[i / 48 * 48 + ((i % 48) ^ (((i / 48) >> 1) & 15))] = in[blockIdx.x * TR * TC + i];
  __syncthreads();
  if (tid < 4 * TR) {
    int row = tid % TR, part = tid / TR;
    int acc = 0;
    for (int k = part * 12; k < part * 12 + 12; ++k)
      acc += s[row * TC + (k ^ ((row >> 1) & 15))];
    out[blockIdx.x * 256 + tid] = acc;
  }
}
void launch(const short *in, int *out) { rowsum<<<2, 256, 3168>>>(in, out); }
