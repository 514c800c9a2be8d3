// A 16x16 block over 16 rows of 80 floats: thread (x, y) owns the columns
// y, y + 16, ... of row x. A 32-lane group is two rows of the block (y and
// y + 1), sixteen lanes each, on rows 80 floats = 16 banks apart.
#include <hip/hip_runtime.h>

constexpr int ROWS = 16;
constexpr int COLS = 80;

__global__ void reverse_rows(float* out, const float* in)
{
    __shared__ float s[ROWS][COLS];
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
