/* lds-rewrite fallback CUDA headers: cooperative_groups.h (small subset). */
#ifndef __LDS_FALLBACK_COOPERATIVE_GROUPS_H
#define __LDS_FALLBACK_COOPERATIVE_GROUPS_H
#include "cuda_runtime.h"
#define __LDS_CG_FULLMASK 0xffffffffu
#include "../common/lds_cooperative_groups.inc"
#undef __LDS_CG_FULLMASK
#endif
