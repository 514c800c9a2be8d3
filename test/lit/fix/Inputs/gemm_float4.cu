// examples/gemm_float4.hip in CUDA: cuda_runtime.h, cudaMalloc, cudaFree, cudaDeviceSynchronize.
// C = A * B (row-major, M x K times K x N; M a multiple of 64, N of 128),
// one 64x128 tile of C per block of 16x16 threads, each thread computing a
// 4x8 patch of C from float4 LDS loads.
// A's tile is stored k-major (transposed while storing) so that a thread's
// 4 rows are one float4; B's tile keeps its rows.
// Conflicts: the transposing stores to As (2-way: two threads write 256
// floats apart, same bank), and the float4 loads of Bs (2-way: a thread's 8
// columns are 32 bytes apart, so lanes tx and tx+4 share banks).
#include <cuda_runtime.h>

constexpr int BM = 64, BN = 128, BK = 8;
constexpr int TM = 4, TN = 8;

__global__ void sgemm_float4(int N, int K, const float* A, const float* B, float* C)
{
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    A += blockIdx.y * BM * K;
    B += blockIdx.x * BN;
    C += blockIdx.y * BM * N + blockIdx.x * BN;

    float acc[TM][TN] = {};
    for (int k0 = 0; k0 < K; k0 += BK) {
        if (tid < BM * BK / 4) {
            const int r = tid / 2, c = (tid % 2) * 4;
            const float4 a = *reinterpret_cast<const float4*>(&A[r * K + k0 + c]);
            As[c + 0][r] = a.x;
            As[c + 1][r] = a.y;
            As[c + 2][r] = a.z;
            As[c + 3][r] = a.w;
        }
        {
            const int r = tid / 32, c = (tid % 32) * 4;
            *reinterpret_cast<float4*>(&Bs[r][c]) =
                *reinterpret_cast<const float4*>(&B[(k0 + r) * N + c]);
        }
        __syncthreads();

        for (int k = 0; k < BK; ++k) {
            const float4 a = *reinterpret_cast<const float4*>(&As[k][ty * TM]);
            const float4 b0 = *(const float4*)&Bs[k][tx * TN];
            const float4 b1 = *(const float4*)&Bs[k][tx * TN + 4];
            const float av[TM] = {a.x, a.y, a.z, a.w};
            const float bv[TN] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
            for (int i = 0; i < TM; ++i)
                for (int j = 0; j < TN; ++j)
                    acc[i][j] += av[i] * bv[j];
        }
        __syncthreads();
    }

    for (int i = 0; i < TM; ++i)
        for (int j = 0; j < TN; ++j)
            C[(ty * TM + i) * N + tx * TN + j] = acc[i][j];
}

int main()
{
    const int M = 1024, N = 1024, K = 1024;
    float *A = nullptr, *B = nullptr, *C = nullptr;
    (void)cudaMalloc(&A, M * K * sizeof(float));
    (void)cudaMalloc(&B, K * N * sizeof(float));
    (void)cudaMalloc(&C, M * N * sizeof(float));
    sgemm_float4<<<dim3(N / BN, M / BM), dim3(16, 16)>>>(N, K, A, B, C);
    (void)cudaDeviceSynchronize();
    (void)cudaFree(A);
    (void)cudaFree(B);
    (void)cudaFree(C);
    return 0;
}
