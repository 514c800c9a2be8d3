// threadIdx.y + i * 8 + j with int j < 0: the column pass of the CUDA samples' convolutionSeparable
__global__ void columns(float *d) {
    __shared__ float s[16][80];
    s[threadIdx.x][threadIdx.y] = 0;
    __syncthreads();
    for (int i = 1; i < 9; i++) {
        float sum = 0;
        for (int j = -8; j <= 8; j++)
            sum += s[threadIdx.x][threadIdx.y + i * 8 + j];   // wraps back: 8-way
        d[i] = sum;
    }
}

__global__ void wraps_out(float *d) {
    __shared__ float s[16][80];
    s[threadIdx.x][threadIdx.y] = 0;
    __syncthreads();
    float sum = 0;
    for (int j = -8; j <= 8; j++)
        sum += s[threadIdx.x][threadIdx.y + j];               // 2^32 - 8 + ty at j = -8
    d[0] = sum;
}

__global__ void wraps_out_late(float *d) {
    __shared__ float s[16][80];
    s[threadIdx.x][threadIdx.y] = 0;
    __syncthreads();
    float sum = 0;
    for (int j = 1; j >= -1; j--)
        sum += s[threadIdx.x][threadIdx.y + j];               // only ty = 0 wraps, at j = -1
    d[0] = sum;
}

int main() {
    columns<<<1, dim3(16, 8)>>>(nullptr);
    wraps_out<<<1, dim3(16, 8)>>>(nullptr);
    wraps_out_late<<<1, dim3(16, 8)>>>(nullptr);
}
