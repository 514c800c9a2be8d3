/* lds-rewrite fallback HIP headers: hip/hip_bf16.h (__hip_bfloat16). */
#ifndef __LDS_FALLBACK_HIP_BF16_H
#define __LDS_FALLBACK_HIP_BF16_H
#include <hip/hip_common.h>
#include <hip/hip_vector_types.h>
#define __LDS_BF16 __hip_bfloat16
#define __LDS_BF162 __hip_bfloat162
#define __LDS_BF16_RAW __hip_bfloat16_raw
#include "../../common/lds_bf16.inc"
#undef __LDS_BF16
#undef __LDS_BF162
#undef __LDS_BF16_RAW
#endif
