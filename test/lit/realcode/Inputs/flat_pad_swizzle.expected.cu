// fix_not_idempotent.cu flattened by hand: tile[64 * 16] indexed r * 16 + c.
// The same plan (rows of 17 and c ^ ((r >> 2) & 15)) is written with a padded
// stride and the XOR in every index.
__global__ void row2col(float *y) {
    constexpr int tile_stride = 16 + 1; // lds-rewrite: padded row stride of 'tile'
    __shared__ float tile[64 * tile_stride];
    const int lx = threadIdx.x, ly = threadIdx.y;
    tile[(ly * 4) * tile_stride + (lx ^ (((ly * 4) >> 2) & 15))] = 1.f;
    tile[(ly * 4 + 1) * tile_stride + (lx ^ (((ly * 4 + 1) >> 2) & 15))] = 2.f;
    tile[(ly * 4 + 2) * tile_stride + (lx ^ (((ly * 4 + 2) >> 2) & 15))] = 3.f;
    tile[(ly * 4 + 3) * tile_stride + (lx ^ (((ly * 4 + 3) >> 2) & 15))] = 4.f;
    __syncthreads();
    float a = tile[(lx * 4 + ly / 4) * tile_stride + (((ly % 4) * 4) ^ (((lx * 4 + ly / 4) >> 2) & 15))];
    float b = tile[(lx * 4 + ly / 4) * tile_stride + (((ly % 4) * 4 + 1) ^ (((lx * 4 + ly / 4) >> 2) & 15))];
    float c = tile[(lx * 4 + ly / 4) * tile_stride + (((ly % 4) * 4 + 2) ^ (((lx * 4 + ly / 4) >> 2) & 15))];
    float d = tile[(lx * 4 + ly / 4) * tile_stride + (((ly % 4) * 4 + 3) ^ (((lx * 4 + ly / 4) >> 2) & 15))];
    y[ly * 16 + lx] = a + b + c + d;
}
int main() { row2col<<<1, dim3(16, 16)>>>(nullptr); }
