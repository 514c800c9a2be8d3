// Loop-dependent costs: the stride of the access depends on the iteration.
//
// gather_strided, one warp (block 32): in iteration k = 1..4 lane l reads
//   buf[l*k], stride k words: k = 1 none, k = 2 2-way (16 banks, 2 each),
//   k = 3 none (3 is odd: l*3 mod 32 distinct), k = 4 4-way (8 banks x 4).
//   Worst iteration k = 4: 4-way on sm_90 (4 / 1) and gfx942 (one wave,
//   lanes 0-31 in group 0, group 1 idle: 4 / 1). Not monotonic in k.
// reduce_divergent, block 256 (the "divergent" reduction #0):
//   `if (tid % (2*s) == 0) sdata[tid] += sdata[tid + s]`: the active lanes
//   are every (2s)-th one, at words 2s*k: within a 32-lane group at most
//   32/(2s) of them, on distinct banks (stride 2s, spanning 32 words). No
//   conflict in any iteration: sparse, divergent lanes are not a conflict.

__global__ void gather_strided(const float* in, float* out)
{
    __shared__ float buf[32 * 4];
    const int l = threadIdx.x;
    for (int i = l; i < 32 * 4; i += 32)
        buf[i] = in[blockIdx.x * 128 + i];
    __syncthreads();
    float acc = 0.0f;
    for (int k = 1; k <= 4; ++k)
        // CHECK: loop_stride.cu:[[@LINE+1]]:16: warning: 4-way LDS bank conflict on gfx942 and sm_90 (load of 'buf', 4 B per lane
        acc += buf[l * k];
    // CHECK: note: worst iteration: k = 4
    out[blockIdx.x * 32 + l] = acc;
}

__global__ void reduce_divergent(const float* in, float* out)
{
    __shared__ float sdata[256];
    const unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * 256 + tid];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    // CHECK: loop_stride.cu:[[@LINE-5]]:5: warning: tree reduction over 'sdata' with a barrier per level: its first levels (6 on gfx942, 5 on sm_90) stay within one wave and need no barrier [lds-reduction-tail]
    // CHECK: note: fix: do them with wave shuffles in the same pairs, so every sum is the same bits; barriers per block of 256 threads: 8 -> 3 on gfx942, 8 -> 4 on sm_90
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

int main()
{
    float *in = nullptr, *out = nullptr;
    gather_strided<<<1024, 32>>>(in, out);
    reduce_divergent<<<1024, 256>>>(in, out);
    return 0;
}

// RUN: %expect-exit 1 %lds-rewrite --target=gfx942,sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %expect-exit 1 %lds-rewrite --format=json --target=gfx942,sm_90 %s \
// RUN:   | %check-json --strict --block-source launch \
// RUN:     --access 19:9 store buf all=1 \
// RUN:     --access 24:16 load buf gfx942=4/4/1 sm_90=4/4/1 worst=k:4 \
// RUN:     --access 37:13 load sdata all=1 \
// RUN:     --access 37:13 store sdata all=1 \
// RUN:     --access 37:27 load sdata all=1
