//===- ConflictAnalyzer.h - Bank cycles of one access on one target -------===//
//
// passes = bank cycles one wave's instruction needs, averaged over the waves
// of the block that execute it (docs/design.md, "What one access costs";
// a wave whose lanes are all off skips the instruction, and Nsight counts
// per executed instruction). The analyzer evaluates the access's byte offset
// for every lane with the LaneEvaluator, splits each wave into the target's
// lane groups, and counts the distinct 4-byte words per bank. Loop counters
// with known values are enumerated and the worst iteration reported (most
// passes, then highest degree); free uniform symbols are sampled, and an
// access whose cost changes with them is "unknown", never guessed.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_CONFLICTANALYZER_H
#define LDS_ANALYSIS_CONFLICTANALYZER_H

#include "analysis/AccessModel.h"
#include "analysis/UnknownCause.h"
#include "targets/BankModel.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace lds {

enum class ResultStatus { Exact, Unknown };

/// Where the worst conflict of an access is: for explanations and pictures.
struct ConflictWitness {
  unsigned Wave = 0;
  std::vector<unsigned> GroupLanes;  ///< lanes of the worst group (in wave)
  unsigned ActiveLanesInGroup = 0;   ///< how many of GroupLanes are active
  unsigned Bank = 0;                 ///< its most loaded bank
  std::vector<unsigned> LanesOnBank; ///< active lanes that hit that bank
  unsigned WordsOnBank = 0;          ///< distinct words asked of that bank
  bool Merged = false;               ///< NVIDIA pair merge applied
};

struct AccessResult {
  std::string Target;
  ResultStatus Status = ResultStatus::Exact;
  /// Why Unknown, as data: report/ words its advice for each front end.
  UnknownCause Cause;
  /// Why Unknown, in lds-rewrite's words (causeText(Cause)), for the
  /// messages below report/ and the JSON report.
  std::string Reason;
  double Passes = 0;
  double IdealPasses = 0;
  double Degree = 1;      ///< Passes / IdealPasses
  /// At the worst binding: the waves that execute the access (Passes is
  /// their mean), of the block's BlockWaves. What the planner weighs.
  unsigned ExecutingWaves = 0, BlockWaves = 0;
  unsigned Banks = 0;     ///< of the rule used
  std::string RuleSource; ///< row of the bank model used
  ConflictWitness Witness;
  /// Values of enumerated symbols at the worst iteration (empty if none
  /// varied the cost), e.g. {"s": 16}.
  std::map<std::string, int64_t> WorstBinding;
  bool VariesWithIteration = false;
  /// Costs of the alternative readings of a disputed row, if any.
  std::vector<double> AlternativePasses;
  /// Set when the index reads data (a value from memory) that was shown not
  /// to matter: which term, and why.
  std::string DataIndependence;

  bool conflicts() const { return Status == ResultStatus::Exact && Passes > IdealPasses + 1e-9; }
  /// One line such as "lanes 0-31 all hit bank 0".
  std::string explain() const;
};

/// Per-lane byte addresses of one wave, for the explain picture. Inactive
/// lanes have Active[i] == false.
struct WaveAddresses {
  std::vector<int64_t> Bytes;
  std::vector<bool> Active;
};

class ConflictAnalyzer {
public:
  explicit ConflictAnalyzer(const BankModel &M) : Model(M) {}

  /// Cost of A on target T. Assumptions (--assume NAME=VALUE) fix symbols.
  AccessResult analyze(const Access &A, const TargetModel &T,
                       const std::map<std::string, int64_t> &Assumptions = {}) const;

  /// Cost of one wave's access given its addresses: the core rule, exposed
  /// for tests and for the fix planner.
  static double wavePasses(const BankRule &R, unsigned WidthBytes, Direction Dir,
                           const WaveAddresses &W, ConflictWitness *Witness = nullptr);

private:
  /// The cost of an access whose index holds data terms, when they provably
  /// do not change it (see analyze); nullopt, with Why extended, if not.
  std::optional<AccessResult> dataIndependent(const Access &A, const TargetModel &T,
                                              const BankRule &Rule,
                                              const std::map<std::string, int64_t> &Assumptions,
                                              UnknownCause &Why) const;

  const BankModel &Model;
};

/// One 4-byte word a lane asks of one bank. Lanes asking the same key share
/// one bank cycle; without sub-word sharing (BankRule::SubwordShares) the
/// bytes of the word are part of the key, so two lanes reading different
/// halves of a word do not share.
struct WordRequest {
  int64_t Bank;
  int64_t Word;
  unsigned FirstByte;
  unsigned LastByte;
  unsigned Lane;
  auto key() const { return std::tie(Bank, Word, FirstByte, LastByte); }
};

/// The words the active lanes among Lanes ask of the banks of R for an
/// access of Width bytes, lane by lane in the order of Lanes; ActiveLanes
/// (if given) counts the lanes that ask. The cost rule and explain's
/// pictures both start from these.
std::vector<WordRequest> wordRequests(const BankRule &R, unsigned Width, const WaveAddresses &W,
                                      const std::vector<unsigned> &Lanes,
                                      unsigned *ActiveLanes = nullptr);

/// Every wave's per-lane byte addresses (Offset) of a block of shape Block
/// at one binding of the uniform symbols; a lane is inactive where
/// Predicate (if any) is 0. The analyzer costs these, and explain draws
/// them. False when a lane's value cannot be evaluated, with Why naming the
/// lane and the binding.
/// Undefined (if given) is set when the failure is undefined behaviour in
/// a part of the index that does not depend on the lane (LaneEvaluator):
/// the binding is impossible rather than the access unknown. Sampled names
/// the symbols of B whose values were tried, not known, so that Why does
/// not present them as the user's.
bool blockAddresses(const ExprRef &Offset, const ExprRef &Predicate, const BlockShape &Block,
                    unsigned WaveSize, const std::map<std::string, int64_t> &B,
                    std::vector<WaveAddresses> &Waves, std::string &Why, bool *Undefined = nullptr,
                    const std::vector<std::string> *Sampled = nullptr);

/// Direction of an access kind for rule lookup: atomics use write rows.
Direction directionOf(AccessKind K);

} // namespace lds

#endif
