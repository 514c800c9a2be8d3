// Host code that clang rejects (main calls a __device__ function; nvcc
// rejects it too): every kernel parses, so the kernels are analysed, with one
// warning naming the error.
__device__ float twice(float x) { return 2 * x; }
__global__ void transpose_naive(float *out, const float *in) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];   // 32-way
}
void setup(float *p) { p[0] = twice(p[1]); p[1] = twice(p[2]); }
int main() {
    float scale = twice(1.0f);
    transpose_naive<<<1, dim3(32, 32)>>>(nullptr, nullptr);
    return scale > 0 ? 0 : 1;
}
