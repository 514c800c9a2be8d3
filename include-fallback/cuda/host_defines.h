/* lds-rewrite fallback CUDA headers: the attribute macros (crt/host_defines.h).
 * With -nocudainc clang defines none of them; clang's cuda_wrappers/ headers
 * (still on the include path) need __host__ and __device__ before any
 * standard header, so lds-rewrite force-includes cuda_runtime.h. */
#ifndef __LDS_FALLBACK_HOST_DEFINES_H
#define __LDS_FALLBACK_HOST_DEFINES_H

#if !defined(__CUDA__)
#error "lds-rewrite fallback CUDA headers need clang in CUDA mode (-x cuda)"
#endif

/* Lets the tool (and a curious user) tell these headers from the real ones. */
#define __LDS_REWRITE_FALLBACK_HEADERS__ 1
#define __LDS_REWRITE_FALLBACK_CUDA__ 1

#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __shared__
#define __shared__ __attribute__((shared))
#endif
#ifndef __constant__
#define __constant__ __attribute__((constant))
#endif
#ifndef __managed__
#define __managed__ __attribute__((managed))
#endif
#ifndef __grid_constant__
#define __grid_constant__ __attribute__((grid_constant))
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#endif
#ifndef __forceinline__
#define __forceinline__ __inline__ __attribute__((always_inline))
#endif
/* __noinline__ is a clang keyword in CUDA mode: not redefined. */
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif
#ifndef __builtin_align__
#define __builtin_align__(a) __attribute__((aligned(a)))
#endif
#ifndef __device_builtin__
#define __device_builtin__
#endif
#ifndef __cudart_builtin__
#define __cudart_builtin__
#endif
#ifndef __CUDACC__
#define __CUDACC__
#endif

#include "cuda.h"

#endif /* __LDS_FALLBACK_HOST_DEFINES_H */
