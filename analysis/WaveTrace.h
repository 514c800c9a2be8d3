//===- WaveTrace.h - One wave's access, lane by lane and bank by bank -----===//
//
// What `lds-rewrite explain` draws: for one access on one target, the wave
// the analyzer found worst (at the worst iteration), every lane's address,
// and, per lane group, which lanes ask which words of which bank. The costs
// follow WaveCost.cpp exactly (docs/hardware.md, "The cost of one wave's
// access"): a group costs the largest number of distinct requests one bank
// must serve, the groups add up; NVIDIA loads merge groups two by two when
// every aligned lane pair asks one address. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_WAVETRACE_H
#define LDS_ANALYSIS_WAVETRACE_H

#include "analysis/AccessModel.h"
#include "analysis/ConflictAnalyzer.h"
#include "targets/BankModel.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lds {

/// One bank as one lane group uses it.
struct BankUse {
  std::vector<unsigned> Lanes; ///< distinct active lanes asking it, sorted
  std::vector<int64_t> Words;  ///< distinct 4-byte words asked, sorted
  unsigned Requests = 0;       ///< distinct requests = cycles this bank needs
};

/// One request of one lane: a word of a bank (a 16-byte access asks four).
struct LaneHit {
  unsigned Bank = 0;
  int64_t Word = 0;
  /// Which of the bank's distinct requests (0, 1, ... in address order).
  unsigned RequestIndex = 0;
};

struct GroupTrace {
  std::vector<unsigned> Lanes; ///< lanes of the group (in the wave), sorted
  unsigned ActiveLanes = 0;
  unsigned Cycles = 0; ///< its cost: max over banks of Requests
  /// The fewest cycles its distinct requests could take: ceil(requests /
  /// banks), at least 1 when some lane is active. A bank asked for more than
  /// this is a conflicting bank.
  unsigned FloorCycles = 0;
  unsigned BusiestBank = 0;   ///< first bank with Cycles requests
  std::vector<BankUse> Banks; ///< index = bank number
  /// Parallel to Lanes: the requests of each lane (empty when inactive).
  std::vector<std::vector<LaneHit>> Hits;
  bool conflicting(unsigned Bank) const {
    return Bank < Banks.size() && Banks[Bank].Requests > FloorCycles;
  }
};

struct WaveTrace {
  bool Ok = false;
  std::string Why; ///< when !Ok
  std::string Target;
  unsigned WaveSize = 0;
  unsigned Banks = 0;
  unsigned WidthBytes = 4;
  unsigned Wave = 0;           ///< which wave of the block (0-based)
  unsigned Waves = 0;          ///< waves of the block
  unsigned ExecutingWaves = 0; ///< waves with an active lane
  /// The values the uniform symbols were given (loop counters at the worst
  /// iteration, samples of symbols the cost does not depend on).
  std::map<std::string, int64_t> Binding;
  std::vector<int64_t> Bytes; ///< per lane of the wave
  std::vector<bool> Active;
  bool Merged = false;            ///< NVIDIA pair merge applied
  std::vector<GroupTrace> Groups; ///< as served (after a merge)
  unsigned WorstGroup = 0;        ///< first group with the most cycles
  double WavePasses = 0;          ///< this wave (== sum of group cycles)
  double WaveIdealPasses = 0;     ///< this wave, ideal (as the analyzer)
  double BlockPasses = 0;         ///< the block average at this binding
  double BlockIdealPasses = 0;

  const GroupTrace &worstGroup() const { return Groups[WorstGroup]; }
};

/// The worst wave of A on T, at the worst iteration R (the analyzer's result
/// for A on T) reports. Symbols are bound from Assumptions, then from
/// R.WorstBinding, then each enumerated symbol's values and each free
/// symbol's samples are tried, worst block cost first (as the analyzer
/// chooses). !Ok when R is unknown or no lane executes the access.
WaveTrace traceWorstWave(const Access &A, const TargetModel &T, const AccessResult &R,
                         const std::map<std::string, int64_t> &Assumptions = {});

/// "0-7,16-23": lanes (or banks) as a compact list.
std::string compactList(const std::vector<unsigned> &Sorted);

} // namespace lds

#endif
