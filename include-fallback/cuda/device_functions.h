/* lds-rewrite fallback CUDA headers: everything lives in cuda_runtime.h. */
#include "cuda_runtime.h"
