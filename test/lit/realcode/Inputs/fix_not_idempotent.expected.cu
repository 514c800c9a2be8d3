// LeetCUDA mat_transpose_f32x4_shared_row2col2d pattern, block 16x16, tile[64][16].
// First --fix: XOR swizzle (loads 16-way -> 2-way). Second --fix on the result: pads rows 16 -> 17
// as well (loads 2-way -> 1-way). The README says a second --fix changes nothing.
__global__ void row2col(float *y) {
    __shared__ float tile[64][16 + 1];
    const int lx = threadIdx.x, ly = threadIdx.y;
    tile[ly * 4][lx ^ (((ly * 4) >> 2) & 15)] = 1.f;
    tile[ly * 4 + 1][lx ^ (((ly * 4 + 1) >> 2) & 15)] = 2.f;
    tile[ly * 4 + 2][lx ^ (((ly * 4 + 2) >> 2) & 15)] = 3.f;
    tile[ly * 4 + 3][lx ^ (((ly * 4 + 3) >> 2) & 15)] = 4.f;
    __syncthreads();
    float a = tile[lx * 4 + ly / 4][((ly % 4) * 4) ^ (((lx * 4 + ly / 4) >> 2) & 15)];
    float b = tile[lx * 4 + ly / 4][((ly % 4) * 4 + 1) ^ (((lx * 4 + ly / 4) >> 2) & 15)];
    float c = tile[lx * 4 + ly / 4][((ly % 4) * 4 + 2) ^ (((lx * 4 + ly / 4) >> 2) & 15)];
    float d = tile[lx * 4 + ly / 4][((ly % 4) * 4 + 3) ^ (((lx * 4 + ly / 4) >> 2) & 15)];
    y[ly * 16 + lx] = a + b + c + d;
}
int main() { row2col<<<1, dim3(16, 16)>>>(nullptr); }
