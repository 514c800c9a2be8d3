/* lds-rewrite fallback CUDA headers: cuda_bf16.h (__nv_bfloat16). */
#ifndef __LDS_FALLBACK_CUDA_BF16_H
#define __LDS_FALLBACK_CUDA_BF16_H
#include "cuda_runtime.h"
#define __LDS_BF16 __nv_bfloat16
#define __LDS_BF162 __nv_bfloat162
#define __LDS_BF16_RAW __nv_bfloat16_raw
#include "../common/lds_bf16.inc"
#undef __LDS_BF16
#undef __LDS_BF162
#undef __LDS_BF16_RAW
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
#endif
