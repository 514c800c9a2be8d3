/* lds-rewrite fallback CUDA headers: cuda_runtime.h.
 * A minimal, device-side stand-in for the CUDA toolkit's headers, used by
 * lds-rewrite when no CUDA installation is present (include-fallback/README.md).
 * It follows what clang's own __clang_cuda_runtime_wrapper.h does with the real
 * toolkit, and reuses clang's resource-directory headers for the device
 * library (math, integer intrinsics, shuffles, votes, atomics' internals,
 * builtin variables), so kernels see the same declarations as with CUDA.
 * Compile with: -x cuda -nocudainc -nocudalib -isystem <this dir>
 *               -include cuda_runtime.h   (as nvcc and clang do) */
#ifndef __LDS_FALLBACK_CUDA_RUNTIME_H
#define __LDS_FALLBACK_CUDA_RUNTIME_H

#include "host_defines.h"

/* As clang's wrapper: forward declarations that must precede <cmath>, and
 * the standard headers included with __CUDACC__ defined (libstdc++ then
 * leaves __float128 out). */
#include <__clang_cuda_math_forward_declares.h>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <stdlib.h>
#include <string.h>

#include "vector_types.h"
#include "driver_types.h"
#include "cuda_runtime_api.h"
#include "device_launch_parameters.h"

#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>

extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ void free(void *) __attribute((nothrow));
__device__ void *malloc(size_t) __attribute((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char *__message, const char *__file, unsigned __line,
                             const char *__function, size_t __charSize);
__device__ static inline void __assert_fail(const char *__message, const char *__file,
                                            unsigned __line, const char *__function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
__device__ int printf(const char *, ...);
} /* extern "C" */
namespace std {
__device__ static inline void free(void *__ptr) { ::free(__ptr); }
__device__ static inline void *malloc(size_t __size) { return ::malloc(__size); }
} // namespace std

/* sm_20_intrinsics: address-space predicates (pure, as clang's wrapper
 * redefines them) and conversions, needed by __clang_cuda_intrinsics.h. */
static __device__ __forceinline__ __attribute__((const)) unsigned int __isGlobal(const void *p) { return __nvvm_isspacep_global(p); }
static __device__ __forceinline__ __attribute__((const)) unsigned int __isShared(const void *p) { return __nvvm_isspacep_shared(p); }
static __device__ __forceinline__ __attribute__((const)) unsigned int __isConstant(const void *p) { return __nvvm_isspacep_const(p); }
static __device__ __forceinline__ __attribute__((const)) unsigned int __isLocal(const void *p) { return __nvvm_isspacep_local(p); }
static __device__ __forceinline__ size_t __cvta_generic_to_global(const void *p) { return (size_t)(void __attribute__((address_space(1))) *)p; }
static __device__ __forceinline__ size_t __cvta_generic_to_shared(const void *p) { return (size_t)(void __attribute__((address_space(3))) *)p; }
static __device__ __forceinline__ size_t __cvta_generic_to_constant(const void *p) { return (size_t)(void __attribute__((address_space(4))) *)p; }
static __device__ __forceinline__ size_t __cvta_generic_to_local(const void *p) { return (size_t)(void __attribute__((address_space(5))) *)p; }
static __device__ __forceinline__ void *__cvta_global_to_generic(size_t a) { return (void *)(void __attribute__((address_space(1))) *)a; }
static __device__ __forceinline__ void *__cvta_shared_to_generic(size_t a) { return (void *)(void __attribute__((address_space(3))) *)a; }

#include <__clang_cuda_cmath.h>
#include <__clang_cuda_intrinsics.h>
#include <__clang_cuda_complex_builtins.h>

/* ---- min/max overloads of CUDA's math_functions.hpp that clang lacks ---- */
static __device__ __forceinline__ unsigned int min(unsigned int a, unsigned int b) { return __nv_umin(a, b); }
static __device__ __forceinline__ unsigned int max(unsigned int a, unsigned int b) { return __nv_umax(a, b); }
static __device__ __forceinline__ unsigned int min(int a, unsigned int b) { return __nv_umin((unsigned)a, b); }
static __device__ __forceinline__ unsigned int max(int a, unsigned int b) { return __nv_umax((unsigned)a, b); }
static __device__ __forceinline__ unsigned int min(unsigned int a, int b) { return __nv_umin(a, (unsigned)b); }
static __device__ __forceinline__ unsigned int max(unsigned int a, int b) { return __nv_umax(a, (unsigned)b); }
static __device__ __forceinline__ long long min(long long a, long long b) { return __nv_llmin(a, b); }
static __device__ __forceinline__ long long max(long long a, long long b) { return __nv_llmax(a, b); }
static __device__ __forceinline__ unsigned long long min(unsigned long long a, unsigned long long b) { return __nv_ullmin(a, b); }
static __device__ __forceinline__ unsigned long long max(unsigned long long a, unsigned long long b) { return __nv_ullmax(a, b); }
static __device__ __forceinline__ float min(float a, float b) { return __nv_fminf(a, b); }
static __device__ __forceinline__ float max(float a, float b) { return __nv_fmaxf(a, b); }
static __device__ __forceinline__ double min(double a, double b) { return __nv_fmin(a, b); }
static __device__ __forceinline__ double max(double a, double b) { return __nv_fmax(a, b); }

/* ---- atomics, as CUDA's device_atomic_functions.hpp / sm_*_atomic ---- */
#define __LDS_ATOMIC(NAME, T, IMPL)                                                                      \
  static __inline__ __device__ T NAME(T *address, T val) { return IMPL(address, val); }                  \
  static __inline__ __device__ T NAME##_block(T *address, T val) { return IMPL##_block(address, val); }  \
  static __inline__ __device__ T NAME##_system(T *address, T val) { return IMPL##_system(address, val); }
__LDS_ATOMIC(atomicAdd, int, __iAtomicAdd)
__LDS_ATOMIC(atomicAdd, unsigned int, __uAtomicAdd)
__LDS_ATOMIC(atomicAdd, unsigned long long, __ullAtomicAdd)
__LDS_ATOMIC(atomicAdd, float, __fAtomicAdd)
__LDS_ATOMIC(atomicAdd, double, __dAtomicAdd)
__LDS_ATOMIC(atomicExch, int, __iAtomicExch)
__LDS_ATOMIC(atomicExch, unsigned int, __uAtomicExch)
__LDS_ATOMIC(atomicExch, unsigned long long, __ullAtomicExch)
__LDS_ATOMIC(atomicExch, float, __fAtomicExch)
__LDS_ATOMIC(atomicMin, int, __iAtomicMin)
__LDS_ATOMIC(atomicMin, unsigned int, __uAtomicMin)
__LDS_ATOMIC(atomicMin, long long, __illAtomicMin)
__LDS_ATOMIC(atomicMin, unsigned long long, __ullAtomicMin)
__LDS_ATOMIC(atomicMax, int, __iAtomicMax)
__LDS_ATOMIC(atomicMax, unsigned int, __uAtomicMax)
__LDS_ATOMIC(atomicMax, long long, __illAtomicMax)
__LDS_ATOMIC(atomicMax, unsigned long long, __ullAtomicMax)
__LDS_ATOMIC(atomicAnd, int, __iAtomicAnd)
__LDS_ATOMIC(atomicAnd, unsigned int, __uAtomicAnd)
__LDS_ATOMIC(atomicAnd, unsigned long long, __ullAtomicAnd)
__LDS_ATOMIC(atomicOr, int, __iAtomicOr)
__LDS_ATOMIC(atomicOr, unsigned int, __uAtomicOr)
__LDS_ATOMIC(atomicOr, unsigned long long, __ullAtomicOr)
__LDS_ATOMIC(atomicXor, int, __iAtomicXor)
__LDS_ATOMIC(atomicXor, unsigned int, __uAtomicXor)
__LDS_ATOMIC(atomicXor, unsigned long long, __ullAtomicXor)
__LDS_ATOMIC(atomicInc, unsigned int, __uAtomicInc)
__LDS_ATOMIC(atomicDec, unsigned int, __uAtomicDec)
#undef __LDS_ATOMIC
static __inline__ __device__ int atomicSub(int *address, int val) { return __iAtomicAdd(address, -val); }
static __inline__ __device__ unsigned int atomicSub(unsigned int *address, unsigned int val) {
  return __uAtomicAdd(address, (unsigned int)-(int)val);
}
static __inline__ __device__ int atomicCAS(int *address, int compare, int val) {
  return __iAtomicCAS(address, compare, val);
}
static __inline__ __device__ unsigned int atomicCAS(unsigned int *address, unsigned int compare, unsigned int val) {
  return __uAtomicCAS(address, compare, val);
}
static __inline__ __device__ unsigned long long atomicCAS(unsigned long long *address, unsigned long long compare,
                                                        unsigned long long val) {
  return __ullAtomicCAS(address, compare, val);
}
static __inline__ __device__ unsigned short atomicCAS(unsigned short *address, unsigned short compare,
                                                    unsigned short val) {
  return __usAtomicCAS(address, compare, val);
}

#endif /* __LDS_FALLBACK_CUDA_RUNTIME_H */
