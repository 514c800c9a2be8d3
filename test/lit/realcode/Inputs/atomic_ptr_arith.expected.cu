// same as reorder_pad.cu plus an atomicAdd whose address is written 'shared + expr' in place;
// the refusal says the pointer was "made elsewhere"
__global__ void reorder_atomic(float *out) {
    constexpr int shared_stride = 32 + 1; // lds-rewrite: padded row stride of 'shared'
    __shared__ float shared[8 * shared_stride];
    int tx = threadIdx.x, ty = threadIdx.y;       // block 32 x 8
    int i = tx + ty * 32;
    shared[i / 32 * shared_stride + i % 32] = 0.f;
    __syncthreads();
    atomicAdd(shared + tx + ty * shared_stride, out[i]);     // address built right here
    __syncthreads();
    float tmp = shared[i / 32 * shared_stride + i % 32];
    __syncthreads();
    shared[(tx * 8 + ty) / 32 * shared_stride + (tx * 8 + ty) % 32] = tmp;                    // 8-way
    __syncthreads();
    out[i] = shared[i / 32 * shared_stride + i % 32];
}
int main() { reorder_atomic<<<1, dim3(32, 8)>>>(nullptr); }
