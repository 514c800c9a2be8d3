/* lds-rewrite fallback HIP headers: vector types (float4, int2, uchar4 ...).
 * Plain aggregates with the real sizes and alignments; element-wise +,-,*,/
 * for the floating and int types, as HIP provides them. */
#ifndef __LDS_FALLBACK_HIP_VECTOR_TYPES_H
#define __LDS_FALLBACK_HIP_VECTOR_TYPES_H
#include <hip/hip_common.h>

#define __LDS_VEC_HD static __host__ __device__ constexpr inline
#include "../../common/lds_vector_types.inc"
#undef __LDS_VEC_HD

#define __LDS_VEC_OPS2(V)                                                              \
  __host__ __device__ inline V operator+(V a, V b) { return V{a.x + b.x, a.y + b.y}; } \
  __host__ __device__ inline V operator-(V a, V b) { return V{a.x - b.x, a.y - b.y}; } \
  __host__ __device__ inline V operator*(V a, V b) { return V{a.x * b.x, a.y * b.y}; } \
  __host__ __device__ inline V operator/(V a, V b) { return V{a.x / b.x, a.y / b.y}; } \
  __host__ __device__ inline V &operator+=(V &a, V b) { return a = a + b; }            \
  __host__ __device__ inline V &operator-=(V &a, V b) { return a = a - b; }            \
  __host__ __device__ inline V &operator*=(V &a, V b) { return a = a * b; }
#define __LDS_VEC_OPS4(V)                                                              \
  __host__ __device__ inline V operator+(V a, V b) { return V{a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w}; } \
  __host__ __device__ inline V operator-(V a, V b) { return V{a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w}; } \
  __host__ __device__ inline V operator*(V a, V b) { return V{a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w}; } \
  __host__ __device__ inline V operator/(V a, V b) { return V{a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w}; } \
  __host__ __device__ inline V &operator+=(V &a, V b) { return a = a + b; }            \
  __host__ __device__ inline V &operator-=(V &a, V b) { return a = a - b; }            \
  __host__ __device__ inline V &operator*=(V &a, V b) { return a = a * b; }
__LDS_VEC_OPS2(float2)
__LDS_VEC_OPS4(float4)
__LDS_VEC_OPS2(double2)
__LDS_VEC_OPS4(double4)
__LDS_VEC_OPS2(int2)
__LDS_VEC_OPS4(int4)
__LDS_VEC_OPS2(uint2)
__LDS_VEC_OPS4(uint4)
#undef __LDS_VEC_OPS2
#undef __LDS_VEC_OPS4

#endif
