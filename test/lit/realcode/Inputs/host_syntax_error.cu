// A syntax error in host code stops the file: the parser's recovery can
// swallow what follows it.
int main() {
    float scale = 2.0f * 3.0f
    return scale > 0 ? 0 : 1;
}
__global__ void k(float *out) {
    __shared__ float tile[32][32];
    tile[threadIdx.x][0] = 1.0f;
    out[0] = tile[0][threadIdx.x];
}
