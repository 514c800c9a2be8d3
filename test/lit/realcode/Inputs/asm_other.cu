// Inline assembly other than ldmatrix / stmatrix that is handed a shared
// address: its cost is not modelled, so it is reported unknown ("inline
// assembly"), never left out. The %laneid read is followed.
#include <stdint.h>

__global__ void other_asm(float *out) {
    __shared__ float s[32][32];
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    s[lane][0] = 1.0f;                                   // 32-way (lane is the lane id)
    __syncthreads();
    uint32_t addr = __cvta_generic_to_shared(&s[lane][0]);
    float a, b, c, d;
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "r"(addr));
    asm volatile("st.shared.f32 [%0], %1;" :: "l"(&s[lane][1]), "f"(a));
    asm volatile("ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%0}, [%1];" : "=r"(lane) : "r"(addr));
    asm volatile("red.shared.add.f32 %0, %1;" : "+m"(s[0][lane]) : "f"(b));
    out[threadIdx.x] = a + b + c + d;
}

int main() { other_asm<<<1, 32>>>(nullptr); }
