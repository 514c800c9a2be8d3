/* lds-rewrite fallback HIP headers: host API declarations.
 * Only declarations: nothing here is linked or run. Enough for the host code
 * that sits next to kernels (allocation, copies, events, launches, device
 * properties) to parse. */
#ifndef __LDS_FALLBACK_HIP_RUNTIME_API_H
#define __LDS_FALLBACK_HIP_RUNTIME_API_H
#include <hip/hip_common.h>
#include <hip/hip_vector_types.h>

typedef enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInitializationError = 3,
  hipErrorDeinitialized = 4,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInsufficientDriver = 35,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorInvalidContext = 201,
  hipErrorNoBinaryForGpu = 209,
  hipErrorInvalidKernelFile = 218,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorLaunchFailure = 719,
  hipErrorNotSupported = 801,
  hipErrorUnknown = 999
} hipError_t;

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4
} hipMemcpyKind;

typedef enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeMax
} hipFuncAttribute;

typedef enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault = 0,
  hipSharedMemBankSizeFourByte = 1,
  hipSharedMemBankSizeEightByte = 2
} hipSharedMemConfig;

typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeMaxThreadsPerBlock = 56,
  hipDeviceAttributeMaxSharedMemoryPerBlock = 74,
  hipDeviceAttributeWarpSize = 87,
  hipDeviceAttributeMultiprocessorCount = 63,
  hipDeviceAttributeComputeCapabilityMajor = 23,
  hipDeviceAttributeComputeCapabilityMinor = 61
} hipDeviceAttribute_t;

typedef struct ihipStream_t *hipStream_t;
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipModule_t *hipModule_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef void *hipDeviceptr_t;

#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipHostMallocDefault 0x0
#define hipHostMallocMapped 0x2

typedef struct dim3 {
  uint32_t x, y, z;
  constexpr __host__ __device__ dim3(uint32_t _x = 1, uint32_t _y = 1, uint32_t _z = 1)
      : x(_x), y(_y), z(_z) {}
  constexpr __host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr __host__ __device__ operator uint3() const { return uint3{x, y, z}; }
} dim3;

typedef struct hipDeviceArch_t {
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned has3dGrid : 1;
} hipDeviceArch_t;

typedef struct hipDeviceProp_t {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  int computeMode;
  int concurrentKernels;
  int pciBusID;
  int pciDeviceID;
  size_t maxSharedMemoryPerMultiProcessor;
  size_t sharedMemPerMultiprocessor;
  size_t sharedMemPerBlockOptin;
  int memoryClockRate;
  int memoryBusWidth;
  int isMultiGpuBoard;
  int canMapHostMemory;
  int gcnArch;
  char gcnArchName[256];
  int integrated;
  int cooperativeLaunch;
  int managedMemory;
  hipDeviceArch_t arch;
} hipDeviceProp_t;

typedef struct hipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
} hipFuncAttributes;

extern "C" {
hipError_t hipInit(unsigned int flags);
hipError_t hipMalloc(void **ptr, size_t size);
hipError_t hipMallocManaged(void **ptr, size_t size, unsigned int flags = 1);
hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags = 0);
hipError_t hipMallocHost(void **ptr, size_t size);
hipError_t hipFree(void *ptr);
hipError_t hipHostFree(void *ptr);
hipError_t hipFreeHost(void *ptr);
hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind,
                          hipStream_t stream = 0);
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t sizeBytes);
hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                       size_t height, hipMemcpyKind kind);
hipError_t hipMemset(void *dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes, hipStream_t stream = 0);
hipError_t hipMemGetInfo(size_t *free, size_t *total);
hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes,
                             size_t offset = 0, hipMemcpyKind kind = hipMemcpyHostToDevice);
hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes,
                               size_t offset = 0, hipMemcpyKind kind = hipMemcpyDeviceToHost);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorString(hipError_t error);
const char *hipGetErrorName(hipError_t error);
hipError_t hipGetDevice(int *deviceId);
hipError_t hipSetDevice(int deviceId);
hipError_t hipGetDeviceCount(int *count);
hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int deviceId);
hipError_t hipDeviceGetAttribute(int *pi, hipDeviceAttribute_t attr, int deviceId);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, const void *func);
hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr, int value);
hipError_t hipStreamCreate(hipStream_t *stream);
hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags);
hipError_t hipEventCreate(hipEvent_t *event);
hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream = 0);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipLaunchKernel(const void *function_address, dim3 numBlocks, dim3 dimBlocks,
                           void **args, size_t sharedMemBytes = 0, hipStream_t stream = 0);
hipError_t hipLaunchCooperativeKernel(const void *f, dim3 gridDim, dim3 blockDimX,
                                      void **kernelParams, unsigned int sharedMemBytes,
                                      hipStream_t stream);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *f,
                                                        int blockSize, size_t dynSharedMemPerBlk);
hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, const void *f,
                                             size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipModuleLoad(hipModule_t *module, const char *fname);
hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *kname);
hipError_t hipDriverGetVersion(int *driverVersion);
hipError_t hipRuntimeGetVersion(int *runtimeVersion);

/* What clang's Sema calls for `kernel<<<grid, block, shmem, stream>>>(...)`
 * in HIP mode (the new launch API, clang's default): it must be declared. */
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                      hipStream_t stream = 0);
hipError_t __hipPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                     hipStream_t *stream);
/* ... and the one it calls with -fno-hip-new-launch-api. */
hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                            hipStream_t stream = 0);
hipError_t hipSetupArgument(const void *arg, size_t size, size_t offset);
hipError_t hipLaunchByPtr(const void *func);
} /* extern "C" */

/* The C++ conveniences of the real header. */
template <class T> static inline hipError_t hipMalloc(T **ptr, size_t size) {
  return hipMalloc(reinterpret_cast<void **>(ptr), size);
}
template <class T> static inline hipError_t hipMallocManaged(T **ptr, size_t size, unsigned int flags = 1) {
  return hipMallocManaged(reinterpret_cast<void **>(ptr), size, flags);
}
template <class T> static inline hipError_t hipHostMalloc(T **ptr, size_t size, unsigned int flags = 0) {
  return hipHostMalloc(reinterpret_cast<void **>(ptr), size, flags);
}
template <class T> static inline hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, T *func) {
  return hipFuncGetAttributes(attr, reinterpret_cast<const void *>(func));
}
template <class T> static inline hipError_t hipFuncSetAttribute(T *func, hipFuncAttribute attr, int value) {
  return hipFuncSetAttribute(reinterpret_cast<const void *>(func), attr, value);
}
template <class T>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T f, int blockSize,
                                                                      size_t dynSharedMemPerBlk) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, reinterpret_cast<const void *>(f),
                                                      blockSize, dynSharedMemPerBlk);
}
template <class T>
static inline hipError_t hipMemcpyToSymbol(const T &symbol, const void *src, size_t sizeBytes,
                                           size_t offset = 0, hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol(reinterpret_cast<const void *>(&symbol), src, sizeBytes, offset, kind);
}

#define HIP_SYMBOL(X) X

#endif /* __LDS_FALLBACK_HIP_RUNTIME_API_H */
