// An error in device code stays fatal: clang's message, exit 2, even with
// host errors beside it.
__device__ float twice(float x) { return 2 * x; }
__global__ void broken(float *out) {
    __shared__ float tile[32][32];
    tile[threadIdx.x][0] = undeclared_scale;
    out[0] = tile[0][threadIdx.x];
}
int main() {
    float scale = twice(1.0f);
    broken<<<1, 32>>>(nullptr);
    return scale > 0 ? 0 : 1;
}
