// A GEMM-style B tile of 16 rows x 64 floats, written row by row as float4
// and read down its columns: lane t reads the float4 at quad t >> 4 of row
// t & 15, so the lanes of one ds_read_b128 group share a few bank quads.
// The kernel also holds a 28 KiB A panel: 32 KiB of LDS per block in all,
// so padding the B tile would cost a workgroup per CU.
#include <hip/hip_runtime.h>

constexpr int BK = 16;     // rows of the B tile
constexpr int BN = 64;     // floats per row
constexpr int APANEL = 7168;

__global__ void gemm_tile(float* c, const float* a, const float* b)
{
    __shared__ float As[APANEL];
    __shared__ float Bs[BK][BN];
    int t = threadIdx.x;

    for (int i = t; i < APANEL; i += 256)
        As[i] = a[blockIdx.x * APANEL + i];
    *reinterpret_cast<float4*>(&Bs[t / 16][(4 * (t % 16)) ^ (((t / 16) & 7) * 8)]) =
        *reinterpret_cast<const float4*>(&b[4 * t]);
    __syncthreads();

    float4 v = *reinterpret_cast<const float4*>(&Bs[t & 15][(4 * (t >> 4)) ^ (((t & 15) & 7) * 8)]);
    float acc = As[t] * v.x + As[t + 256] * v.y + As[t + 512] * v.z + As[t + 768] * v.w;
    c[blockIdx.x * 256 + t] = acc;
}

void launch(float* c, const float* a, const float* b, int blocks)
{
    gemm_tile<<<blocks, 256>>>(c, a, b);
}
