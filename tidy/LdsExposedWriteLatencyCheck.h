//===- LdsExposedWriteLatencyCheck.h - lds-exposed-write-latency in clang-tidy -===//
//
// lds-rewrite's lds-exposed-write-latency as a clang-tidy check: the same
// findings and notes (report/BarrierFindings.h), and the register prefetch
// (rewrites/PrefetchRewrite.h) as fix-its where barriers.md's rules allow.
//
// Options: Targets (LdsDeviceCheck.h), and
//   Placement  auto | before-wait | after-wait, as --prefetch-placement
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TIDY_LDSEXPOSEDWRITELATENCYCHECK_H
#define LDS_TIDY_LDSEXPOSEDWRITELATENCYCHECK_H

#include "analysis/RefillLoop.h"
#include "tidy/LdsDeviceCheck.h"

namespace clang::tidy {
template <> struct OptionEnumMapping<lds::PrefetchPlacement> {
  static llvm::ArrayRef<std::pair<lds::PrefetchPlacement, llvm::StringRef>> getEnumMapping();
};
} // namespace clang::tidy

namespace lds {

class LdsExposedWriteLatencyCheck : public LdsDeviceCheck {
public:
  LdsExposedWriteLatencyCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  const PrefetchPlacement PlacementOpt;
};

} // namespace lds

#endif
