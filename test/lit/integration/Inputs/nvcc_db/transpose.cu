// A CUDA transpose whose row count comes from the database's -DROWS and
// whose width from a header on its -I: both must reach the parse.
#include "tile.h"
#ifndef ROWS
#error "ROWS comes from the compile database"
#endif

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[ROWS][COLS];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * COLS + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * COLS + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *out, const float *in) { transpose<<<1, dim3(32, 32)>>>(out, in); }
