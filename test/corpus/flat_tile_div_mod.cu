// A 32x32 tile flattened into one 1-D __shared__ array and addressed with
// threadIdx.x / 32 (row) and threadIdx.x % 32 (column), 256 threads per block.
// flat_tile: the row-major store and the broadcast of one row element are
// clean; reading a column (stride 32 floats) puts a whole warp in one bank.
// flat_tile_xor: the same with the column index XOR-swizzled by the row, on
// both sides: every access conflict-free.

constexpr unsigned N = 32;

__global__ void flat_tile(const float* in, float* out)
{
    __shared__ float tile[N * N];
    const unsigned row = threadIdx.x / N;
    const unsigned col = threadIdx.x % N;
    const float* src = in + blockIdx.x * N * N;
    float* dst = out + blockIdx.x * N * N;

    // r = row + 8m: word 32*row + col + 256m, consecutive: no conflict.
    for (unsigned r = row; r < N; r += blockDim.x / N)
        tile[r * N + col] = src[r * N + col];
    __syncthreads();

    // row is the same for the whole warp (and for each 32-lane half of a
    // wave64): one word per group, a broadcast: no conflict.
    float acc = 0.0f;
    for (unsigned k = 0; k < N; ++k)
        acc += tile[row * N + k];

    // word 32*col + row + 8m: the warp's 32 lanes all in bank (row + 8m) % 32.
    // sm_90 32 / 1; gfx942 (2 x 32) 64 / 2: 32-way. gfx1250 (64 banks):
    // 32*col % 64 is 0 or 32, 16 words per bank: 16 / 1: 16-way.
    // CHECK: flat_tile_div_mod.cu:[[@LINE+2]]:34: warning: 32-way LDS bank conflict on gfx942 and sm_90, 16-way on gfx1250 (load of 'tile', 4 B per lane
    for (unsigned r = row; r < N; r += blockDim.x / N)
        dst[r * N + col] = acc * tile[col * N + r];
}

__global__ void flat_tile_xor(const float* in, float* out)
{
    __shared__ float tile[N * N];
    const unsigned row = threadIdx.x / N;
    const unsigned col = threadIdx.x % N;
    const float* src = in + blockIdx.x * N * N;
    float* dst = out + blockIdx.x * N * N;

    // word 32r + (col ^ r): col ^ r runs over 0..31 as col does: no conflict.
    for (unsigned r = row; r < N; r += blockDim.x / N)
        tile[r * N + (col ^ r)] = src[r * N + col];
    __syncthreads();

    // word 32*col + (r ^ col): bank (r ^ col), distinct for the 32 cols
    // (32*col + (r ^ col) is distinct mod 64 too): no conflict anywhere.
    for (unsigned r = row; r < N; r += blockDim.x / N)
        dst[r * N + col] = tile[col * N + (r ^ col)];
}

int main()
{
    float *in = nullptr, *out = nullptr;
    flat_tile<<<64, 256>>>(in, out);
    flat_tile_xor<<<64, 256>>>(in, out);
    return 0;
}

// RUN: %expect-exit 1 %lds-rewrite --target=gfx942,gfx1250,sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %expect-exit 1 %lds-rewrite --format=json --target=gfx942,gfx1250,sm_90 %s \
// RUN:   | %check-json --strict --block 256,1,1 --block-source launch \
// RUN:     --access 20:9 store flat_tile/tile all=1 \
// RUN:     --access 27:16 load flat_tile/tile sm_90=1/1/1 gfx942=1/2/2 gfx1250=1/1/1 \
// RUN:     --access 34:34 load flat_tile/tile sm_90=32/32/1 gfx942=32/64/2 gfx1250=16/16/1 \
// RUN:     --access 47:9 store flat_tile_xor/tile all=1 \
// RUN:     --access 53:28 load flat_tile_xor/tile all=1
