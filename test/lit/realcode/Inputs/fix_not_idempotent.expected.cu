// LeetCUDA mat_transpose_f32x4_shared_row2col2d pattern, block 16x16, tile[64][16].
// First --fix: XOR swizzle (loads 16-way -> 2-way). Second --fix on the result: pads rows 16 -> 17
// as well (loads 2-way -> 1-way). The README says a second --fix changes nothing.
// 'tile' layout (lds-rewrite): 4-byte unit bits 0-1 ^= row bits 4-5, bit 3 ^= row bit 3
__device__ __forceinline__ int tile_column(int row, int col) {
  return col ^ (((row >> 3) & 1) * 8 ^ ((row >> 4) & 3));
}

__global__ void row2col(float *y) {
    __shared__ float tile[64][16 + 4];
    const int lx = threadIdx.x, ly = threadIdx.y;
    tile[ly * 4][tile_column(ly * 4, lx)] = 1.f;
    tile[ly * 4 + 1][tile_column(ly * 4 + 1, lx)] = 2.f;
    tile[ly * 4 + 2][tile_column(ly * 4 + 2, lx)] = 3.f;
    tile[ly * 4 + 3][tile_column(ly * 4 + 3, lx)] = 4.f;
    __syncthreads();
    float a = tile[lx * 4 + ly / 4][tile_column(lx * 4 + ly / 4, (ly % 4) * 4)];
    float b = tile[lx * 4 + ly / 4][tile_column(lx * 4 + ly / 4, (ly % 4) * 4 + 1)];
    float c = tile[lx * 4 + ly / 4][tile_column(lx * 4 + ly / 4, (ly % 4) * 4 + 2)];
    float d = tile[lx * 4 + ly / 4][tile_column(lx * 4 + ly / 4, (ly % 4) * 4 + 3)];
    y[ly * 16 + lx] = a + b + c + d;
}
int main() { row2col<<<1, dim3(16, 16)>>>(nullptr); }
