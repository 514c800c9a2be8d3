// An error inside an unattributed lambda in main: clang makes such lambdas
// __host__ __device__, so it is device code and stops the file.
__global__ void k(float *out) {
    __shared__ float tile[32][32];
    tile[threadIdx.x][0] = 1.0f;
    out[0] = tile[0][threadIdx.x];
}
int main() {
    auto scale = [](float x) { return undeclared_scale * x; };
    k<<<1, 32>>>(nullptr);
    return scale(1.0f) > 0 ? 0 : 1;
}
