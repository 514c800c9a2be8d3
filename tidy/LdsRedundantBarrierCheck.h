//===- LdsRedundantBarrierCheck.h - lds-redundant-barrier in clang-tidy ---===//
//
// lds-rewrite's lds-redundant-barrier as a clang-tidy check: the same
// findings and notes (report/BarrierFindings.h), and the barrier's removal
// (rewrites/BarrierRemoval.h) as a fix-it. Options: Targets
// (LdsDeviceCheck.h); the block shape does not matter to it.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TIDY_LDSREDUNDANTBARRIERCHECK_H
#define LDS_TIDY_LDSREDUNDANTBARRIERCHECK_H

#include "tidy/LdsDeviceCheck.h"

namespace lds {

class LdsRedundantBarrierCheck : public LdsDeviceCheck {
public:
  LdsRedundantBarrierCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : LdsDeviceCheck(Name, Context) {}
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace lds

#endif
