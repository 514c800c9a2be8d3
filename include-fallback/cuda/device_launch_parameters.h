/* lds-rewrite fallback CUDA headers: threadIdx, blockIdx, blockDim, gridDim,
 * warpSize. Reuses clang's own __clang_cuda_builtin_vars.h (resource
 * directory), exactly what clang uses with the real toolkit: structs whose
 * members x, y, z are __declspec(property) reads of the PTX special registers. */
#ifndef __LDS_FALLBACK_DEVICE_LAUNCH_PARAMETERS_H
#define __LDS_FALLBACK_DEVICE_LAUNCH_PARAMETERS_H
#include "vector_types.h"
#include <__clang_cuda_builtin_vars.h>

__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const { return {x, y, z}; }

#endif
