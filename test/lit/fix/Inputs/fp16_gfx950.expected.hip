// The MI355X seed case: one wave of 64 lanes, lane t sums row t of a 64x64
// fp16 tile, so every read is a strided column read (rows 128 B apart).
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

constexpr int N = 64;

__global__ void __launch_bounds__(64) row_sums(float* out, const __half* in)
{
    __shared__ __half s[N][N + 2];
    int t = threadIdx.x;

    for (int r = 0; r < N; ++r)
        s[r][t] = in[blockIdx.x * N * N + r * N + t];
    __syncthreads();

    float acc = 0.0f;
    for (int c = 0; c < N; ++c)
        acc += __half2float(s[t][c]);
    out[blockIdx.x * N + t] = acc;
}
