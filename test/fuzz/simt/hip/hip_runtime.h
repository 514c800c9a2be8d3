// A CPU stand-in for the HIP device API, for the barrier-rewrite fuzz test
// (fuzz_barriers.py): every thread of a block is a std::thread, so the
// threads run concurrently between barriers exactly as the kernel lets
// them; __syncthreads() is a std::barrier over the block, __shfl_down an
// exchange through a per-wave barrier. Blocks run one after the other.
// SIMT_WAVE sets warpSize (32 or 64): the rewritten reductions read it at
// run time, so one source is checked at both wave sizes.
#ifndef LDS_FUZZ_SIMT_HIP_RUNTIME_H
#define LDS_FUZZ_SIMT_HIP_RUNTIME_H

#include <barrier>
#include <cstdint>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#ifndef SIMT_WAVE
#define SIMT_WAVE 64
#endif

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
// One block runs at a time: a static local is the block's LDS.
#define __shared__ static

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  dim3(unsigned X = 1, unsigned Y = 1, unsigned Z = 1) : x(X), y(Y), z(Z) {}
};

inline thread_local dim3 threadIdx, blockIdx;
inline dim3 blockDim, gridDim;
constexpr int warpSize = SIMT_WAVE;

namespace simt {
struct Wave {
  std::barrier<> Sync;
  std::vector<uint64_t> Slot;
  explicit Wave(unsigned Lanes) : Sync(Lanes), Slot(Lanes) {}
};
inline std::barrier<> *Block = nullptr;
inline std::vector<std::unique_ptr<Wave>> Waves;
inline thread_local unsigned Linear = 0;

template <class F> void launch(dim3 Grid, dim3 BlockShape, F Kernel) {
  blockDim = BlockShape;
  gridDim = Grid;
  const unsigned N = BlockShape.x * BlockShape.y * BlockShape.z;
  for (unsigned BZ = 0; BZ < Grid.z; ++BZ)
    for (unsigned BY = 0; BY < Grid.y; ++BY)
      for (unsigned BX = 0; BX < Grid.x; ++BX) {
        std::barrier<> B(N);
        Block = &B;
        Waves.clear();
        for (unsigned W = 0; W < N; W += warpSize)
          Waves.push_back(std::make_unique<Wave>(N - W < unsigned(warpSize) ? N - W : warpSize));
        std::vector<std::thread> Threads;
        for (unsigned T = 0; T < N; ++T)
          Threads.emplace_back([&, T] {
            Linear = T;
            threadIdx = dim3(T % BlockShape.x, T / BlockShape.x % BlockShape.y,
                             T / (BlockShape.x * BlockShape.y));
            blockIdx = dim3(BX, BY, BZ);
            Kernel();
          });
        for (std::thread &T : Threads)
          T.join();
      }
}
} // namespace simt

inline void __syncthreads() { simt::Block->arrive_and_wait(); }

template <class T> T __shfl_down(T V, unsigned Delta, int Width = warpSize) {
  static_assert(sizeof(T) <= 8, "one 64-bit slot per lane");
  simt::Wave &W = *simt::Waves[simt::Linear / warpSize];
  unsigned Lane = simt::Linear % warpSize;
  uint64_t Bits = 0;
  std::memcpy(&Bits, &V, sizeof(T));
  W.Slot[Lane] = Bits;
  W.Sync.arrive_and_wait();
  unsigned Src = Lane % Width + Delta < unsigned(Width) ? Lane + Delta : Lane;
  if (Src >= W.Slot.size()) // a lane the wave does not have: HIP returns garbage
    Src = Lane;
  T Out;
  std::memcpy(&Out, &W.Slot[Src], sizeof(T));
  W.Sync.arrive_and_wait();
  return Out;
}

template <class T> T __shfl_down_sync(unsigned long long, T V, unsigned Delta, int Width = warpSize) {
  return __shfl_down(V, Delta, Width);
}

#endif
