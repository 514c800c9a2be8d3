// Sizes and alignments that decide LDS layout and access widths must match
// the real headers.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define CHECK(T, S, A) static_assert(sizeof(T) == S && alignof(T) == A, #T)
CHECK(char4, 4, 4); CHECK(uchar4, 4, 4); CHECK(uchar2, 2, 2); CHECK(short2, 4, 4);
CHECK(short4, 8, 8); CHECK(int2, 8, 8); CHECK(int3, 12, 4); CHECK(int4, 16, 16);
CHECK(uint2, 8, 8); CHECK(uint4, 16, 16); CHECK(float2, 8, 8); CHECK(float3, 12, 4);
CHECK(float4, 16, 16); CHECK(double2, 16, 16); CHECK(longlong2, 16, 16);
CHECK(__half, 2, 2); CHECK(__half2, 4, 4); CHECK(__nv_bfloat16, 2, 2); CHECK(__nv_bfloat162, 4, 4);
CHECK(dim3, 12, 4); CHECK(uint3, 12, 4);
__global__ void k(float4 *p) { __shared__ float4 s[64]; s[threadIdx.x] = p[threadIdx.x]; p[threadIdx.x] = s[63 - threadIdx.x]; }
