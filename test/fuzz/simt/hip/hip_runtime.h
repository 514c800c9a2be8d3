// A CPU stand-in for the HIP device API, for the barrier-rewrite fuzz test
// (fuzz_barriers.py): a small deterministic simulator of one block at a
// time, whose threads run in lockstep phases between barriers.
//
// Every GPU thread of a block is a coroutine (ucontext: makecontext and
// swapcontext, 128 KiB of stack each behind a guard page) on the ONE OS
// thread that calls simt::launch. A phase resumes each thread, in the order
// simt::order picks, and lets it run alone until its next __syncthreads()
// (or its return); then the next phase. No two threads ever run at once, so
// the result of a kernel is a function of its inputs and of that order only:
//   simt::Order::Ascending   thread 0, 1, ..., N-1 in every phase
//   simt::Order::Descending  N-1, ..., 1, 0 in every phase
//   simt::Order::Random      a permutation drawn anew for every phase of
//                            every block from simt::orderSeed
// That is the race detector: a kernel whose threads only communicate across
// barriers gives the same bytes in every order, while a thread that reads in
// one phase what another thread writes in the same phase (a dropped barrier,
// a load hoisted above a store) reads the old value when it runs first and
// the new one when it runs last, so ascending and descending differ. A
// concurrent stand-in (std::thread per GPU thread, as this file was) shows
// such a race only when the OS happens to interleave the two threads.
//
// __shfl, __shfl_up, __shfl_down, __shfl_xor and their _sync forms are a
// wave-level exchange point: the lane deposits its value and yields; once
// every lane of its wave has deposited (at the same shuffle, the same width
// and mask), each lane reads its source lane's value, with HIP's and CUDA's
// rules for full waves (a source outside the lane's Width-segment, or a
// lane the last partial wave does not have: the lane's own value).
//
// The simulator stops the program (message on stderr, exit status 86,
// simt::ErrorExit) on what real hardware would leave undefined: threads of
// a block waiting at a barrier while others have returned or wait at a
// different __syncthreads(), lanes of a wave at a shuffle while other lanes
// are elsewhere or at another shuffle, a shuffle width that is not a power
// of two up to warpSize, a _sync mask that leaves out a lane that calls it.
//
// LDS: __shared__ variables are static locals (one block runs at a time) in
// the section simt_lds, filled with a poison byte that changes with every
// block of every launch, so a read of LDS the block has not written gives
// bytes that differ between runs instead of the previous block's values.
//
// Dynamic LDS (`extern __shared__ T s[]`): simt::launch's last argument is
// the byte count the launch passes, and the block's dynamic LDS is exactly
// that many bytes, poisoned like the static LDS, ending right at a page
// that may not be read or written: a kernel that reaches past what its
// launch passes (a pad its launch does not pay for) stops with SIGSEGV.
// C++ has no `extern` local that names a run-time buffer, so the fuzz
// harnesses write the declaration as `T *s = simt::dynamicShared<T>()` and
// `k<<<g, b, n>>>(args)` as `simt::launch(g, b, [&] { k(args); }, n)`
// (fuzz_layouts.py: the same mechanical substitution in both kernels).
//
// warpSize is simt::wave (32 or 64; SIMT_WAVE the default), a variable: the
// rewritten reductions read it at run time, so one build of a source is
// checked at both wave sizes. threadIdx and blockIdx are plain globals the
// scheduler sets before it resumes a thread.
#ifndef LDS_FUZZ_SIMT_HIP_RUNTIME_H
#define LDS_FUZZ_SIMT_HIP_RUNTIME_H

#include <csignal>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <source_location>
#include <string>
#include <type_traits>
#include <vector>

#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#ifndef SIMT_WAVE
#define SIMT_WAVE 64
#endif

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
// One block runs at a time: a static local is the block's LDS; the section
// lets the scheduler poison all of it at the start of every block.
#define __shared__ static __attribute__((section("simt_lds")))

