// Accesses the compiler does not issue at the width the source suggests.
// s[2t] and s[2t+1] are two 4-byte loads in the source (2-way conflicts on
// gfx942: lanes t and t+16 of a 32-lane group share a bank); clang merges
// them into one ds_read_b64, which is conflict-free. Only .x and .w of the
// float4 are used: two 4-byte addresses (ds_read2_b32), not a 16-byte load.
#include <hip/hip_runtime.h>

__global__ void pairs(float* out, const float* in)
{
    __shared__ float s[512];
    __shared__ float4 v[256];
    int t = threadIdx.x;
    s[t] = in[t];
    s[t + 256] = in[t + 256];
    v[t] = make_float4(in[t], 1.f, 2.f, 3.f);
    __syncthreads();
    float a = s[2 * t];
    float b = s[2 * t + 1];
    float4 q = v[(t * 2) % 256];
    out[t] = a + b + q.x + q.w;
}

int main()
{
    pairs<<<1, 256>>>(nullptr, nullptr);
    return 0;
}
