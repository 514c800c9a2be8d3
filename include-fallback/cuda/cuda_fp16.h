/* lds-rewrite fallback CUDA headers: cuda_fp16.h (__half, __half2). */
#ifndef __LDS_FALLBACK_CUDA_FP16_H
#define __LDS_FALLBACK_CUDA_FP16_H
#include "cuda_runtime.h"
#include "../common/lds_fp16.inc"
#endif
