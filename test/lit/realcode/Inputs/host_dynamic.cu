// A padded dynamic array needs its launches to pass more bytes; with an
// error in host code some launches may not have been seen, so --fix does not
// pad it (a swizzle keeps its size).
__device__ float twice(float x) { return 2 * x; }
__global__ void columns(float *out) {
    extern __shared__ float rows[];
    rows[threadIdx.y * 32 + threadIdx.x] = out[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = rows[threadIdx.x * 32 + threadIdx.y];
}
int main() {
    float scale = twice(1.0f);
    columns<<<1, dim3(32, 32), 32 * 32 * sizeof(float)>>>(nullptr);
    return scale > 0 ? 0 : 1;
}
