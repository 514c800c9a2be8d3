/* lds-rewrite fallback HIP headers: everything lives in hip_runtime.h. */
#include <hip/hip_runtime.h>
