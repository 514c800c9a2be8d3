// Stage one value per thread at a caller-chosen pitch, then read it back.
// The bank each lane hits depends on `stride`, a kernel argument: the tool
// reports the cost as unknown and names the argument; with
// --assume stride=33 it is conflict-free, with --assume stride=32 every
// lane of a 32-lane group lands in the same bank.
#include <hip/hip_runtime.h>

constexpr int THREADS = 64;
constexpr int MAX_STRIDE = 33;

__global__ void pitch_stage(const float* in, float* out, int stride)
{
    __shared__ float s[THREADS * MAX_STRIDE];

    const int t = threadIdx.x;
    s[t * stride] = in[blockIdx.x * THREADS + t];
    __syncthreads();
    out[blockIdx.x * THREADS + t] = 2.0f * s[t * stride];
}

int main(int argc, char**)
{
    const int blocks = 1024;
    const int stride = argc > 1 ? 32 : 33;
    float* in = nullptr;
    float* out = nullptr;
    (void)hipMalloc(&in, blocks * THREADS * sizeof(float));
    (void)hipMalloc(&out, blocks * THREADS * sizeof(float));
    pitch_stage<<<blocks, THREADS>>>(in, out, stride);
    (void)hipDeviceSynchronize();
    (void)hipFree(in);
    (void)hipFree(out);
    return 0;
}
