// A flattened tile read through a row pointer made from it: the read p[c]
// does not name the tile, so the tool can change neither the row stride
// (written in &s[tx * TILE]) nor the column of that read.
#include <hip/hip_runtime.h>

constexpr int TILE = 32;

__global__ void row_dot(float* out, const float* in, const float* w)
{
    __shared__ float s[TILE * TILE];
    int tx = threadIdx.x, ty = threadIdx.y;

    for (int j = 0; j < TILE; j += 8)
        s[(ty + j) * TILE + tx] = in[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx];
    __syncthreads();
    const float* p = &s[tx * TILE];
    float acc = 0.0f;
    for (int c = 0; c < TILE; ++c)
        acc += p[(c + ty) % TILE] * w[c];
    out[blockIdx.x * 256 + ty * TILE + tx] = acc;
}

void launch(float* out, const float* in, const float* w, int blocks)
{
    row_dot<<<blocks, dim3(TILE, 8)>>>(out, in, w);
}
