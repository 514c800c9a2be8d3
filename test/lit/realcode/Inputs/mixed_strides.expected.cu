// Three ways of writing one 1-D array: an atomic through s + tx + ty * 32 (rows
// of 32), s[tx * 8 + ty] (rows of 8) and an index with terms of both, whose
// part beside '* 32' reaches 63. With rows of 32 the last two are read as the
// linear index i they are, so the fix must split them as i / 32, i % 32 too:
// taking (tx / 8) * 32 as the row would move its elements elsewhere.
__global__ void k(float *out) {
    constexpr int s_stride = 32 + 1; // lds-rewrite: padded row stride of 's'
    __shared__ float s[8 * s_stride];
    int tx = threadIdx.x, ty = threadIdx.y;       // block 32 x 8
    atomicAdd(s + tx + ty * s_stride, 1.f);
    __syncthreads();
    s[(tx * 8 + ty) / 32 * s_stride + (tx * 8 + ty) % 32] = 0.f;
    __syncthreads();
    out[tx + ty * 32] = s[((tx % 8) * 8 + (tx / 8) * 32 + ty) / 32 * s_stride + ((tx % 8) * 8 + (tx / 8) * 32 + ty) % 32];
}
int main() { k<<<1, dim3(32, 8)>>>(nullptr); }
