// A 32x32 float tile flattened into one 1-D __shared__ array, filled
// linearly (s[i], i = tid, tid + 256, ...) and read down a column
// (s[c * 32 + r]):
// 32 lanes of a row hit one bank. Used by export_fixes.test (the padded
// stride is declared next to the array; the linear fill is rewritten as
// i / 32 * stride + i % 32).
#include <hip/hip_runtime.h>

constexpr int W = 32;

__global__ void flat_transpose(const float* in, float* out)
{
    __shared__ float s[W * W];
    const int tid = threadIdx.x;
    for (int i = tid; i < W * W; i += 256)
        s[i] = in[blockIdx.x * W * W + i];
    __syncthreads();
    const int c = tid % W;
    for (int r = tid / W; r < W; r += 256 / W)
        out[blockIdx.x * W * W + r * W + c] = s[c * W + r];
}

int main()
{
    float *in = nullptr, *out = nullptr;
    flat_transpose<<<64, 256>>>(in, out);
    return 0;
}
