// convolutionSeparable's column pass on a flat tile: the unsigned index wraps back into its row
__global__ void columns_flat(float *d) {
    constexpr int s_stride = 80 + 2; // lds-rewrite: padded row stride of 's'
    __shared__ float s[16 * s_stride];
    s[threadIdx.x * s_stride + threadIdx.y] = 0;
    __syncthreads();
    for (int i = 1; i < 9; i++) {
        float sum = 0;
        for (int j = -8; j <= 8; j++)
            sum += s[threadIdx.x * s_stride + threadIdx.y + i * 8 + j];
        d[i] = sum;
    }
}

int main() { columns_flat<<<1, dim3(16, 8)>>>(nullptr); }
