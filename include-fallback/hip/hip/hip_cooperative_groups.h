/* lds-rewrite fallback HIP headers: hip/hip_cooperative_groups.h (subset). */
#ifndef __LDS_FALLBACK_HIP_COOPERATIVE_GROUPS_H
#define __LDS_FALLBACK_HIP_COOPERATIVE_GROUPS_H
#include <hip/hip_runtime.h>
#define __LDS_CG_FULLMASK (~0ull)
#include "../../common/lds_cooperative_groups.inc"
#undef __LDS_CG_FULLMASK
#endif