// The vector types the fuzz kernels use, laid out as HIP lays them out.
template <class T, int N> struct alignas(sizeof(T) * (N == 3 ? 4 : N)) simt_vec;
template <class T> struct alignas(sizeof(T) * 2) simt_vec<T, 2> { T x, y; };
template <class T> struct alignas(sizeof(T) * 4) simt_vec<T, 4> { T x, y, z, w; };
using float2 = simt_vec<float, 2>;
using float4 = simt_vec<float, 4>;
using int2 = simt_vec<int, 2>;
using int4 = simt_vec<int, 4>;
using double2 = simt_vec<double, 2>;
inline float2 make_float2(float x, float y) { return {x, y}; }
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
inline int2 make_int2(int x, int y) { return {x, y}; }
inline int4 make_int4(int x, int y, int z, int w) { return {x, y, z, w}; }

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  dim3(unsigned X = 1, unsigned Y = 1, unsigned Z = 1) : x(X), y(Y), z(Z) {}
};

inline dim3 threadIdx, blockIdx;
inline dim3 blockDim, gridDim;
namespace simt {
// The wave size, 32 or 64: the harness sets it between launches.
inline int wave = SIMT_WAVE;
} // namespace simt
// Read at run time, as in ROCm 7 (where it is no longer constexpr): one
// build of a kernel runs at both wave sizes.
inline const int &warpSize = simt::wave;

// The linker's bounds of the section simt_lds (weak: null without LDS).
extern "C" char __start_simt_lds[] __attribute__((weak, visibility("hidden")));
extern "C" char __stop_simt_lds[] __attribute__((weak, visibility("hidden")));

