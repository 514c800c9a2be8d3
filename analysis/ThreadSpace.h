//===- ThreadSpace.h - One thread of a block, as the race checks name it ---===//
//
// The race checks (RaceCheck.h, SelfReadback.h) enumerate every thread of a
// block by its linear id: its coordinates for the LaneEvaluator, and its
// name in a message ("3", or "(3, 1, 0)" for a 2-D or 3-D block).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_THREADSPACE_H
#define LDS_ANALYSIS_THREADSPACE_H

#include "analysis/LaneEvaluator.h"

#include <array>
#include <map>
#include <string>

namespace lds {

/// Thread Linear of a Block-shaped block, lanes of WaveSize, with Symbols.
inline LaneEnv threadEnv(const std::array<unsigned, 3> &Block, unsigned WaveSize, unsigned Linear,
                         const std::map<std::string, int64_t> &Symbols) {
  LaneEnv E;
  E.ThreadIdx = {Linear % Block[0], Linear / Block[0] % Block[1], Linear / (Block[0] * Block[1])};
  E.BlockDim = {Block[0], Block[1], Block[2]};
  E.WaveSize = WaveSize;
  E.LaneId = Linear % WaveSize;
  E.Symbols = &Symbols;
  return E;
}

inline std::string threadName(const std::array<unsigned, 3> &Block, unsigned Linear) {
  if (Block[1] == 1 && Block[2] == 1)
    return std::to_string(Linear);
  return "(" + std::to_string(Linear % Block[0]) + ", " + std::to_string(Linear / Block[0] % Block[1]) +
         ", " + std::to_string(Linear / (Block[0] * Block[1])) + ")";
}

} // namespace lds

#endif
