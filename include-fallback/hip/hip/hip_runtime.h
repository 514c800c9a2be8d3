/* lds-rewrite fallback HIP headers: hip/hip_runtime.h.
 * A minimal, device-side stand-in for ROCm's hip_runtime.h, used by
 * lds-rewrite when no HIP installation is present (include-fallback/README.md).
 * The shapes that matter to the analysis follow ROCm's amd_hip_runtime.h:
 * threadIdx/blockIdx/blockDim/gridDim are objects whose static members x, y, z
 * convert to uint32_t, __syncthreads() is fence + s_barrier + fence,
 * __launch_bounds__ is amdgpu_flat_work_group_size, hipLaunchKernelGGL expands
 * to a <<<>>> launch, HIP_DYNAMIC_SHARED to `extern __shared__ type var[]`,
 * atomics use __hip_atomic_* with agent scope. Indices read hardware
 * registers through __builtin_amdgcn_* (no device library needed). */
#ifndef __LDS_FALLBACK_HIP_RUNTIME_H
#define __LDS_FALLBACK_HIP_RUNTIME_H

#include <hip/hip_common.h>
#include <hip/hip_vector_types.h>
#include <hip/hip_runtime_api.h>

/* ---- launch helpers --------------------------------------------------- */
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
typedef int hipLaunchParm;
#define hipLaunchKernelGGLInternal(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...) \
  do {                                                                                           \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__);          \
  } while (0)
#define hipLaunchKernelGGL(kernelName, ...) hipLaunchKernelGGLInternal((kernelName), __VA_ARGS__)

/* ---- work-item coordinates -------------------------------------------- */
struct __HIP_ThreadIdx {
  __device__ uint32_t operator()(uint32_t i) const noexcept {
    return i == 0 ? __builtin_amdgcn_workitem_id_x()
                  : i == 1 ? __builtin_amdgcn_workitem_id_y() : __builtin_amdgcn_workitem_id_z();
  }
};
struct __HIP_BlockIdx {
  __device__ uint32_t operator()(uint32_t i) const noexcept {
    return i == 0 ? __builtin_amdgcn_workgroup_id_x()
                  : i == 1 ? __builtin_amdgcn_workgroup_id_y() : __builtin_amdgcn_workgroup_id_z();
  }
};
struct __HIP_BlockDim {
  __device__ uint32_t operator()(uint32_t i) const noexcept {
    return i == 0 ? __builtin_amdgcn_workgroup_size_x()
                  : i == 1 ? __builtin_amdgcn_workgroup_size_y() : __builtin_amdgcn_workgroup_size_z();
  }
};
struct __HIP_GridDim {
  __device__ uint32_t operator()(uint32_t i) const noexcept {
    uint32_t g = i == 0 ? __builtin_amdgcn_grid_size_x()
                        : i == 1 ? __builtin_amdgcn_grid_size_y() : __builtin_amdgcn_grid_size_z();
    uint32_t b = __HIP_BlockDim{}(i);
    return (g + b - 1) / b;
  }
};

template <typename F> struct __HIP_Coordinates {
  using R = decltype(F{}(0));
  struct __X { __device__ operator R() const noexcept { return F{}(0); } };
  struct __Y { __device__ operator R() const noexcept { return F{}(1); } };
  struct __Z { __device__ operator R() const noexcept { return F{}(2); } };
  static constexpr __X x{};
  static constexpr __Y y{};
  static constexpr __Z z{};
  __device__ operator dim3() const { return dim3(x, y, z); }
};
template <typename F>
__attribute__((weak)) constexpr typename __HIP_Coordinates<F>::__X __HIP_Coordinates<F>::x;
template <typename F>
__attribute__((weak)) constexpr typename __HIP_Coordinates<F>::__Y __HIP_Coordinates<F>::y;
template <typename F>
__attribute__((weak)) constexpr typename __HIP_Coordinates<F>::__Z __HIP_Coordinates<F>::z;

static constexpr __HIP_Coordinates<__HIP_BlockDim> blockDim{};
static constexpr __HIP_Coordinates<__HIP_BlockIdx> blockIdx{};
static constexpr __HIP_Coordinates<__HIP_GridDim> gridDim{};
static constexpr __HIP_Coordinates<__HIP_ThreadIdx> threadIdx{};

#define hipThreadIdx_x (__builtin_amdgcn_workitem_id_x())
#define hipThreadIdx_y (__builtin_amdgcn_workitem_id_y())
#define hipThreadIdx_z (__builtin_amdgcn_workitem_id_z())
#define hipBlockIdx_x (__builtin_amdgcn_workgroup_id_x())
#define hipBlockIdx_y (__builtin_amdgcn_workgroup_id_y())
#define hipBlockIdx_z (__builtin_amdgcn_workgroup_id_z())
#define hipBlockDim_x (__builtin_amdgcn_workgroup_size_x())
#define hipBlockDim_y (__builtin_amdgcn_workgroup_size_y())
#define hipBlockDim_z (__builtin_amdgcn_workgroup_size_z())
#define hipGridDim_x (__HIP_GridDim{}(0))
#define hipGridDim_y (__HIP_GridDim{}(1))
#define hipGridDim_z (__HIP_GridDim{}(2))

