// fix_not_idempotent.cu flattened by hand: tile[64 * 16] indexed r * 16 + c.
// The same plan (rows of 17 and c ^ ((r >> 2) & 15)) is written with a padded
// stride and the XOR in every index.
__global__ void row2col(float *y) {
    __shared__ float tile[64 * 16];
    const int lx = threadIdx.x, ly = threadIdx.y;
    tile[(ly * 4) * 16 + lx] = 1.f;
    tile[(ly * 4 + 1) * 16 + lx] = 2.f;
    tile[(ly * 4 + 2) * 16 + lx] = 3.f;
    tile[(ly * 4 + 3) * 16 + lx] = 4.f;
    __syncthreads();
    float a = tile[(lx * 4 + ly / 4) * 16 + (ly % 4) * 4];
    float b = tile[(lx * 4 + ly / 4) * 16 + (ly % 4) * 4 + 1];
    float c = tile[(lx * 4 + ly / 4) * 16 + (ly % 4) * 4 + 2];
    float d = tile[(lx * 4 + ly / 4) * 16 + (ly % 4) * 4 + 3];
    y[ly * 16 + lx] = a + b + c + d;
}
int main() { row2col<<<1, dim3(16, 16)>>>(nullptr); }
