/* lds-rewrite fallback HIP headers: common configuration.
 * A minimal, device-side stand-in for ROCm's HIP headers, used by lds-rewrite
 * when no HIP installation is present (see include-fallback/README.md).
 * Compile with: -x hip -nogpuinc -nogpulib -isystem <this dir's parent> */
#ifndef __LDS_FALLBACK_HIP_COMMON_H
#define __LDS_FALLBACK_HIP_COMMON_H

#if !defined(__HIP__)
#error "lds-rewrite fallback HIP headers need clang in HIP mode (-x hip)"
#endif

/* Lets the tool (and a curious user) tell these headers from the real ones. */
#define __LDS_REWRITE_FALLBACK_HEADERS__ 1
#define __LDS_REWRITE_FALLBACK_HIP__ 1

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#ifndef __HIP_PLATFORM_HCC__
#define __HIP_PLATFORM_HCC__ 1
#endif
#ifndef __HIP_CLANG_ONLY__
#define __HIP_CLANG_ONLY__ 1
#endif

#include <hip/hip_version.h>

/* What clang itself -include's when -nogpuinc is absent: __host__, __device__,
 * __global__, __shared__, __constant__, __managed__, device malloc/free and
 * the device math library (sqrtf, expf, fmaf, min, max ...). It is part of
 * clang's resource directory, so it is present wherever clang is. */
#if !defined(__CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__)
#include <__clang_hip_runtime_wrapper.h>
#endif

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
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
/* __noinline__ is a clang keyword in HIP/CUDA mode: not redefined. */

/* As ROCm's amd_hip_runtime.h: __launch_bounds__(N[, M]). */
#define __lds_launch_bounds_impl0(maxThreads) \
  __attribute__((amdgpu_flat_work_group_size(1, maxThreads)))
#define __lds_launch_bounds_impl1(maxThreads, minBlocksPerMultiprocessor) \
  __attribute__((amdgpu_flat_work_group_size(1, maxThreads),          \
                 amdgpu_waves_per_eu(minBlocksPerMultiprocessor)))
#define __lds_select_impl(_1, _2, impl_, ...) impl_
#define __launch_bounds__(...)                                              \
  __lds_select_impl(__VA_ARGS__, __lds_launch_bounds_impl1,                 \
                    __lds_launch_bounds_impl0, )(__VA_ARGS__)

/* Wave size. Clang 22 no longer predefines __AMDGCN_WAVEFRONT_SIZE; ROCm
 * headers up to 6.x still use it. gfx10/11/12 default to wave32. */
#ifndef __AMDGCN_WAVEFRONT_SIZE
#if defined(__GFX10__) || defined(__GFX11__) || defined(__GFX12__)
#define __AMDGCN_WAVEFRONT_SIZE 32
#else
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif
#endif

#define __HIP_DEVICE__ __device__
#define __HOST_DEVICE__ __host__ __device__

#include <stddef.h>
#include <stdint.h>

#endif /* __LDS_FALLBACK_HIP_COMMON_H */
