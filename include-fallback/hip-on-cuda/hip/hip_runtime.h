// hip/hip_runtime.h for nvcc: HIP's kernel language and the runtime calls that
// kernels' host code and lds-rewrite's bench harness use, mapped to CUDA.
//
// Debian's HIP headers (libamdhip64-dev) do not build against CUDA 13, and
// HIP's own NVIDIA back end (hipother) is not packaged; this header is the
// small subset `lds-rewrite bench` needs to run a .hip kernel on an NVIDIA
// GPU. Put the folder above this one on the include path
// (nvcc -I include-fallback/hip-on-cuda). Not covered: hipModule*, hipGraph*,
// textures, hipcub/rocprim, MFMA/WMMA intrinsics, 64-lane wave assumptions
// (warpSize is 32 here, as on the hardware).
#ifndef LDS_HIP_ON_CUDA_HIP_RUNTIME_H
#define LDS_HIP_ON_CUDA_HIP_RUNTIME_H

#if !defined(__CUDACC__)
#error "hip-on-cuda/hip/hip_runtime.h is for nvcc (CUDA) compiles only"
#endif

#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstddef>
#include <cstdint>

#define __HIP_PLATFORM_NVIDIA__ 1
#define __HIP_PLATFORM_NVCC__ 1
#define __LDS_HIP_ON_CUDA__ 1
#ifdef __CUDA_ARCH__
#define __HIP_DEVICE_COMPILE__ 1
#endif
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000)

// ---- kernel language ------------------------------------------------------
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#define hipLaunchKernelGGL(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...) \
  do {                                                                                   \
    (kernelName)<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__); \
  } while (0)

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

// HIP's mask-less warp functions (CUDA declares deprecated ones, for host
// passes and sm < 70 only): macros over helpers that pass the whole warp.
template <class T> __device__ __forceinline__ T __lds_hip_shfl(T var, int src_lane, int width = 32) {
  return __shfl_sync(0xffffffffu, var, src_lane, width);
}
template <class T> __device__ __forceinline__ T __lds_hip_shfl_up(T var, unsigned int delta, int width = 32) {
  return __shfl_up_sync(0xffffffffu, var, delta, width);
}
template <class T> __device__ __forceinline__ T __lds_hip_shfl_down(T var, unsigned int delta, int width = 32) {
  return __shfl_down_sync(0xffffffffu, var, delta, width);
}
template <class T> __device__ __forceinline__ T __lds_hip_shfl_xor(T var, int lane_mask, int width = 32) {
  return __shfl_xor_sync(0xffffffffu, var, lane_mask, width);
}
#define __shfl(...) __lds_hip_shfl(__VA_ARGS__)
#define __shfl_up(...) __lds_hip_shfl_up(__VA_ARGS__)
#define __shfl_down(...) __lds_hip_shfl_down(__VA_ARGS__)
#define __shfl_xor(...) __lds_hip_shfl_xor(__VA_ARGS__)
#define __ballot(p) ((unsigned long long)__ballot_sync(0xffffffffu, (p)))
#define __any(p) __any_sync(0xffffffffu, (p))
#define __all(p) __all_sync(0xffffffffu, (p))
__device__ __forceinline__ unsigned int __lane_id() { return threadIdx.x & 31u; }
__device__ __forceinline__ long long wall_clock64() { return clock64(); }

// ---- runtime --------------------------------------------------------------
typedef cudaError_t hipError_t;
typedef cudaStream_t hipStream_t;
typedef cudaEvent_t hipEvent_t;
typedef cudaDeviceProp hipDeviceProp_t;
typedef cudaMemcpyKind hipMemcpyKind;
typedef cudaFuncAttributes hipFuncAttributes;
typedef cudaFuncAttribute hipFuncAttribute;

