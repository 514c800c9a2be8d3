// Per-thread byte counters for a 64-bin histogram (values 0..63), 64 threads
// per block, 64 x 64 unsigned char counters (after the layout discussion in
// rocm-examples' histogram, written anew).
//
// hist64_thread_major: thread t owns counts[t*64 .. t*64+63].
//   clear counts[tid*64 + b]: byte 64*tid + b, word 16*tid + b/4, bank
//     (16*tid + b/4) % 32: a 32-lane group hits 2 banks, 16 distinct words each
//     (ideal: 32 consecutive bytes = 8 words, 1 pass): sm_90 16 / 1 per warp,
//     gfx942 32 / 2: 16-way.
//   counts[tid*64 + v]++ (v from global data): bank (16*tid + v/4) % 32 depends
//     on the data: unknown (load and store).
//   merge counts[t*64 + tid] (t uniform): byte 64t + tid, 4 lanes per word
//     (different bytes of one word are free), 8 consecutive words: none.
// hist64_bin_major: bin b of all threads is contiguous, at counts[b*64 + sh]
//   with the lane swizzle sh = 4*(tid % 16) + tid / 16.
//   clear counts[b*64 + sh]: byte 64b + 4*(tid%16) + tid/16, word 16b + tid%16:
//     lanes tid and tid+16 write different bytes of one word (free): 16 words
//     in 16 banks: none.
//   counts[v*64 + sh]++: word 16v + tid%16, bank (16v + tid%16) % 32 depends on
//     the parity of v: unknown (load and store).
//   merge counts[tid*64 + sh(t)] (thread tid sums bin tid over the 64 threads'
//     counters): word 16*tid + t%16: 2 banks per 32 lanes, 16 words each:
//     16-way. The swizzle moved the conflict from the clear to the merge.
#include <hip/hip_runtime.h>

constexpr int T = 64, BINS = 64;

__global__ void hist64_thread_major(const unsigned char* data, unsigned int* hist, int n)
{
    __shared__ unsigned char counts[T * BINS];
    const int tid = threadIdx.x;
    for (int b = 0; b < BINS; ++b)
        // CHECK-DAG: byte_counters.hip:[[@LINE+1]]:9: warning: 16-way LDS bank conflict on gfx942 and sm_90 (store of 'counts', 1 B per lane
        counts[tid * BINS + b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * T + tid; i < n; i += gridDim.x * T)
        counts[tid * BINS + (data[i] & 63)]++;
    __syncthreads();
    unsigned int sum = 0;
    for (int t = 0; t < T; ++t)
        sum += counts[t * BINS + tid];
    atomicAdd(&hist[tid], sum);
}

__global__ void hist64_bin_major(const unsigned char* data, unsigned int* hist, int n)
{
    __shared__ unsigned char counts[BINS * T];
    const int tid = threadIdx.x;
    const int sh = ((tid & 15) << 2) | (tid >> 4);
    for (int b = 0; b < BINS; ++b)
        counts[b * T + sh] = 0;
    __syncthreads();
    for (int i = blockIdx.x * T + tid; i < n; i += gridDim.x * T)
        counts[(data[i] & 63) * T + sh]++;
    __syncthreads();
    unsigned int sum = 0;
    for (int t = 0; t < T; ++t)
        // CHECK-DAG: byte_counters.hip:[[@LINE+1]]:16: warning: 16-way LDS bank conflict on gfx942 and sm_90 (load of 'counts', 1 B per lane
        sum += counts[tid * T + (((t & 15) << 2) | (t >> 4))];
    atomicAdd(&hist[tid], sum);
}

int main()
{
    const int n = 1 << 20;
    unsigned char* data = nullptr;
    unsigned int* hist = nullptr;
    hist64_thread_major<<<120, T>>>(data, hist, n);
    hist64_bin_major<<<120, T>>>(data, hist, n);
    return 0;
}

// RUN: %expect-exit 1 %lds-rewrite --target=gfx942,sm_90 %s > %t 2>&1
// RUN: FileCheck %s < %t
// RUN: FileCheck %s --check-prefix=COUNT < %t
// COUNT-COUNT-2: warning: {{.*}}[lds-bank-conflict]
// COUNT-NOT: warning:
// The data-dependent updates: the load and the store of each are one remark,
// "load and store of", and there is no other remark.
// RUN: FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=remark: < %t
// UNKNOWN: byte_counters.hip:37:9: remark: LDS bank cost of load and store of 'counts' unknown on gfx942 and sm_90: value read from memory [lds-bank-conflict]
// UNKNOWN: byte_counters.hip:54:9: remark: LDS bank cost of load and store of 'counts' unknown on gfx942 and sm_90: value read from memory [lds-bank-conflict]
// RUN: %expect-exit 1 %lds-rewrite --format=json --target=gfx942,sm_90 %s \
// RUN:   | %check-json --strict --block 64,1,1 --block-source launch \
// RUN:     --access 34:9 store hist64_thread_major/counts width=1 gfx942=16/32/2 sm_90=16/16/1 noworst \
// RUN:     --access 37:9 load hist64_thread_major/counts all=unknown \
// RUN:     --access 37:9 store hist64_thread_major/counts all=unknown \
// RUN:     --access 41:16 load hist64_thread_major/counts all=1 \
// RUN:     --access 51:9 store hist64_bin_major/counts all=1 \
// RUN:     --access 54:9 load hist64_bin_major/counts all=unknown \
// RUN:     --access 54:9 store hist64_bin_major/counts all=unknown \
// RUN:     --access 59:16 load hist64_bin_major/counts gfx942=16/32/2 sm_90=16/16/1
