/* lds-rewrite fallback HIP headers: hip/hip_fp16.h (__half, __half2). */
#ifndef __LDS_FALLBACK_HIP_FP16_H
#define __LDS_FALLBACK_HIP_FP16_H
#include <hip/hip_common.h>
#include <hip/hip_vector_types.h>
#include "../../common/lds_fp16.inc"
#endif
