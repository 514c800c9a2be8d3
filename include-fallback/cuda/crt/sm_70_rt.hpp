/* lds-rewrite fallback CUDA headers: empty stand-in. clang's
 * __clang_cuda_intrinsics.h includes "crt/sm_70_rt.hpp" from the toolkit for
 * sm_70+; nothing in it is needed to parse kernels. */
