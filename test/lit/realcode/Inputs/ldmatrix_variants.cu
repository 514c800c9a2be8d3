// ldmatrix / stmatrix through inline PTX, one warp per kernel; the costs are
// rows of test/oracle/ldmatrix/truth_h200.tsv (measured on an H200).
#include <cuda_fp16.h>
#include <stdint.h>

__device__ uint32_t smem_u32addr(const void *p) {
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// .x1 on 128-byte rows: the 8 rows of the one matrix share 4 banks (ld_x1_stride128: 8).
__global__ void x1_rows128(uint32_t *out) {
    __shared__ __align__(128) half s[32][64];
    int lane = threadIdx.x % 32;
    uint32_t addr = __cvta_generic_to_shared(&s[lane][0]);
    uint32_t r0;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n" : "=r"(r0) : "r"(addr));
    out[threadIdx.x] = r0;
}

// .x2 on 32-byte rows through the smem_u32addr helper (ld_x2_stride32: 4 of ideal 2).
__global__ void x2_rows32(uint32_t *out) {
    __shared__ __align__(128) half s[32][16];
    int lane = threadIdx.x % 32;
    uint32_t r0, r1;
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];\n"
                 : "=r"(r0), "=r"(r1) : "r"(smem_u32addr(&s[lane][0])));
    out[threadIdx.x] = r0 + r1;
}

// .x4.trans on padded 144-byte rows: conflict-free (ld_x4_t_stride144: 4).
__global__ void x4_trans_padded(uint32_t *out) {
    __shared__ __align__(128) half s[32][72];
    int lane = threadIdx.x % 32;
    uint32_t addr = static_cast<uint32_t>(__cvta_generic_to_shared(&s[lane][0]));
    uint32_t r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr));
    out[threadIdx.x] = r0 + r1 + r2 + r3;
}

// stmatrix .x4 on 64-byte rows, the address computed from the array's base
// and a named operand with an offset (st_x4_hgemm64: 16 of ideal 4).
__global__ void st_x4_rows64(uint32_t *out) {
    __shared__ __align__(128) half s[64][32];
    int lane = threadIdx.x % 32;
    uint32_t base = __cvta_generic_to_shared(s);
    uint32_t addr = base + (lane % 16) * 64 + (lane / 16) * 16 - 32;
    uint32_t v = threadIdx.x;
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%[a] + 32], {%[v], %[v], %[v], %[v]};\n"
                 :: [a] "r"(addr), [v] "r"(v) : "memory");
    __syncthreads();
    out[threadIdx.x] = __half_as_ushort(s[0][threadIdx.x]);
}

// XOR-swizzled 128-byte rows, the address converted by PTX (the CUTLASS
// spelling of smem_u32addr): conflict-free (ld_x4_xor128: 4).
__global__ void x4_swizzled(uint32_t *out) {
    __shared__ __align__(128) half s[32][64];
    int lane = threadIdx.x % 32;
    uint32_t addr;
    asm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }\n"
        : "=r"(addr) : "l"(&s[lane][((lane & 7) ^ 0) * 8]));
    uint32_t r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr));
    out[threadIdx.x] = r0 + r1 + r2 + r3;
}

int main() {
    uint32_t *o;
    cudaMalloc(&o, 4096);
    x1_rows128<<<1, 32>>>(o);
    x2_rows32<<<1, 32>>>(o);
    x4_trans_padded<<<1, 32>>>(o);
    st_x4_rows64<<<1, 32>>>(o);
    x4_swizzled<<<1, 32>>>(o);
    return cudaDeviceSynchronize() != cudaSuccess;
}
