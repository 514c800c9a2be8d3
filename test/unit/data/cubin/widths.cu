// Our own kernels for the SASS reader's fixtures: one shared-memory access of
// each kind and width, so that the decoder's opcode and width fields can be
// checked against nvdisasm (README.md beside this file says how they were made).
#include <cuda_runtime.h>
#include <cstdint>

__global__ void widths_load(const int *sel, char *o8, short *o16, int *o32, double *o64,
                            float4 *o128) {
  __shared__ __align__(16) unsigned char s[4096];
  int t = threadIdx.x;
  for (int i = t; i < 4096; i += blockDim.x)
    s[i] = (unsigned char)(sel[i] * 7);
  __syncthreads();
  o8[t] = (signed char)s[t * 3];
  o16[t] = reinterpret_cast<short *>(s)[t * 5 + 1];
  o32[t] = reinterpret_cast<int *>(s)[t * 7 % 1000];
  o64[t] = reinterpret_cast<double *>(s)[t * 3 % 500];
  o128[t] = reinterpret_cast<float4 *>(s)[t * 5 % 250];
}

__global__ void widths_store(const float4 *in, float *out) {
  __shared__ __align__(16) unsigned char s[8192];
  int t = threadIdx.x;
  float4 v = in[t];
  s[t] = (unsigned char)v.x;
  reinterpret_cast<unsigned short *>(s + 512)[t] = (unsigned short)v.y;
  reinterpret_cast<float *>(s + 1024)[t] = v.z;
  reinterpret_cast<float2 *>(s + 2048)[t] = make_float2(v.x, v.w);
  reinterpret_cast<float4 *>(s + 4096)[t] = v;
  __syncthreads();
  out[t] = reinterpret_cast<float *>(s)[(t * 17) % 2048];
}

// Four scalar loads of one row that the compiler may merge into one LDS.128.
__global__ void merged_row(float *out) {
  __shared__ __align__(16) float tile[32][36];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int c = tx; c < 36; c += 32)
    tile[ty][c] = ty * 36 + c;
  __syncthreads();
  float a = tile[tx][ty * 4 + 0];
  float b = tile[tx][ty * 4 + 1];
  float c = tile[tx][ty * 4 + 2];
  float d = tile[tx][ty * 4 + 3];
  out[ty * 32 + tx] = a + b * 2 + c * 3 + d * 4;
}

__global__ void shared_atomics(const int *in, int *out) {
  __shared__ int hist[256];
  int t = threadIdx.x;
  hist[t] = 0;
  __syncthreads();
  atomicAdd(&hist[in[t] & 255], 1);
  __syncthreads();
  out[t] = hist[t];
}

#if __CUDA_ARCH__ >= 800 || !defined(__CUDA_ARCH__)
__global__ void matrix_loads(const float4 *in, unsigned *out) {
  __shared__ __align__(16) unsigned short s[64 * 64];
  int t = threadIdx.x;
  unsigned addr = (unsigned)__cvta_generic_to_shared(&s[(t % 64) * 64 + (t / 64) * 8]);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(addr), "l"(in + t));
  asm volatile("cp.async.wait_all;\n" ::);
  __syncthreads();
  unsigned a, b, c, d, e, f, g, h;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n" : "=r"(a) : "r"(addr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];\n"
               : "=r"(b), "=r"(c) : "r"(addr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(d), "=r"(e), "=r"(f), "=r"(g) : "r"(addr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(h), "=r"(e), "=r"(f), "=r"(g) : "r"(addr));
  out[t] = a + b + c + d + e + f + g + h;
}
#endif
