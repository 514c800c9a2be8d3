//===- AnalyzedFile.h - One translation unit's model and its costs --------===//
#ifndef LDS_MATCHERS_ANALYZEDFILE_H
#define LDS_MATCHERS_ANALYZEDFILE_H

#include "analysis/ConflictAnalyzer.h"
#include "analysis/PartitionConflict.h"
#include "analysis/RedundantBarriers.h"
#include "matchers/ModelBuilder.h"
#include "matchers/ReductionMatcher.h"
#include "matchers/RefillLoopMatcher.h"
#include "matchers/TransposeMatcher.h"

#include <set>
#include <string>
#include <vector>

namespace lds {

/// An error clang found in host-only code, which the kernels' analysis
/// survives (HostErrors.h).
struct HostError {
  std::string File; ///< as clang prints it
  unsigned Line = 0, Column = 0;
  std::string Message;
  std::string Function; ///< the outermost function it lies in: "main", "f<float>"
};

struct AnalyzedFile {
  std::string File;
  std::vector<std::string> Targets;
  BuiltModel Built;
  /// Results[i][t]: access i of Built.M on Targets[t].
  std::vector<std::vector<AccessResult>> Results;
  bool UsedFallbackHeaders = false;
  /// Suppressed[i]: access i is on a line marked `// lds-rewrite: ignore` or
  /// NOLINT(lds-bank-conflict) (Suppressions.h); empty when not looked at.
  std::vector<bool> Suppressed;
  /// Errors in host-only code: the kernels were analysed, but launches in
  /// these functions may have been missed.
  std::vector<HostError> HostErrors;
  /// The checks that do not run (--checks, `Checks:`); every other one does.
  std::set<std::string> DisabledChecks;
  /// lds-redundant-barrier's findings, when it runs, less those a NOLINT
  /// suppresses (they are not reported at all, as in clang-tidy).
  std::vector<RedundantBarrier> RedundantBarriers;
  /// lds-redundant-barrier's single-wave kernels (RedundantBarriers.h).
  std::vector<SingleWaveKernel> SingleWave;
  /// lds-exposed-write-latency's findings, when it runs, less those a
  /// NOLINT suppresses: loops whose LDS refill is waited for at once. Their
  /// AST nodes live as long as the parse.
  std::vector<MatchedRefillLoop> RefillLoops;
  /// Where the prefetch puts the next iteration's loads in this file (never
  /// Auto: --prefetch-placement, else before the wait when an AMD target is
  /// requested, after it otherwise).
  PrefetchPlacement Placement = PrefetchPlacement::BeforeWait;
  /// The targets whose barrier waits for global loads too
  /// (TargetModel::BarrierDrainsGlobalLoads): the prefetch gains little there.
  std::vector<std::string> DrainingTargets;
  /// lds-reduction-tail's findings, when it runs, less those NOLINT
  /// suppresses; TailRefusals[i]: why reduction i cannot be rewritten for
  /// these targets ("" when it can), WaveSizes: of each target.
  std::vector<MatchedReduction> Reductions;
  std::vector<std::string> TailRefusals;
  std::vector<unsigned> WaveSizes;
  /// lds-transpose-load's findings, when it runs, less those NOLINT
  /// suppresses: column reads some requested target has a transpose load
  /// for, with the proof's verdict per such target.
  std::vector<MatchedTranspose> Transposes;
  /// lds-partition-conflict (pipeline/PartitionRun.h): the accesses it
  /// analysed on targets with LDS partitions, less those NOLINT suppresses.
  std::vector<PartitionAccess> Partitions;
  /// Ranges the preprocessor skipped in this parse (inactive #if
  /// branches, matchers/SkippedCode.h): a layout fix must not change an
  /// array that code there names.
  std::vector<clang::SourceRange> SkippedCode;
  bool suppressed(size_t I) const { return I < Suppressed.size() && Suppressed[I]; }
  bool runs(const std::string &Check) const { return !DisabledChecks.count(Check); }
};

/// Costs every access of the model on every target.
void analyzeAll(AnalyzedFile &F, const BankModel &Banks,
                const std::map<std::string, int64_t> &Assumptions);

/// "32", "1.5": degrees and passes as people read them.
std::string formatNumber(double V);

} // namespace lds

#endif
