// A 1-D array filled two floats per lane and four at a time: s[2 * t + k],
// k = 0..3, overlaps the next lane's pair, so the index is not "pairs of
// 2" and no new stride may be given to it. The refusal says so in terms of
// the index the user wrote, not of rows the user never declared.
__global__ void fill(float *y) {
    __shared__ float s[128];
    int t = threadIdx.x;
    for (int k = 0; k < 4; ++k)
        s[2 * t + k] = y[t];
    __syncthreads();
    y[t] = s[t];
}
int main() { fill<<<1, 32>>>(nullptr); }
