/* lds-rewrite: compatibility prelude for host code that nvcc accepts and
 * clang rejects. Not part of the fallback sets; force-included (-include) by
 * lds-rewrite into every CUDA parse, with the real CUDA headers or the
 * bundled ones.
 *
 * nvcc's crt/math_functions.h and .hpp declare min/max (int, unsigned, long,
 * long long and their mixed-sign pairs, float, double, float/double) and
 * isfinite/isnan/isinf of float, double and long double
 * __host__ __device__, so host code calls ::max(1.5f, 1.0f). Under clang the
 * same overloads are device-only (clang defines __host__ away while it
 * includes math_functions.hpp; __clang_cuda_math.h and
 * __clang_cuda_cmath.h are __device__), and such a host call does not parse.
 *
 * This adds host-only twins. Device code is unchanged: a __device__ or
 * __host__ __device__ caller in a device compilation prefers the device
 * candidate with the same signature, which every overload here has (the
 * classification templates have clang's device non-templates for float and
 * double), and host functions are never emitted for the device. */
#ifndef __LDS_CUDA_COMPAT_H
#define __LDS_CUDA_COMPAT_H
#if defined(__CUDA__) && !defined(__HIP__) && defined(__cplusplus)

#define __LDS_HOST static inline __attribute__((host))

#if !defined(min) && !defined(max)
#define __LDS_MINMAX(T, A, B)                                                  \
  __LDS_HOST T min(const A a, const B b) { return (T)a < (T)b ? (T)a : (T)b; } \
  __LDS_HOST T max(const A a, const B b) { return (T)a > (T)b ? (T)a : (T)b; }
__LDS_MINMAX(int, int, int)
__LDS_MINMAX(unsigned int, unsigned int, unsigned int)
__LDS_MINMAX(unsigned int, int, unsigned int)
__LDS_MINMAX(unsigned int, unsigned int, int)
__LDS_MINMAX(long int, long int, long int)
__LDS_MINMAX(unsigned long int, unsigned long int, unsigned long int)
__LDS_MINMAX(unsigned long int, long int, unsigned long int)
__LDS_MINMAX(unsigned long int, unsigned long int, long int)
__LDS_MINMAX(long long int, long long int, long long int)
__LDS_MINMAX(unsigned long long int, unsigned long long int, unsigned long long int)
__LDS_MINMAX(unsigned long long int, long long int, unsigned long long int)
__LDS_MINMAX(unsigned long long int, unsigned long long int, long long int)
#undef __LDS_MINMAX
/* As nvcc: fminf/fmax semantics (a NaN argument yields the other one). */
__LDS_HOST float min(const float a, const float b) { return __builtin_fminf(a, b); }
__LDS_HOST float max(const float a, const float b) { return __builtin_fmaxf(a, b); }
__LDS_HOST double min(const double a, const double b) { return __builtin_fmin(a, b); }
__LDS_HOST double max(const double a, const double b) { return __builtin_fmax(a, b); }
__LDS_HOST double min(const float a, const double b) { return __builtin_fmin(a, b); }
__LDS_HOST double max(const float a, const double b) { return __builtin_fmax(a, b); }
__LDS_HOST double min(const double a, const float b) { return __builtin_fmin(a, b); }
__LDS_HOST double max(const double a, const float b) { return __builtin_fmax(a, b); }
#endif

/* Templates, not functions: <math.h> may bring std::isfinite(float) into the
 * global namespace (constexpr, so __host__ __device__ under clang), which a
 * function of the same signature would conflict with; a non-template
 * candidate wins over these when there is one. */
template <bool __C> struct __lds_enable_if_floating {};
template <> struct __lds_enable_if_floating<true> { typedef bool type; };
#if !defined(isfinite)
template <class __T>
__LDS_HOST typename __lds_enable_if_floating<__is_floating_point(__T)>::type
isfinite(__T __x) { return __builtin_isfinite(__x); }
#endif
#if !defined(isnan)
template <class __T>
__LDS_HOST typename __lds_enable_if_floating<__is_floating_point(__T)>::type
isnan(__T __x) { return __builtin_isnan(__x); }
#endif
#if !defined(isinf)
template <class __T>
__LDS_HOST typename __lds_enable_if_floating<__is_floating_point(__T)>::type
isinf(__T __x) { return __builtin_isinf(__x); }
#endif

#undef __LDS_HOST
#endif /* __CUDA__ && !__HIP__ */
#endif /* __LDS_CUDA_COMPAT_H */
