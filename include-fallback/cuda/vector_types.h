/* lds-rewrite fallback CUDA headers: vector_types.h (float4, int2 ... dim3). */
#ifndef __LDS_FALLBACK_VECTOR_TYPES_H
#define __LDS_FALLBACK_VECTOR_TYPES_H
#include "host_defines.h"

#define __LDS_VEC_HD static __inline__ __host__ __device__ constexpr
#include "../common/lds_vector_types.inc"
#undef __LDS_VEC_HD

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;

#endif