static constexpr int warpSize = __AMDGCN_WAVEFRONT_SIZE;

/* ---- synchronisation --------------------------------------------------- */
__device__ inline __attribute__((convergent)) void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
__device__ inline __attribute__((convergent)) void __syncwarp(unsigned long long mask = ~0ull) {
  (void)mask;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}
__device__ inline void __threadfence() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }
__device__ inline void __threadfence_block() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup"); }
__device__ inline void __threadfence_system() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, ""); }

/* ---- lanes, votes, shuffles -------------------------------------------- */
__device__ inline unsigned int __lane_id() {
#if __AMDGCN_WAVEFRONT_SIZE == 64
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
#else
  return __builtin_amdgcn_mbcnt_lo(~0u, 0u);
#endif
}
__device__ inline unsigned long long __ballot(int predicate) { return __builtin_amdgcn_ballot_w64(predicate != 0); }
__device__ inline unsigned long long __ballot64(int predicate) { return __ballot(predicate); }
__device__ inline unsigned long long __activemask() { return __ballot(1); }
__device__ inline int __any(int predicate) { return __ballot(predicate) != 0; }
__device__ inline int __all(int predicate) { return __ballot(predicate) == __ballot(1); }
__device__ inline unsigned long long __ballot_sync(unsigned long long mask, int predicate) { return __ballot(predicate) & mask; }
__device__ inline int __any_sync(unsigned long long mask, int predicate) { return (__ballot(predicate) & mask) != 0; }
__device__ inline int __all_sync(unsigned long long mask, int predicate) { return (__ballot(predicate) & mask) == (__ballot(1) & mask); }

/* Move any trivially copyable value from lane `index` (ds_bpermute). */
template <class T> __device__ inline T __lds_bpermute(T var, int index) {
  constexpr int N = (sizeof(T) + 3) / 4;
  int w[N] = {};
  __builtin_memcpy(w, &var, sizeof(T));
  for (int i = 0; i < N; ++i) w[i] = __builtin_amdgcn_ds_bpermute(index << 2, w[i]);
  T r;
  __builtin_memcpy(&r, w, sizeof(T));
  return r;
}
template <class T> __device__ inline T __shfl(T var, int src_lane, int width = warpSize) {
  int self = __lane_id();
  int index = (src_lane & (width - 1)) + (self & ~(width - 1));
  return __lds_bpermute(var, index);
}
template <class T> __device__ inline T __shfl_up(T var, unsigned int lane_delta, int width = warpSize) {
  int self = __lane_id();
  int index = self - (int)lane_delta;
  index = (index < (self & ~(width - 1))) ? self : index;
  return __lds_bpermute(var, index);
}
template <class T> __device__ inline T __shfl_down(T var, unsigned int lane_delta, int width = warpSize) {
  int self = __lane_id();
  int index = self + (int)lane_delta;
  index = (int)((self & (width - 1)) + lane_delta) >= width ? self : index;
  return __lds_bpermute(var, index);
}
template <class T> __device__ inline T __shfl_xor(T var, int lane_mask, int width = warpSize) {
  int self = __lane_id();
  int index = self ^ lane_mask;
  index = index >= ((self + width) & ~(width - 1)) ? self : index;
  return __lds_bpermute(var, index);
}
template <class M, class T> __device__ inline T __shfl_sync(M mask, T var, int src_lane, int width = warpSize) {
  (void)mask; return __shfl(var, src_lane, width);
}
template <class M, class T> __device__ inline T __shfl_up_sync(M mask, T var, unsigned int delta, int width = warpSize) {
  (void)mask; return __shfl_up(var, delta, width);
}
template <class M, class T> __device__ inline T __shfl_down_sync(M mask, T var, unsigned int delta, int width = warpSize) {
  (void)mask; return __shfl_down(var, delta, width);
}
template <class M, class T> __device__ inline T __shfl_xor_sync(M mask, T var, int lane_mask, int width = warpSize) {
  (void)mask; return __shfl_xor(var, lane_mask, width);
}

