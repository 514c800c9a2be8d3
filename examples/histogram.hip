// Two byte histograms (256 bins) of the same data.
//
// histogram_atomic: one shared bin array, updated with atomicAdd. Which
// bin a thread hits depends on the data, so the bank cost of the update
// cannot be known before the kernel runs: the tool says so instead of
// guessing.
//
// histogram_bytes: per-thread byte counters (64 threads x 256 bins of one
// byte), laid out thread-major: thread t owns counts[t*256 .. t*256+255].
// Clearing them walks every thread's private row in step, and since a row
// is 256 bytes = 64 words, all threads of a wave hit the same bank.
#include <hip/hip_runtime.h>

constexpr int BINS = 256;
constexpr int THREADS = 64;

__global__ void histogram_atomic(const unsigned char* data, unsigned int* hist, int n)
{
    __shared__ unsigned int bins[BINS];

    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        bins[b] = 0;
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
    __syncthreads();

    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        atomicAdd(&hist[b], bins[b]);
}

__global__ void histogram_bytes(const unsigned char* data, unsigned int* hist, int n)
{
    __shared__ unsigned char counts[BINS * THREADS];

    const int tid = threadIdx.x;
    for (int b = 0; b < BINS; ++b)
        counts[tid * BINS + b] = 0;
    __syncthreads();

    // At most 255 items per thread, so a byte counter cannot overflow.
    const int first = blockIdx.x * THREADS * 255;
    for (int k = 0; k < 255; ++k) {
        const int i = first + k * THREADS + tid;
        if (i < n)
            counts[tid * BINS + data[i]]++;
    }
    __syncthreads();

    // Thread tid merges bins 4*tid .. 4*tid+3 over all 64 threads' counters.
    for (int q = 0; q < 4; ++q) {
        unsigned int sum = 0;
        for (int t = 0; t < THREADS; ++t)
            sum += counts[t * BINS + tid * 4 + q];
        atomicAdd(&hist[tid * 4 + q], sum);
    }
}

int main()
{
    const int n = 1 << 24;
    unsigned char* data = nullptr;
    unsigned int* hist = nullptr;
    (void)hipMalloc(&data, n);
    (void)hipMalloc(&hist, BINS * sizeof(unsigned int));
    histogram_atomic<<<240, 256>>>(data, hist, n);
    histogram_bytes<<<(n + THREADS * 255 - 1) / (THREADS * 255), THREADS>>>(data, hist, n);
    (void)hipDeviceSynchronize();
    (void)hipFree(data);
    (void)hipFree(hist);
    return 0;
}
