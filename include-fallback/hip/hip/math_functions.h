/* lds-rewrite fallback HIP headers: the math library comes from clang's
 * __clang_hip_runtime_wrapper.h, pulled in by hip_common.h. */
#include <hip/hip_runtime.h>