namespace simt {

enum class Order { Ascending, Descending, Random };
// Set by the harness before a launch.
inline Order order = Order::Ascending;
inline uint64_t orderSeed = 1;
// What runs (e.g. "fixed"), for the error messages.
inline const char *context = "kernel";

constexpr int ErrorExit = 86;
constexpr unsigned MaxThreads = 1024;
constexpr size_t StackBytes = 128 * 1024;

// What the last launches did, for the harness to print.
struct Stats {
  uint64_t Blocks = 0, Phases = 0, Shuffles = 0;
};
inline Stats stats;

enum class State { Runnable, AtBarrier, AtShuffle, Done };
enum class ShflKind { Idx, Up, Down, Xor };

struct Site {
  const char *File = "";
  unsigned Line = 0, Column = 0;
  bool operator==(const Site &O) const {
    return Line == O.Line && Column == O.Column && std::strcmp(File, O.File) == 0;
  }
};

struct Fiber {
  ucontext_t Ctx;
  char *Stack = nullptr;
  State St = State::Done;
  Site Where; // the barrier or shuffle it waits at
  // A shuffle in flight.
  ShflKind Kind = ShflKind::Down;
  int Width = 0;
  bool HasMask = false;
  uint64_t Mask = 0;
  int64_t Arg = 0; // source lane, delta or lane mask
  uint64_t Value = 0, Result = 0;
};

inline std::vector<Fiber> Fibers;
inline ucontext_t Scheduler;
inline unsigned Current = 0, Threads = 0;
inline bool InLaunch = false;
inline void (*Trampoline)(void *) = nullptr;
inline void *KernelObject = nullptr;
inline uint64_t Launches = 0, PhaseOfBlock = 0;

inline const char *orderName() {
  return order == Order::Ascending ? "ascending" : order == Order::Descending ? "descending" : "random";
}

[[noreturn]] inline void fail(const char *Fmt, ...) {
  std::fprintf(stderr, "simt: error: %s, block (%u,%u,%u), phase %llu, order %s", context, blockIdx.x, blockIdx.y,
               blockIdx.z, (unsigned long long)PhaseOfBlock, orderName());
  if (order == Order::Random)
    std::fprintf(stderr, " (seed %llu)", (unsigned long long)orderSeed);
  std::fputs(": ", stderr);
  va_list Ap;
  va_start(Ap, Fmt);
  std::vfprintf(stderr, Fmt, Ap);
  va_end(Ap);
  std::fputc('\n', stderr);
  std::fflush(stderr);
  std::_Exit(ErrorExit);
}

inline std::string where(const Site &S) {
  return std::string(S.File) + ":" + std::to_string(S.Line) + ":" + std::to_string(S.Column);
}

inline dim3 threadOf(unsigned T) {
  return dim3(T % blockDim.x, T / blockDim.x % blockDim.y, T / (blockDim.x * blockDim.y));
}

inline void onSegv(int) {
  char Msg[256];
  dim3 T = threadOf(Current);
  int Len = std::snprintf(Msg, sizeof Msg,
                          "simt: error: SIGSEGV in block (%u,%u,%u) thread (%u,%u,%u): an out-of-bounds "
                          "access, or a GPU thread overflowing its %zu KiB stack\n",
                          blockIdx.x, blockIdx.y, blockIdx.z, T.x, T.y, T.z, StackBytes / 1024);
  if (Len > 0)
    (void)!write(2, Msg, size_t(Len) < sizeof Msg ? size_t(Len) : sizeof Msg - 1);
  _exit(ErrorExit);
}

inline void setUp() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  // The SIGSEGV report runs on a stack of its own: the fiber's may be gone.
  static char AltStack[64 * 1024];
  stack_t SS{};
  SS.ss_sp = AltStack;
  SS.ss_size = sizeof AltStack;
  sigaltstack(&SS, nullptr);
  struct sigaction SA {};
  SA.sa_handler = onSegv;
  SA.sa_flags = SA_ONSTACK;
  sigaction(SIGSEGV, &SA, nullptr);
  sigaction(SIGBUS, &SA, nullptr);
  // One mapping for every stack, each with a guard page below it.
  const size_t Page = size_t(sysconf(_SC_PAGESIZE));
  const size_t Each = StackBytes + Page;
  char *Base = static_cast<char *>(
      mmap(nullptr, Each * MaxThreads, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
  if (Base == MAP_FAILED) {
    std::perror("simt: mmap of the thread stacks");
    std::_Exit(ErrorExit);
  }
  Fibers.resize(MaxThreads);
  for (unsigned T = 0; T < MaxThreads; ++T) {
    mprotect(Base + T * Each, Page, PROT_NONE);
    Fibers[T].Stack = Base + T * Each + Page;
  }
}

inline void fiberMain() {
  Trampoline(KernelObject);
  Fibers[Current].St = State::Done; // uc_link returns to the scheduler
}

// Back to the scheduler; on return, the scheduler has resumed this thread.
inline void yield(State S, Site W) {
  if (!InLaunch) {
    std::fprintf(stderr, "simt: error: a barrier or shuffle outside simt::launch\n");
    std::_Exit(ErrorExit);
  }
  Fiber &F = Fibers[Current];
  F.St = S;
  F.Where = W;
  swapcontext(&F.Ctx, &Scheduler);
}

inline void resume(unsigned T) {
  Current = T;
  threadIdx = threadOf(T);
  swapcontext(&Scheduler, &Fibers[T].Ctx);
}

inline uint64_t mix(uint64_t X) { // splitmix64
  X += 0x9e3779b97f4a7c15ull;
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ull;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebull;
  return X ^ (X >> 31);
}

inline void orderPhase(std::vector<unsigned> &Perm, uint64_t Block, uint64_t Phase) {
  const unsigned N = unsigned(Perm.size());
  for (unsigned I = 0; I < N; ++I)
    Perm[I] = order == Order::Descending ? N - 1 - I : I;
  if (order != Order::Random)
    return;
  uint64_t S = mix(orderSeed ^ mix(Block * 0x10001 + Phase + 1));
  for (unsigned I = N - 1; I > 0; --I) { // Fisher-Yates
    S = mix(S);
    unsigned J = unsigned(S % (I + 1));
    unsigned Tmp = Perm[I];
    Perm[I] = Perm[J];
    Perm[J] = Tmp;
  }
}

inline const char *kindName(ShflKind K) {
  return K == ShflKind::Idx ? "__shfl" : K == ShflKind::Up ? "__shfl_up" : K == ShflKind::Down ? "__shfl_down" : "__shfl_xor";
}

// Completes the exchange of every wave whose lanes all wait at a shuffle;
// returns whether any did (those lanes can run again).
inline bool exchange() {
  bool Any = false;
  for (unsigned W0 = 0; W0 < Threads; W0 += warpSize) {
    const unsigned Count = Threads - W0 < unsigned(warpSize) ? Threads - W0 : warpSize;
    bool All = true;
    for (unsigned L = 0; L < Count && All; ++L)
      All = Fibers[W0 + L].St == State::AtShuffle;
    if (!All)
      continue;
    const Fiber &F0 = Fibers[W0];
    for (unsigned L = 0; L < Count; ++L) {
      const Fiber &F = Fibers[W0 + L];
      if (F.Kind != F0.Kind || F.Width != F0.Width || F.HasMask != F0.HasMask || F.Mask != F0.Mask ||
          !(F.Where == F0.Where))
        fail("lanes of wave %u disagree at a shuffle: lane 0 at %s(width %d%s) %s, lane %u at %s(width %d%s) %s",
             W0 / warpSize, kindName(F0.Kind), F0.Width, F0.HasMask ? ", mask" : "", where(F0.Where).c_str(), L,
             kindName(F.Kind), F.Width, F.HasMask ? ", mask" : "", where(F.Where).c_str());
      if (F.HasMask && L < 64 && !((F.Mask >> L) & 1))
        fail("lane %u of wave %u calls %s_sync at %s with mask 0x%llx, which leaves it out", L, W0 / warpSize,
             kindName(F.Kind), where(F.Where).c_str(), (unsigned long long)F.Mask);
    }
    const unsigned Width = unsigned(F0.Width);
    if (F0.Width <= 0 || F0.Width > warpSize || (Width & (Width - 1)))
      fail("%s at %s with width %d: not a power of two up to warpSize %d", kindName(F0.Kind),
           where(F0.Where).c_str(), F0.Width, warpSize);
    for (unsigned L = 0; L < Count; ++L) {
      Fiber &F = Fibers[W0 + L];
      const int64_t Self = L, Seg = Self & ~int64_t(Width - 1);
      int64_t Src = Self;
      switch (F.Kind) {
      case ShflKind::Idx:
        Src = Seg + (F.Arg & int64_t(Width - 1));
        break;
      case ShflKind::Up:
        Src = Self - F.Arg < Seg ? Self : Self - F.Arg;
        break;
      case ShflKind::Down:
        Src = (Self & int64_t(Width - 1)) + F.Arg >= int64_t(Width) ? Self : Self + F.Arg;
        break;
      case ShflKind::Xor:
        Src = Self ^ F.Arg;
        Src = Src >= Seg + int64_t(Width) || Src < 0 ? Self : Src;
        break;
      }
      if (Src < 0 || Src >= int64_t(Count)) // a lane the wave does not have: HIP returns garbage
        Src = Self;
      F.Result = Fibers[W0 + unsigned(Src)].Value;
    }
    for (unsigned L = 0; L < Count; ++L)
      Fibers[W0 + L].St = State::Runnable;
    ++stats.Shuffles;
    Any = true;
  }
  return Any;
}

// No thread can run: every one waits at a barrier or a shuffle, or is done.
// Returns whether the block is finished; stops the program on divergence.
inline bool settle() {
  unsigned Done = 0, Barrier = 0, FirstDone = 0, FirstBarrier = 0;
  for (unsigned T = 0; T < Threads; ++T) {
    const Fiber &F = Fibers[T];
    if (F.St == State::AtShuffle) {
      const unsigned W0 = T - T % warpSize;
      const unsigned Count = Threads - W0 < unsigned(warpSize) ? Threads - W0 : warpSize;
      unsigned Other = W0;
      while (Other < W0 + Count && Fibers[Other].St == State::AtShuffle)
        ++Other;
      const Fiber &O = Fibers[Other < W0 + Count ? Other : T];
      fail("shuffle divergence in wave %u: lane %u waits at %s (%s) while lane %u %s%s", W0 / warpSize, T - W0,
           kindName(F.Kind), where(F.Where).c_str(), Other - W0,
           O.St == State::Done ? "has returned" : "waits at __syncthreads() ",
           O.St == State::Done ? "" : where(O.Where).c_str());
    }
    if (F.St == State::Done && !Done++)
      FirstDone = T;
    if (F.St == State::AtBarrier && !Barrier++)
      FirstBarrier = T;
  }
  if (!Barrier)
    return true;
  if (Done) {
    dim3 A = threadOf(FirstBarrier), B = threadOf(FirstDone);
    fail("barrier divergence: %u threads wait at __syncthreads() (%s; thread (%u,%u,%u) first) while %u "
         "returned (thread (%u,%u,%u) first)",
         Barrier, where(Fibers[FirstBarrier].Where).c_str(), A.x, A.y, A.z, Done, B.x, B.y, B.z);
  }
  for (unsigned T = 0; T < Threads; ++T)
    if (!(Fibers[T].Where == Fibers[0].Where)) {
      dim3 A = threadOf(T);
      fail("barrier divergence: thread (0,0,0) waits at __syncthreads() %s, thread (%u,%u,%u) at %s",
           where(Fibers[0].Where).c_str(), A.x, A.y, A.z, where(Fibers[T].Where).c_str());
    }
  return false;
}

// The dynamic LDS of the launch in flight (see the top of this file).
inline unsigned char *DynamicBase = nullptr;
inline size_t DynamicBytes = 0;

inline void poisonLds(uint64_t Block) {
  const unsigned char Poison = (unsigned char)(mix(Launches * 0x100000001ull + Block) | 1);
  if (DynamicBytes)
    std::memset(DynamicBase, Poison, DynamicBytes);
  if (!__start_simt_lds || !__stop_simt_lds)
    return;
  std::memset(__start_simt_lds, Poison, size_t(__stop_simt_lds - __start_simt_lds));
}

// Maps Bytes of dynamic LDS ending right before an inaccessible page (and
// with one before it), or unmaps the last launch's when Bytes is 0.
inline void mapDynamicLds(size_t Bytes) {
  static unsigned char *Map = nullptr;
  static size_t MapBytes = 0;
  if (Map)
    munmap(Map, MapBytes);
  Map = nullptr;
  DynamicBase = nullptr;
  DynamicBytes = Bytes;
  if (!Bytes)
    return;
  const size_t Page = size_t(sysconf(_SC_PAGESIZE));
  const size_t Data = (Bytes + Page - 1) / Page * Page;
  MapBytes = Data + 2 * Page;
  void *M = mmap(nullptr, MapBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (M == MAP_FAILED) {
    std::perror("simt: mmap of the dynamic LDS");
    std::_Exit(ErrorExit);
  }
  Map = static_cast<unsigned char *>(M);
  mprotect(Map, Page, PROT_NONE);
  mprotect(Map + Page + Data, Page, PROT_NONE);
  DynamicBase = Map + Page + Data - Bytes;
}

// Runs Kernel (a callable: the kernel call with its arguments) on every
// block of Grid, one block after the other, each block's threads in phases.
template <class F> void launch(dim3 Grid, dim3 BlockShape, F Kernel, size_t DynamicLdsBytes = 0) {
  setUp();
  mapDynamicLds(DynamicLdsBytes);
  if (InLaunch) {
    std::fprintf(stderr, "simt: error: simt::launch inside a kernel\n");
    std::_Exit(ErrorExit);
  }
  const uint64_t N64 = uint64_t(BlockShape.x) * BlockShape.y * BlockShape.z;
  if (N64 == 0 || N64 > MaxThreads) {
    std::fprintf(stderr, "simt: error: a block of %llu threads (1 to %u)\n", (unsigned long long)N64, MaxThreads);
    std::_Exit(ErrorExit);
  }
  if (warpSize != 32 && warpSize != 64) {
    std::fprintf(stderr, "simt: error: simt::wave %d (32 or 64)\n", warpSize);
    std::_Exit(ErrorExit);
  }
  blockDim = BlockShape;
  gridDim = Grid;
  Threads = unsigned(N64);
  Trampoline = [](void *K) { (*static_cast<F *>(K))(); };
  KernelObject = &Kernel;
  InLaunch = true;
  ++Launches;
  std::vector<unsigned> Perm(Threads);
  uint64_t Block = 0;
  for (unsigned BZ = 0; BZ < Grid.z; ++BZ)
    for (unsigned BY = 0; BY < Grid.y; ++BY)
      for (unsigned BX = 0; BX < Grid.x; ++BX, ++Block) {
        blockIdx = dim3(BX, BY, BZ);
        PhaseOfBlock = 0;
        poisonLds(Block);
        for (unsigned T = 0; T < Threads; ++T) {
          Fiber &Fb = Fibers[T];
          getcontext(&Fb.Ctx);
          Fb.Ctx.uc_stack.ss_sp = Fb.Stack;
          Fb.Ctx.uc_stack.ss_size = StackBytes;
          Fb.Ctx.uc_link = &Scheduler;
          makecontext(&Fb.Ctx, fiberMain, 0);
          Fb.St = State::Runnable;
        }
        for (;; ++PhaseOfBlock) {
          orderPhase(Perm, Block, PhaseOfBlock);
          do
            for (unsigned T : Perm)
              if (Fibers[T].St == State::Runnable)
                resume(T);
          while (exchange());
          ++stats.Phases;
          if (settle())
            break;
          for (unsigned T = 0; T < Threads; ++T)
            Fibers[T].St = State::Runnable;
        }
        ++stats.Blocks;
      }
  InLaunch = false;
}

// What `extern __shared__ T s[]` names: the launch's dynamic LDS.
template <class T> T *dynamicShared() {
  if (!InLaunch) {
    std::fprintf(stderr, "simt: error: dynamic LDS outside simt::launch\n");
    std::_Exit(ErrorExit);
  }
  return reinterpret_cast<T *>(DynamicBase);
}

template <class T> T shuffle(ShflKind K, T V, int64_t Arg, int Width, bool HasMask, uint64_t Mask, Site W) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>, "one 64-bit slot per lane");
  Fiber &F = Fibers[Current];
  uint64_t Bits = 0;
  std::memcpy(&Bits, &V, sizeof(T));
  F.Kind = K;
  F.Arg = Arg;
  F.Width = Width;
  F.HasMask = HasMask;
  F.Mask = Mask;
  F.Value = Bits;
  yield(State::AtShuffle, W);
  T Out;
  std::memcpy(&Out, &Fibers[Current].Result, sizeof(T));
  return Out;
}

inline Site site(const std::source_location &L) { return Site{L.file_name(), L.line(), L.column()}; }

} // namespace simt

