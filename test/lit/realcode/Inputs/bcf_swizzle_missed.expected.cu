// LeetCUDA mat_transpose_f32x4_shared_bcf_col2row2d pattern, block 16x16, tile[16][65].
// loads are 4-way and stores 2-way on 32 banks; the swizzle col ^ ((row >> 2) & 1)
// (or & 15) makes the loads 2-way and leaves the stores at 2-way (checked by enumeration).
// 'tile' layout (lds-rewrite): XOR-swizzle columns in 4-byte units with bit 2 of the row, and in 8-byte units with bit 4 of the unit
__device__ __forceinline__ int tile_column(int row, int col) {
  return col ^ (((row >> 2) & 1) ^ (((col >> 5) & 1) * 2));
}

__global__ void bcf(float *y) {
    __shared__ float tile[16][65];
    const int lx = threadIdx.x, ly = threadIdx.y;
    tile[ly][tile_column(ly, lx * 4)] = 1.f;
    tile[ly][tile_column(ly, lx * 4 + 1)] = 2.f;
    tile[ly][tile_column(ly, lx * 4 + 2)] = 3.f;
    tile[ly][tile_column(ly, lx * 4 + 3)] = 4.f;
    __syncthreads();
    float a = tile[(ly % 4) * 4][tile_column((ly % 4) * 4, lx * 4 + ly / 4)];
    float b = tile[(ly % 4) * 4 + 1][tile_column((ly % 4) * 4 + 1, lx * 4 + ly / 4)];
    float c = tile[(ly % 4) * 4 + 2][tile_column((ly % 4) * 4 + 2, lx * 4 + ly / 4)];
    float d = tile[(ly % 4) * 4 + 3][tile_column((ly % 4) * 4 + 3, lx * 4 + ly / 4)];
    y[ly * 16 + lx] = a + b + c + d;
}
int main() { bcf<<<1, dim3(16, 16)>>>(nullptr); }
