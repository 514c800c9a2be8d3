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

} // namespace lds::planner
