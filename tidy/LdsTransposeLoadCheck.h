//===- LdsTransposeLoadCheck.h - lds-transpose-load in clang-tidy ---------===//
//
// lds-rewrite's lds-transpose-load as a clang-tidy check: the same finding
// and per-target notes (report/TransposeFindings.h), and the transpose-load
// branch (rewrites/TransposeLoadRewrite.h) as fix-its on the targets whose
// proof held. Options: Targets and Block (LdsDeviceCheck.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TIDY_LDSTRANSPOSELOADCHECK_H
#define LDS_TIDY_LDSTRANSPOSELOADCHECK_H

#include "tidy/LdsDeviceCheck.h"

namespace lds {

class LdsTransposeLoadCheck : public LdsDeviceCheck {
public:
  using LdsDeviceCheck::LdsDeviceCheck;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace lds

#endif
