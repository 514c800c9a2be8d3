// fix_not_idempotent.cu flattened by hand: tile[64 * 16] indexed r * 16 + c.
// The same plan (rows of 17 and c ^ ((r >> 2) & 15)) is written with a padded
// stride and the XOR in every index.
// 'tile' layout (lds-rewrite): 4-byte unit bits 0-1 ^= row bits 4-5, bit 3 ^= row bit 3
__device__ __forceinline__ int tile_column(int row, int col) {
  return col ^ (((row >> 3) & 1) * 8 ^ ((row >> 4) & 3));
}

__global__ void row2col(float *y) {
    constexpr int tile_stride = 16 + 4; // lds-rewrite: padded row stride of 'tile'
    __shared__ float tile[64 * tile_stride];
    const int lx = threadIdx.x, ly = threadIdx.y;
    tile[(ly * 4) * tile_stride + tile_column((ly * 4), lx)] = 1.f;
    tile[(ly * 4 + 1) * tile_stride + tile_column((ly * 4 + 1), lx)] = 2.f;
    tile[(ly * 4 + 2) * tile_stride + tile_column((ly * 4 + 2), lx)] = 3.f;
    tile[(ly * 4 + 3) * tile_stride + tile_column((ly * 4 + 3), lx)] = 4.f;
    __syncthreads();
    float a = tile[(lx * 4 + ly / 4) * tile_stride + tile_column((lx * 4 + ly / 4), (ly % 4) * 4)];
    float b = tile[(lx * 4 + ly / 4) * tile_stride + tile_column((lx * 4 + ly / 4), (ly % 4) * 4 + 1)];
    float c = tile[(lx * 4 + ly / 4) * tile_stride + tile_column((lx * 4 + ly / 4), (ly % 4) * 4 + 2)];
    float d = tile[(lx * 4 + ly / 4) * tile_stride + tile_column((lx * 4 + ly / 4), (ly % 4) * 4 + 3)];
    y[ly * 16 + lx] = a + b + c + d;
}
int main() { row2col<<<1, dim3(16, 16)>>>(nullptr); }