/* ---- integer intrinsics ----------------------------------------------- */
__device__ inline int __ffs(int x) { return __builtin_ffs(x); }
__device__ inline int __ffs(unsigned int x) { return __builtin_ffs((int)x); }
__device__ inline int __ffsll(long long x) { return __builtin_ffsll(x); }
__device__ inline int __ffsll(unsigned long long x) { return __builtin_ffsll((long long)x); }
__device__ inline int __popc(unsigned int x) { return __builtin_popcount(x); }
__device__ inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__device__ inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
__device__ inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
__device__ inline unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
__device__ inline unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
__device__ inline int __mul24(int x, int y) { return ((x << 8) >> 8) * ((y << 8) >> 8); }
__device__ inline unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xffffffu) * (y & 0xffffffu); }
__device__ inline int __mulhi(int x, int y) { return (int)(((long long)x * y) >> 32); }
__device__ inline unsigned int __umulhi(unsigned int x, unsigned int y) { return (unsigned)(((unsigned long long)x * y) >> 32); }
__device__ inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  unsigned long long v = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int i = 0; i < 4; ++i) r |= (unsigned)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return r;
}
__device__ inline long long clock64() { return (long long)__builtin_readcyclecounter(); }
__device__ inline long long clock() { return clock64(); }
__device__ inline long long wall_clock64() { return (long long)__builtin_readcyclecounter(); }

/* ---- atomics (relaxed, agent scope, as ROCm's amd_hip_atomic.h) ---------- */
#define __LDS_ATOMIC_RMW(NAME, BUILTIN, T)                                                    \
  __device__ inline T NAME(T *address, T val) {                                             \
    return BUILTIN(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);               \
  }                                                                                          \
  __device__ inline T NAME##_system(T *address, T val) {                                    \
    return BUILTIN(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);              \
  }                                                                                          \
  __device__ inline T NAME##_block(T *address, T val) {                                     \
    return BUILTIN(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);           \
  }
#define __LDS_ATOMIC_INT_TYPES(NAME, BUILTIN)                                                 \
  __LDS_ATOMIC_RMW(NAME, BUILTIN, int)                                                       \
  __LDS_ATOMIC_RMW(NAME, BUILTIN, unsigned int)                                              \
  __LDS_ATOMIC_RMW(NAME, BUILTIN, unsigned long long)                                        \
  __LDS_ATOMIC_RMW(NAME, BUILTIN, long long)
__LDS_ATOMIC_INT_TYPES(atomicAdd, __hip_atomic_fetch_add)
__LDS_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, float)
__LDS_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, double)
__LDS_ATOMIC_INT_TYPES(atomicMin, __hip_atomic_fetch_min)
__LDS_ATOMIC_INT_TYPES(atomicMax, __hip_atomic_fetch_max)
__LDS_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, float)
__LDS_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, float)
__LDS_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, double)
__LDS_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, double)
__LDS_ATOMIC_INT_TYPES(atomicAnd, __hip_atomic_fetch_and)
__LDS_ATOMIC_INT_TYPES(atomicOr, __hip_atomic_fetch_or)
__LDS_ATOMIC_INT_TYPES(atomicXor, __hip_atomic_fetch_xor)
__LDS_ATOMIC_INT_TYPES(atomicExch, __hip_atomic_exchange)
__LDS_ATOMIC_RMW(atomicExch, __hip_atomic_exchange, float)
__LDS_ATOMIC_RMW(atomicExch, __hip_atomic_exchange, double)
#undef __LDS_ATOMIC_INT_TYPES
#undef __LDS_ATOMIC_RMW

#define __LDS_ATOMIC_CAS(T)                                                                    \
  __device__ inline T atomicCAS(T *address, T compare, T val) {                               \
    __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED,            \
                                         __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);         \
    return compare;                                                                           \
  }                                                                                           \
  __device__ inline T atomicCAS_system(T *address, T compare, T val) {                        \
    __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED,            \
                                         __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);        \
    return compare;                                                                           \
  }
__LDS_ATOMIC_CAS(int)
__LDS_ATOMIC_CAS(unsigned int)
__LDS_ATOMIC_CAS(unsigned long long)
__LDS_ATOMIC_CAS(long long)
__LDS_ATOMIC_CAS(float)
__LDS_ATOMIC_CAS(double)
#undef __LDS_ATOMIC_CAS

/* atomicSub is a fetch_add of -val, as in ROCm (ds_add_u32 / ds_add_f32). */
__device__ inline int atomicSub(int *address, int val) {
  return __hip_atomic_fetch_add(address, -val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ inline unsigned int atomicSub(unsigned int *address, unsigned int val) {
  return __hip_atomic_fetch_add(address, (unsigned int)-(int)val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ inline float atomicSub(float *address, float val) {
  return __hip_atomic_fetch_add(address, -val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

__device__ inline unsigned int atomicInc(unsigned int *address, unsigned int val) {
  return __builtin_amdgcn_atomic_inc32(address, val, __ATOMIC_RELAXED, "agent");
}
__device__ inline unsigned int atomicDec(unsigned int *address, unsigned int val) {
  return __builtin_amdgcn_atomic_dec32(address, val, __ATOMIC_RELAXED, "agent");
}

/* ---- device printf (clang lowers it), as ROCm declares it ---------------- */
extern "C" __device__ int printf(const char *fmt, ...);

#endif /* __LDS_FALLBACK_HIP_RUNTIME_H */
