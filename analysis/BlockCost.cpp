//===- BlockCost.cpp - One access by a whole block: passes, ideal, degree -===//

#include "analysis/BlockCost.h"

#include <algorithm>

namespace lds {

double conflictDegree(double Passes, double IdealPasses) {
  return IdealPasses > 0 ? Passes / IdealPasses : 1;
}

WaveAddresses idealAddresses(const WaveAddresses &W, unsigned WidthBytes) {
  WaveAddresses Ideal = W;
  int64_t Rank = 0;
  for (size_t L = 0; L < W.Active.size(); ++L)
    if (W.Active[L])
      Ideal.Bytes[L] = Rank++ * WidthBytes;
  return Ideal;
}

double BlockCostRule::idealPasses(const WaveAddresses &W) const {
  if (W.Active.size() > 64)
    return ConflictAnalyzer::wavePasses(R, WidthBytes, Dir, idealAddresses(W, WidthBytes));
  uint64_t Mask = 0;
  for (size_t L = 0; L < W.Active.size(); ++L)
    Mask |= uint64_t(W.Active[L]) << L;
  auto [It, New] = IdealByMask.try_emplace(Mask, 0.0);
  if (New)
    It->second = ConflictAnalyzer::wavePasses(R, WidthBytes, Dir, idealAddresses(W, WidthBytes));
  return It->second;
}

BlockPasses BlockCostRule::cost(const std::vector<WaveAddresses> &Waves, bool WantWitness,
                                bool WantAlternatives) const {
  BlockPasses Out;
  const size_t Alternatives = WantAlternatives ? R.Alternatives.size() : 0;
  Out.AlternativePasses.assign(Alternatives, 0);
  double WorstWave = -1;
  for (size_t W = 0; W < Waves.size(); ++W) {
    const WaveAddresses &Wave = Waves[W];
    // A wave with no active lane skips the instruction: it costs nothing
    // and is not part of the average (Nsight counts per executed
    // instruction).
    if (std::none_of(Wave.Active.begin(), Wave.Active.end(), [](bool X) { return X; }))
      continue;
    ++Out.ExecutingWaves;
    ConflictWitness Witness;
    double P =
        ConflictAnalyzer::wavePasses(R, WidthBytes, Dir, Wave, WantWitness ? &Witness : nullptr);
    Out.Passes += P;
    Out.IdealPasses += idealPasses(Wave);
    for (size_t I = 0; I < Alternatives; ++I)
      Out.AlternativePasses[I] +=
          ConflictAnalyzer::wavePasses(R.Alternatives[I], WidthBytes, Dir, Wave);
    if (P > WorstWave) {
      WorstWave = P;
      Out.WorstWave = static_cast<unsigned>(W);
      if (WantWitness) {
        Out.Witness = std::move(Witness);
        Out.Witness.Wave = static_cast<unsigned>(W);
      }
    }
  }
  if (Out.ExecutingWaves) {
    Out.Executed = true;
    Out.Passes /= Out.ExecutingWaves;
    Out.IdealPasses /= Out.ExecutingWaves;
    for (double &P : Out.AlternativePasses)
      P /= Out.ExecutingWaves;
  }
  return Out;
}

} // namespace lds
