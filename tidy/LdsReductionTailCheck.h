//===- LdsReductionTailCheck.h - lds-reduction-tail in clang-tidy ---------===//
//
// lds-rewrite's lds-reduction-tail as a clang-tidy check: the same findings
// and notes (report/BarrierFindings.h), and the wave-shuffle tail
// (rewrites/ShuffleTailRewrite.h) as fix-its where ReductionTail.h allows.
// Options: Targets and Block (LdsDeviceCheck.h); the block shape comes from
// the launches and __launch_bounds__ as in lds-rewrite.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TIDY_LDSREDUCTIONTAILCHECK_H
#define LDS_TIDY_LDSREDUCTIONTAILCHECK_H

#include "tidy/LdsDeviceCheck.h"

namespace lds {

class LdsReductionTailCheck : public LdsDeviceCheck {
public:
  using LdsDeviceCheck::LdsDeviceCheck;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace lds

#endif
