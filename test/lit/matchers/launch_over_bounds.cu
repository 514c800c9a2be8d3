// __launch_bounds__ is a maximum, never the shape when a launch with
// constant dimensions is in sight: dim3(16, 16) gives 16x16x1, for a
// template and a plain kernel alike (issue 9). 16x16 on sm_90: lanes 0-15
// of the column store t[tx][0] hit banks 0 and 16, 8 each: 8-way.
// RUN: %expect-exit 1 %lds-rewrite --target=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not=warning:
template <int N>
__global__ void __launch_bounds__(256) tk(float *out) {
    __shared__ float t[16][16];
    t[threadIdx.x][threadIdx.y] = 1.f;
    // CHECK: launch_over_bounds.cu:[[@LINE-1]]:5: warning: 8-way LDS bank conflict on sm_90 (store of 't' in tk<0>, 4 B per lane: lanes 0,2,4,6,8,10,12,14 hit bank 0 at 8 different words) [lds-bank-conflict]
    // CHECK: launch_over_bounds.cu:21:14: note: block shape 16x16x1 from this launch
    __syncthreads();
    out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.y][threadIdx.x];
}
__global__ void __launch_bounds__(1024) plain(float *out) {
    __shared__ float t[16][16];
    t[threadIdx.x][threadIdx.y] = 1.f;
    // CHECK: launch_over_bounds.cu:[[@LINE-1]]:5: warning: 8-way LDS bank conflict on sm_90 (store of 't', 4 B per lane: lanes 0,2,4,6,8,10,12,14 hit bank 0 at 8 different words) [lds-bank-conflict]
    // CHECK: launch_over_bounds.cu:21:51: note: block shape 16x16x1 from this launch
}
int main() { tk<0><<<1, dim3(16, 16)>>>(nullptr); plain<<<1, dim3(16, 16)>>>(nullptr); }
