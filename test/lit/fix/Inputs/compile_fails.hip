// The gfx1250 build checks the tile's size: only the compile for gfx1250
// sees the static_assert (the tool parses for the first AMD target), so
// the padded tile parses and is re-analysed, then fails that compile. The
// skipped branch reaches 'tile' through a macro only: an inactive branch
// that names the array itself makes the tool refuse the layout at once.
#include <hip/hip_runtime.h>

constexpr int TILE = 32;

__global__ void transpose_checked(float* out, const float* in)
{
    __shared__ float tile[TILE][TILE];
#define TILE_BYTES sizeof(tile)
#if defined(__gfx1250__)
    static_assert(TILE_BYTES == TILE * TILE * sizeof(float), "tile must stay 4 KiB");
#endif
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        tile[ty + j][tx] = in[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx];
    __syncthreads();
    for (int j = 0; j < TILE; j += 8)
        out[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx] = tile[tx][ty + j];
}

void launch(float* out, const float* in, int blocks)
{
    transpose_checked<<<blocks, dim3(TILE, 8)>>>(out, in);
}
