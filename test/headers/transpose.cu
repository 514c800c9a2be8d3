// Tiled matrix transpose (CUDA): padded 32x33 tile, block 32x8, dim3 launch,
// events and device properties on the host side.
#include <cuda_runtime.h>
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

__global__ void __launch_bounds__(256, 2) transpose_naive(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  dim3 t = threadIdx;
  uint3 b = blockIdx;
  for (int j = 0; j < TILE; j += ROWS) tile[t.y + j][t.x] = in[(b.y * TILE + t.y + j) * n + b.x * TILE + t.x];
  __syncthreads();
  for (int j = 0; j < TILE; j += ROWS) out[(b.x * TILE + t.y + j) * n + b.y * TILE + t.x] = tile[t.x][t.y + j];
}

int main() {
  const int n = 1024;
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * n * sizeof(float));
  cudaMalloc((void **)&d_out, n * n * sizeof(float));
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("%s: %d threads, %zu bytes smem, warp %d\n", prop.name, prop.maxThreadsPerBlock,
         prop.sharedMemPerBlock, prop.warpSize);
  dim3 grid(n / TILE, n / TILE), block(TILE, ROWS);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  transpose_padded<<<grid, block>>>(d_out, d_in, n, n);
  transpose_naive<<<grid, dim3(TILE, ROWS), 0, 0>>>(d_out, d_in, n);
  cudaEventRecord(stop, 0);
  cudaEventSynchronize(stop);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) printf("error %s\n", cudaGetErrorString(err));
  cudaMemcpy(d_out, d_in, 4, cudaMemcpyDeviceToDevice);
  cudaFree(d_in);
  cudaFree(d_out);
  return cudaDeviceSynchronize() != cudaSuccess;
}
