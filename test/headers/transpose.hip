// Tiled matrix transpose: 32x33 float tile (padded), block 32x8, dim3 launch
// through hipLaunchKernelGGL and through <<<>>>; host code with events.
// expect-lds: transpose_padded 4224
// expect-lds: transpose_naive 4096
#include <hip/hip_runtime.h>
#include <cstdio>

#define TILE 32
#define ROWS 8

__global__ void transpose_padded(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < height && y + j < width) out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transpose_naive(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  unsigned tx = hipThreadIdx_x, ty = hipThreadIdx_y;
  unsigned bx = hipBlockIdx_x, by = hipBlockIdx_y;
  for (int j = 0; j < TILE; j += ROWS) tile[ty + j][tx] = in[(by * TILE + ty + j) * n + bx * TILE + tx];
  __syncthreads();
  for (int j = 0; j < TILE; j += ROWS) out[(bx * TILE + ty + j) * n + by * TILE + tx] = tile[tx][ty + j];
}

int main() {
  const int n = 1024;
  float *d_in, *d_out;
  hipMalloc(&d_in, n * n * sizeof(float));
  hipMalloc((void **)&d_out, n * n * sizeof(float));
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, 0);
  printf("%s: %d threads, %zu bytes LDS, wave %d\n", prop.name, prop.maxThreadsPerBlock,
         prop.sharedMemPerBlock, prop.warpSize);
  dim3 grid(n / TILE, n / TILE), block(TILE, ROWS);
  hipEvent_t start, stop;
  hipEventCreate(&start);
  hipEventCreate(&stop);
  hipEventRecord(start, 0);
  hipLaunchKernelGGL(transpose_padded, grid, block, 0, 0, d_out, d_in, n, n);
  transpose_naive<<<grid, dim3(TILE, ROWS)>>>(d_out, d_in, n);
  hipEventRecord(stop, 0);
  hipEventSynchronize(stop);
  float ms = 0;
  hipEventElapsedTime(&ms, start, stop);
  hipError_t err = hipGetLastError();
  if (err != hipSuccess) printf("error %s\n", hipGetErrorString(err));
  hipMemcpy(d_out, d_in, 4, hipMemcpyDeviceToDevice);
  hipFree(d_in);
  hipFree(d_out);
  return hipDeviceSynchronize() != hipSuccess;
}