#define hipSuccess cudaSuccess
#define hipErrorInvalidValue cudaErrorInvalidValue
#define hipErrorOutOfMemory cudaErrorMemoryAllocation
#define hipErrorNotReady cudaErrorNotReady
#define hipMemcpyHostToHost cudaMemcpyHostToHost
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
#define hipMemcpyDefault cudaMemcpyDefault
#define hipFuncAttributeMaxDynamicSharedMemorySize cudaFuncAttributeMaxDynamicSharedMemorySize
#define hipStreamDefault cudaStreamDefault
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipEventDefault cudaEventDefault
#define hipHostMallocDefault cudaHostAllocDefault

template <class T> inline hipError_t hipMalloc(T** p, size_t bytes) { return cudaMalloc(p, bytes); }
inline hipError_t hipFree(void* p) { return cudaFree(p); }
template <class T> inline hipError_t hipHostMalloc(T** p, size_t bytes, unsigned flags = 0) {
  return cudaHostAlloc(p, bytes, flags);
}
inline hipError_t hipHostFree(void* p) { return cudaFreeHost(p); }
inline hipError_t hipMemcpy(void* d, const void* s, size_t n, hipMemcpyKind k) { return cudaMemcpy(d, s, n, k); }
inline hipError_t hipMemcpyAsync(void* d, const void* s, size_t n, hipMemcpyKind k, hipStream_t st = 0) {
  return cudaMemcpyAsync(d, s, n, k, st);
}
inline hipError_t hipMemset(void* d, int v, size_t n) { return cudaMemset(d, v, n); }
inline hipError_t hipMemsetAsync(void* d, int v, size_t n, hipStream_t st = 0) { return cudaMemsetAsync(d, v, n, st); }
template <class T>
inline hipError_t hipMemcpyToSymbol(const T& symbol, const void* src, size_t n, size_t offset = 0,
                                    hipMemcpyKind k = hipMemcpyHostToDevice) {
  return cudaMemcpyToSymbol(symbol, src, n, offset, k);
}
inline hipError_t hipDeviceSynchronize() { return cudaDeviceSynchronize(); }
inline hipError_t hipGetLastError() { return cudaGetLastError(); }
inline hipError_t hipPeekAtLastError() { return cudaPeekAtLastError(); }
inline const char* hipGetErrorString(hipError_t e) { return cudaGetErrorString(e); }
inline const char* hipGetErrorName(hipError_t e) { return cudaGetErrorName(e); }
inline hipError_t hipGetDevice(int* d) { return cudaGetDevice(d); }
inline hipError_t hipSetDevice(int d) { return cudaSetDevice(d); }
inline hipError_t hipGetDeviceCount(int* n) { return cudaGetDeviceCount(n); }
inline hipError_t hipGetDeviceProperties(hipDeviceProp_t* p, int d) { return cudaGetDeviceProperties(p, d); }
inline hipError_t hipStreamCreate(hipStream_t* s) { return cudaStreamCreate(s); }
inline hipError_t hipStreamDestroy(hipStream_t s) { return cudaStreamDestroy(s); }
inline hipError_t hipStreamSynchronize(hipStream_t s) { return cudaStreamSynchronize(s); }
inline hipError_t hipEventCreate(hipEvent_t* e) { return cudaEventCreate(e); }
inline hipError_t hipEventDestroy(hipEvent_t e) { return cudaEventDestroy(e); }
inline hipError_t hipEventRecord(hipEvent_t e, hipStream_t s = 0) { return cudaEventRecord(e, s); }
inline hipError_t hipEventSynchronize(hipEvent_t e) { return cudaEventSynchronize(e); }
inline hipError_t hipEventElapsedTime(float* ms, hipEvent_t a, hipEvent_t b) { return cudaEventElapsedTime(ms, a, b); }
template <class F> inline hipError_t hipFuncGetAttributes(hipFuncAttributes* a, F f) {
  return cudaFuncGetAttributes(a, (const void*)f);
}
template <class F> inline hipError_t hipFuncSetAttribute(F f, hipFuncAttribute attr, int value) {
  return cudaFuncSetAttribute((const void*)f, attr, value);
}

// ---- types ------------------------------------------------------------------
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;

#endif
