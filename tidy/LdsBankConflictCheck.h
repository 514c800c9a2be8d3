//===- LdsBankConflictCheck.h - lds-bank-conflict as a clang-tidy check ---===//
//
// The analysis of lds-rewrite inside clang-tidy: one warning per __shared__
// access that conflicts on a requested target, worded as lds-rewrite's text
// output, with notes (declaration, block shape, cost per target) and, on the
// first warning of each array, the planner's padding or swizzle as fix-its.
//
// Options (CheckOptions, `lds-bank-conflict.<Name>`): Targets and Block
// (LdsDeviceCheck.h), and
//   Strategy  auto | pad | swizzle: which fixes may be offered
//   Assume    "NAME=VALUE[,NAME=VALUE...]": values of runtime symbols
//             (kernel arguments, globals), as lds-rewrite's --assume
//
// The check analyses the device side of HIP and CUDA sources: run
// clang-tidy with the device-only flags (--offload-device-only or
// --cuda-device-only); a host-side parse is skipped.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TIDY_LDSBANKCONFLICTCHECK_H
#define LDS_TIDY_LDSBANKCONFLICTCHECK_H

#include "planner/FixPlanner.h"
#include "tidy/LdsDeviceCheck.h"
#include "targets/BankModel.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy {
template <> struct OptionEnumMapping<lds::Strategy> {
  static llvm::ArrayRef<std::pair<lds::Strategy, llvm::StringRef>> getEnumMapping();
};
} // namespace clang::tidy

namespace lds {

class LdsBankConflictCheck : public LdsDeviceCheck {
public:
  LdsBankConflictCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  /// Records the inactive #if branches: a fix must not change an array
  /// that code there names (matchers/SkippedCode.h).
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;

private:
  std::vector<clang::SourceRange> SkippedCode;
  // The options as written (stored back unchanged by storeOptions).
  const Strategy StrategyOpt;
  const std::string AssumeOpt;
  std::map<std::string, int64_t> Assumptions;
};

} // namespace lds

#endif
