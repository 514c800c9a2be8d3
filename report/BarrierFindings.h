//===- BarrierFindings.h - The words of the barrier checks' findings -------===//
//
// lds-redundant-barrier's, lds-exposed-write-latency's and
// lds-reduction-tail's warning and notes,
// with where each goes: the one copy that lds-rewrite's report
// (ReportBuilder) and the clang-tidy plugin (tidy/) print.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_BARRIERFINDINGS_H
#define LDS_REPORT_BARRIERFINDINGS_H

#include "matchers/AnalyzedFile.h"
#include "report/Findings.h"

#include <string>

namespace lds {

struct BarrierFindingText {
  FindingText Text;       ///< Loc, Warning and Notes (each with its place)
  std::string Identity;   ///< ReportFinding::Identity
  clang::SourceLocation Barrier; ///< the wait (lds-exposed-write-latency)
  std::string Placement;  ///< where the fix puts the loads; empty: no fix
  unsigned BlockingRule = 0;
  bool Fixable = false;
};

BarrierFindingText describeRedundantBarrier(const AnalyzedFile &F, const RedundantBarrier &R);
/// What `explain FILE:LINE` says about barrier I: "barrier in 'k':
/// redundant: ...", or "kept: it orders thread 1's write of ... before
/// thread 0's read at line 12", or "kept: not proven redundant: ...".
std::string barrierVerdict(const AnalyzedFile &F, size_t I);
BarrierFindingText describeSingleWave(const AnalyzedFile &F, const SingleWaveKernel &K);
BarrierFindingText describeRefillLoop(const AnalyzedFile &F, const MatchedRefillLoop &L);
BarrierFindingText describeReduction(const AnalyzedFile &F, size_t I);

} // namespace lds

#endif
