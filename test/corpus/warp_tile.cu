// Warp-tiled SGEMM inner loop (after the pattern of SGEMM_CUDA's kernel 10,
// written anew): 128 threads = 4 warps in a 2x2 arrangement over a 128x64
// block tile; inside a warp, lane = 4*laneRow + laneCol with laneRow = lane / 4
// (8 rows of threads, TM = 8 rows each) and laneCol = lane % 4 (TN = 8 columns
// each). A is stored k-major (transposed on store), B as it is.

constexpr int BM = 128, BN = 64, BK = 8;
constexpr int TM = 8, TN = 8;
constexpr int THREADS = 128;

__global__ void warp_tile_gemm(int N, int K, const float* A, const float* B, float* C)
{
    __shared__ float As[BK * BM];
    __shared__ float Bs[BK * BN];

    const int tid = threadIdx.x;
    const int warp = tid / 32, lane = tid % 32;
    const int warpRow = warp / 2, warpCol = warp % 2;
    const int laneRow = lane / 4, laneCol = lane % 4;

    A += blockIdx.y * BM * K;
    B += blockIdx.x * BN;
    C += (blockIdx.y * BM + warpRow * 64 + laneRow * TM) * N + blockIdx.x * BN + warpCol * 32 + laneCol * TN;

    float acc[TM][TN] = {};
    for (int k0 = 0; k0 < K; k0 += BK) {
        // e = tid + 128m: r = e / 8 = tid/8 + 16m, c = e % 8 = tid % 8.
        // word 128*(tid%8) + tid/8 + 16m: the 8 lanes with one tid/8 share a
        // bank with words 128 apart; 4 banks per warp, 8 words each:
        // sm_90 8 / 1, gfx942 (8 + 8) / 2: 8-way.
        for (int e = tid; e < BM * BK; e += THREADS) {
            const int r = e / BK, c = e % BK;
            // CHECK-DAG: warp_tile.cu:[[@LINE+1]]:13: warning: 8-way LDS bank conflict on gfx942 and sm_90 (store of 'As', 4 B per lane
            As[c * BM + r] = A[r * K + k0 + c];
        }
        // Bs[e], e = tid + 128m: consecutive, no conflict.
        for (int e = tid; e < BK * BN; e += THREADS)
            Bs[e] = B[(k0 + e / BN) * static_cast<long>(K) + e % BN];
        __syncthreads();

        for (int k = 0; k < BK; ++k) {
            float a[TM], b[TN];
            // word 128k + 64*warpRow + 8*laneRow + i: 8 distinct words, stride 8:
            // banks 0, 8, 16, 24 (+ i) twice each: 2-way (sm_90 2 / 1, gfx942
            // 4 / 2: a wave64 is two warps, one per 32-lane group). Each word
            // is read by the 4 lanes of one laneRow (a broadcast).
            for (int i = 0; i < TM; ++i)
                // CHECK-DAG: warp_tile.cu:[[@LINE+1]]:24: warning: 2-way LDS bank conflict on gfx942 and sm_90 (load of 'As', 4 B per lane
                a[i] = As[k * BM + warpRow * 64 + laneRow * TM + i];
            // word 64k + 32*warpCol + 8*laneCol + j: 4 words, stride 8: 4
            // distinct banks: no conflict.
            for (int j = 0; j < TN; ++j)
                b[j] = Bs[k * BN + warpCol * 32 + laneCol * TN + j];
            for (int i = 0; i < TM; ++i)
                for (int j = 0; j < TN; ++j)
                    acc[i][j] += a[i] * b[j];
        }
        __syncthreads();
    }
    for (int i = 0; i < TM; ++i)
        for (int j = 0; j < TN; ++j)
            C[i * N + j] = acc[i][j];
}

int main()
{
    const int M = 1024, N = 1024, K = 1024;
    float *A = nullptr, *B = nullptr, *C = nullptr;
    warp_tile_gemm<<<dim3(N / BN, M / BM), THREADS>>>(N, K, A, B, C);
    return 0;
}

// RUN: %expect-exit 1 %lds-rewrite --target=gfx942,sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %expect-exit 1 %lds-rewrite --format=json --target=gfx942,sm_90 %s \
// RUN:   | %check-json --strict --block 128,1,1 --block-source launch \
// RUN:     --access 34:13 store As sm_90=8/8/1 gfx942=8/16/2 noworst \
// RUN:     --access 38:13 store Bs all=1 \
// RUN:     --access 49:24 load As sm_90=2/2/1 gfx942=2/4/2 noworst \
// RUN:     --access 53:24 load Bs sm_90=1/1/1 gfx942=1/2/2
