// rows80 padded by hand by one float: a 16x16 block, thread (x, y) owns the
// columns y, y + 16, ... of row x; a warp is rows y and y + 1 of the block,
// so lanes x and x' of the two halves read rows x and x' at the same column.
// Rows of 81 floats: bank 81 x + c = 17 x + c (mod 32); x = 15 of the second
// half meets x = 0 of the first (17 * 15 + 1 = 256): 2-way. Rows of 82: bank
// 18 x + c, the even banks for one half and the odd ones for the other:
// 1-way. The fix writes the extent as the user began it: COLS + 2.
constexpr int ROWS = 16;
constexpr int COLS = 80;

__global__ void reverse_rows(float* out, const float* in)
{
    __shared__ float s[ROWS][COLS + 2];
    int x = threadIdx.x, y = threadIdx.y;
    const float* src = in + blockIdx.x * ROWS * COLS;
    float* dst = out + blockIdx.x * ROWS * COLS;

    for (int k = 0; k < COLS; k += 16)
        s[x][y + k] = src[x * COLS + y + k];
    __syncthreads();
    for (int k = 0; k < COLS; k += 16)
        dst[x * COLS + y + k] = s[x][COLS - 1 - (y + k)];
}

void launch(float* out, const float* in, int blocks)
{
    reverse_rows<<<blocks, dim3(16, 16)>>>(out, in);
}
