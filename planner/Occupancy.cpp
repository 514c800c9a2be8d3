//===- Occupancy.cpp - Workgroups per CU: the LDS budget and the wave slots ===//
//
// More LDS that the wave slots would not let run anyway costs nothing (the
// 32x32 transpose with 256 threads on gfx942: LDS allows 16 -> 14
// workgroups, the waves 8).
//
//===----------------------------------------------------------------------===//

#include "planner/Occupancy.h"

#include <algorithm>
#include <cstdint>

namespace lds::planner {

unsigned residentBlocks(const TargetModel &T, uint64_t Bytes, unsigned Threads,
                        const PlanOptions &Opts) {
  unsigned Blocks = T.blocksPerCU(static_cast<unsigned>(std::min<uint64_t>(Bytes, UINT32_MAX)));
  auto It = Opts.MaxWavesPerCU.find(T.Name);
  unsigned Waves = It != Opts.MaxWavesPerCU.end() ? It->second : T.MaxWavesPerCU;
  if (Waves && Threads && T.WaveSize) {
    unsigned PerBlock = (Threads + T.WaveSize - 1) / T.WaveSize;
    Blocks = std::min(Blocks, Waves / PerBlock);
  }
  return Blocks;
}

OccupancyAfter occupancyAfter(const PlanInputs &In, int64_t Growth) {
  OccupancyAfter Out;
  for (size_t T = 0; T < In.Targets.size(); ++T) {
    const TargetModel &Target = *In.Targets[T];
    uint64_t After = In.Total + static_cast<uint64_t>(Growth);
    unsigned Blocks = residentBlocks(Target, After, In.Threads, In.Opts);
    Out.Blocks.push_back(Blocks);
    if (!Out.Why.empty())
      continue;
    if (After > Target.LDSBytesPerBlock && In.BlocksBefore[T]) {
      Out.Why = "exceeds the LDS of a block on " + Target.Name + " (" + std::to_string(After) +
                " > " + std::to_string(Target.LDSBytesPerBlock) + " B)";
    } else if (Blocks < In.BlocksBefore[T]) {
      Out.Why = "lowers the workgroups per CU on " + Target.Name + " from " +
                std::to_string(In.BlocksBefore[T]) + " to " + std::to_string(Blocks);
    }
  }
  return Out;
}

std::optional<LaunchOccupancy> launchOccupancy(const TargetModel &T, uint64_t Bytes,
                                               unsigned Threads, unsigned RegisterWaves) {
  if (!T.MaxWavesPerCU || !T.MaxWavesPerSIMD || !T.WaveSize || !Threads)
    return std::nullopt;
  unsigned Simds = std::max(1u, T.MaxWavesPerCU / T.MaxWavesPerSIMD);
  LaunchOccupancy O;
  O.WavesPerBlock = (Threads + T.WaveSize - 1) / T.WaveSize;
  // Each bound on the workgroups one CU holds; the smallest wins, the first
  // named on a tie (registers that allow every slot do not bound it).
  std::pair<unsigned, const char *> Bounds[] = {
      {Bytes > T.LDSBytesPerBlock
           ? 0u
           : T.LDSBytesPerCU / std::max(1u, T.allocatedBytes(static_cast<unsigned>(Bytes))),
       "LDS"},
      {T.MaxWavesPerCU / O.WavesPerBlock, "wave slots"},
      {std::min(RegisterWaves, T.MaxWavesPerSIMD) * Simds / O.WavesPerBlock, "registers"},
      {T.MaxBlocksPerCU, "workgroups per CU"}};
  if (Bytes == 0)
    Bounds[0].first = UINT32_MAX; // no LDS: no LDS bound
  auto Min = std::min_element(std::begin(Bounds), std::end(Bounds),
                              [](auto &A, auto &B) { return A.first < B.first; });
  O.Blocks = Min->first;
  O.Limit = Min->second;
  // The waves of a CU's workgroups spread over its SIMDs.
  O.WavesPerSIMD = std::min(T.MaxWavesPerSIMD, (O.Blocks * O.WavesPerBlock + Simds - 1) / Simds);
  return O;
}

} // namespace lds::planner
