/* lds-rewrite: compatibility prelude for real, older ROCm HIP headers (e.g.
 * Debian's libamdhip64-dev, HIP 5.2) parsed by clang 22. Not part of the
 * fallback sets; force-included (-include) by lds-rewrite after clang's
 * __clang_hip_runtime_wrapper.h when it parses HIP with a real ROCm install.
 * Harmless with newer ROCm. */
#ifndef __LDS_ROCM_COMPAT_H
#define __LDS_ROCM_COMPAT_H
#if defined(__HIP__)

/* Clang 22 no longer predefines __AMDGCN_WAVEFRONT_SIZE; ROCm <= 6.x headers
 * use it (warpSize, shuffles, cooperative groups). gfx10/11/12 default to
 * wave32 (pass -D__AMDGCN_WAVEFRONT_SIZE=64 with -mwavefrontsize64). */
#ifndef __AMDGCN_WAVEFRONT_SIZE
#if defined(__GFX10__) || defined(__GFX11__) || defined(__GFX12__)
#define __AMDGCN_WAVEFRONT_SIZE 32
#else
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif
#endif

/* ROCm <= 5.x's amd_hip_fp16.h calls these; clang's
 * __clang_hip_libdevice_declares.h used to define them ("should be removed
 * when rocm releases using it are no longer relevant") and clang 22 does not. */
#if defined(__CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__)
extern "C" {
typedef _Float16 __2f16 __attribute__((ext_vector_type(2)));
__attribute__((device)) inline _Float16 __llvm_amdgcn_rcp_f16(_Float16 __x) {
  return ((_Float16)1.0f) / __x;
}
__attribute__((device)) inline __2f16 __llvm_amdgcn_rcp_2f16(__2f16 __x) {
  return ((__2f16)1.0f) / __x;
}
}
#endif

#endif /* __HIP__ */
#endif /* __LDS_ROCM_COMPAT_H */
