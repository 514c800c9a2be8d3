//===- BlockCost.h - One access by a whole block: passes, ideal, degree ---===//
//
// The one copy of the block rule (docs/design.md, "What one access
// costs"): passes = the mean of wavePasses over the waves of the block that
// execute the access (a wave with no active lane skips the instruction, and
// Nsight counts per executed instruction); the ideal is the same mean for
// the same active lanes asking for distinct, consecutive elements; degree =
// passes / ideal. The analyzer costs every binding with it, and explain's
// WaveTrace draws the wave it finds worst.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_BLOCKCOST_H
#define LDS_ANALYSIS_BLOCKCOST_H

#include "analysis/ConflictAnalyzer.h"

#include <cstdint>
#include <map>
#include <vector>

namespace lds {

/// Passes / IdealPasses; 1 when the ideal is 0 (nothing executes).
double conflictDegree(double Passes, double IdealPasses);

/// W with its active lanes asking for distinct, consecutive elements of
/// WidthBytes each, in lane order: what the ideal is costed on.
WaveAddresses idealAddresses(const WaveAddresses &W, unsigned WidthBytes);

/// The cost of one access by a whole block.
struct BlockPasses {
  bool Executed = false;       ///< some wave has an active lane
  unsigned ExecutingWaves = 0; ///< waves with an active lane
  double Passes = 0;           ///< mean over the executing waves
  double IdealPasses = 0;      ///< the same for the ideal addresses
  /// Per alternative reading of the rule (when asked): the mean passes.
  std::vector<double> AlternativePasses;
  unsigned WorstWave = 0;  ///< first executing wave with the most passes
  ConflictWitness Witness; ///< of WorstWave (when asked; Witness.Wave set)
  double degree() const { return conflictDegree(Passes, IdealPasses); }
};

/// One bank rule applied to whole blocks of one access (width, direction).
class BlockCostRule {
public:
  BlockCostRule(const BankRule &R, unsigned WidthBytes, Direction Dir)
      : R(R), WidthBytes(WidthBytes), Dir(Dir) {}

  /// The block whose waves' addresses are Waves. WantWitness: where the
  /// worst wave conflicts; WantAlternatives: the rule's other readings.
  BlockPasses cost(const std::vector<WaveAddresses> &Waves, bool WantWitness = false,
                   bool WantAlternatives = false) const;

  /// The ideal passes of one wave. It depends only on which lanes are
  /// active: remembered per mask.
  double idealPasses(const WaveAddresses &W) const;

private:
  const BankRule &R;
  unsigned WidthBytes;
  Direction Dir;
  mutable std::map<uint64_t, double> IdealByMask;
};

} // namespace lds

#endif
