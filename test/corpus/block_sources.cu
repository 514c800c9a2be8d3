// Where the block shape comes from, strongest first: --block, a launch with
// constant dimensions, __launch_bounds__(N) (N x 1 x 1), else 256 x 1 x 1.
// Each kernel reads s[tid * (blockDim.x / 64)], whose stride depends on the
// block size: 64 threads -> stride 1, none; 128 -> stride 2, 16 banks x 2
// lanes: 2-way (sm_90 2 / 1, gfx942 4 / 2); 256 -> stride 4, 8 banks x 4 lanes:
// 4-way (sm_90 4 / 1, gfx942 8 / 2).

__global__ void __launch_bounds__(128) bounds_only(float* out)
{
    __shared__ float s[256 * 4];
    s[threadIdx.x] = 1.0f;
    __syncthreads();
    // CHECK-DAG: block_sources.cu:[[@LINE+1]]:50: warning: 2-way LDS bank conflict on gfx942 and sm_90 (load of 's'
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x * (blockDim.x / 64)];
}

__global__ void no_shape(float* out)
{
    __shared__ float s[256 * 4];
    s[threadIdx.x] = 1.0f;
    __syncthreads();
    // CHECK-DAG: block_sources.cu:[[@LINE+1]]:50: warning: 4-way LDS bank conflict on gfx942 and sm_90 (load of 's'
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x * (blockDim.x / 64)];
}

__global__ void __launch_bounds__(256) bounds_and_launch(float* out)
{
    __shared__ float s[256 * 4];
    s[threadIdx.x] = 1.0f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x * (blockDim.x / 64)];
}

void launch(float* out)
{
    bounds_and_launch<<<1024, 64>>>(out);
}

// RUN: %expect-exit 1 %lds-rewrite --target=gfx942,sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// CHECK-DAG: note: block shape 128x1x1 from __launch_bounds__
// CHECK-DAG: note: block shape 256x1x1 by default;
// RUN: %expect-exit 1 %lds-rewrite --format=json --target=gfx942,sm_90 %s \
// RUN:   | %check-json --strict --accesses 6 \
// RUN:     --access 11:5 store bounds_only/s all=1 \
// RUN:     --access 14:50 load bounds_only/s gfx942=2/4/2 sm_90=2/2/1 \
// RUN:     --access 20:5 store no_shape/s all=1 \
// RUN:     --access 23:50 load no_shape/s gfx942=4/8/2 sm_90=4/4/1 \
// RUN:     --access 29:5 store bounds_and_launch/s all=1 \
// RUN:     --access 31:50 load bounds_and_launch/s gfx942=1/2/2 sm_90=1/1/1
// --block wins over everything: 64 threads, no conflict anywhere.
// RUN: %expect-exit 0 %lds-rewrite --format=json --target=gfx942,sm_90 --block=64 %s \
// RUN:   | %check-json --strict --accesses 6 --block 64,1,1 --block-source cli \
// RUN:     --access 14:50 load bounds_only/s all=1 \
// RUN:     --access 23:50 load no_shape/s all=1 \
// RUN:     --access 31:50 load bounds_and_launch/s all=1