inline void __syncthreads(std::source_location L = std::source_location::current()) {
  simt::yield(simt::State::AtBarrier, simt::site(L));
}

#define SIMT_SHFL(NAME, KIND, ARG)                                                                            \
  template <class T>                                                                                          \
  T NAME(T V, ARG A, int Width = warpSize, std::source_location L = std::source_location::current()) {        \
    return simt::shuffle(KIND, V, int64_t(A), Width, false, 0, simt::site(L));                               \
  }                                                                                                           \
  template <class M, class T>                                                                                 \
  T NAME##_sync(M Mask, T V, ARG A, int Width = warpSize,                                                     \
                std::source_location L = std::source_location::current()) {                                   \
    static_assert(std::is_integral_v<M>, "the mask is an integer");                                          \
    return simt::shuffle(KIND, V, int64_t(A), Width, true, uint64_t(Mask), simt::site(L));                   \
  }
SIMT_SHFL(__shfl, simt::ShflKind::Idx, int)
SIMT_SHFL(__shfl_up, simt::ShflKind::Up, unsigned)
SIMT_SHFL(__shfl_down, simt::ShflKind::Down, unsigned)
SIMT_SHFL(__shfl_xor, simt::ShflKind::Xor, int)
#undef SIMT_SHFL


// gfx950 / gfx1250 LDS transpose loads, as lds-transpose-load writes them
// (docs/checks/lds-transpose-load.md): each lane reads the vector at its own
// address, which must be aligned to the vector's size (else the program
// stops), then the lanes of each group of G exchange elements: destination
// lane i, element r takes element i % E of the vector of source lane
//   (i / E) % O + O * r + O * E * (i / (O * E))         (gfx950 tr16 and tr8,
//                                                        gfx1250 tr16)
//   r % 4 + 4 * ((i / 8) % 2) + 8 * (r / 4)             (gfx1250 tr8)
// of its group, as the hardware does (Triton's AMD lowering; the MI450 LDS
// deep dive). Written here from that description, apart from the analysis,
// so that running a fixed kernel checks the rewrite's addresses and element
// copies against it. The exchange goes through the shuffles: every lane of
// the wave must take part (EXEC all ones), or the program stops with a
// shuffle divergence. mbcnt gives each lane its position, as on the GPU.
namespace simt {

template <class Vec, unsigned ElemBytes, unsigned VecBytes, unsigned G, unsigned O, bool TwoRuns>
Vec transposeLoad(const void *P, Site W) {
  static_assert(sizeof(Vec) == VecBytes, "the builtin's vector type");
  if (reinterpret_cast<uintptr_t>(P) % VecBytes)
    fail("%s: a transpose load of %u bytes at %p, not aligned to %u bytes", where(W).c_str(), VecBytes,
         P, VecBytes);
  unsigned char Mine[16] = {};
  std::memcpy(Mine, P, VecBytes);
  uint64_t Lo = 0, Hi = 0;
  std::memcpy(&Lo, Mine, 8);
  std::memcpy(&Hi, Mine + 8, 8);
  const unsigned E = VecBytes / ElemBytes, Lane = Current % unsigned(warpSize), I = Lane % G;
  unsigned char Out[16] = {};
  for (unsigned R = 0; R < E; ++R) {
    const unsigned Src = TwoRuns ? R % 4 + 4 * ((I / 8) % 2) + 8 * (R / 4)
                                 : (I / E) % O + O * R + O * E * (I / (O * E));
    const int64_t From = int64_t(Lane - I + Src);
    uint64_t Got[2] = {shuffle(ShflKind::Idx, Lo, From, warpSize, false, 0, W),
                       shuffle(ShflKind::Idx, Hi, From, warpSize, false, 0, W)};
    std::memcpy(Out + R * ElemBytes, reinterpret_cast<unsigned char *>(Got) + (I % E) * ElemBytes,
                ElemBytes);
  }
  Vec V;
  std::memcpy(&V, Out, VecBytes);
  return V;
}

typedef short v4i16 __attribute__((__vector_size__(8)));
typedef short v8i16 __attribute__((__vector_size__(16)));
typedef int v2i32 __attribute__((__vector_size__(8)));

inline unsigned mbcntLo(unsigned Mask, unsigned Add) {
  const unsigned Lane = Current % unsigned(warpSize);
  const unsigned Below = Lane >= 32 ? ~0u : (1u << Lane) - 1;
  return Add + unsigned(__builtin_popcount(Mask & Below));
}
inline unsigned mbcntHi(unsigned Mask, unsigned Add) {
  const unsigned Lane = Current % unsigned(warpSize);
  const unsigned Below = Lane < 32 ? 0u : (1u << (Lane - 32)) - 1;
  return Add + unsigned(__builtin_popcount(Mask & Below));
}

} // namespace simt

#define __builtin_amdgcn_mbcnt_lo(M, A) simt::mbcntLo(M, A)
#define __builtin_amdgcn_mbcnt_hi(M, A) simt::mbcntHi(M, A)
#define SIMT_TR(P, VEC, EB, VB, G, O, TWO)                                                                   \
  simt::transposeLoad<VEC, EB, VB, G, O, TWO>((const void *)(P), simt::site(std::source_location::current()))
#define __builtin_amdgcn_ds_read_tr16_b64_v4i16(P) SIMT_TR(P, simt::v4i16, 2, 8, 16, 4, false)
#define __builtin_amdgcn_ds_read_tr8_b64_v2i32(P) SIMT_TR(P, simt::v2i32, 1, 8, 16, 2, false)
#define __builtin_amdgcn_ds_load_tr16_b128_v8i16(P) SIMT_TR(P, simt::v8i16, 2, 16, 8, 1, false)
#define __builtin_amdgcn_ds_load_tr8_b64_v2i32(P) SIMT_TR(P, simt::v2i32, 1, 8, 16, 0, true)

#endif
