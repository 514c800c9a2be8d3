// ldmatrix through inline PTX (cuda_hgemm's LDMATRIX_X4): rows of 64 bytes, 8 row addresses per
// 8x16-byte phase fall on 2 bank groups -> 4-way on sm_90 (measured on an H200). Nothing is reported.
#include <cuda_fp16.h>
#include <stdint.h>
__global__ void ldm(uint32_t *out) {
    __shared__ half smem[64][32];                 // 64-byte rows
    int lane = threadIdx.x % 32;
    for (int i = threadIdx.x; i < 64 * 32; i += blockDim.x) smem[i / 32][i % 32] = __float2half(1.f);
    __syncthreads();
    uint32_t addr = __cvta_generic_to_shared(&smem[lane % 16][(lane / 16) * 8]);
    uint32_t r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr));
    out[threadIdx.x] = r0 + r1 + r2 + r3;
}
int main() { uint32_t *o; cudaMalloc(&o, 4096); ldm<<<1, 32>>>(o); return cudaDeviceSynchronize() != cudaSuccess; }
