//===- LdsBankConflictCheck.h - lds-bank-conflict as a clang-tidy check ---===//
//
// The analysis of lds-rewrite inside clang-tidy: one warning per __shared__
// access that conflicts on a requested target, worded as lds-rewrite's text
// output, with notes (declaration, block shape, cost per target) and, on the
// first warning of each array, the planner's padding or swizzle as fix-its.
//
// Options (CheckOptions, `lds-bank-conflict.<Name>`):
//   Targets   comma list of bank-model targets; empty: the device arch of
//             the parse (--offload-arch / --cuda-gpu-arch), else gfx942 for
//             HIP and sm_90 for CUDA
//   Block     "X[,Y[,Z]]"; empty: inferred (launch, __launch_bounds__, 256)
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

class LdsBankConflictCheck : public clang::tidy::ClangTidyCheck {
public:
  LdsBankConflictCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// The targets to analyse for this translation unit.
  std::vector<std::string> targetsFor(clang::ASTContext &Ctx) const;

  // The options as written (stored back unchanged by storeOptions).
  const std::string TargetsOpt;
  const std::string BlockOpt;
  const Strategy StrategyOpt;
  const std::string AssumeOpt;

  BankModel Banks;
  std::string NameForDiag;
  std::vector<std::string> Targets; ///< valid names from TargetsOpt
  std::optional<std::array<unsigned, 3>> Block;
  std::map<std::string, int64_t> Assumptions;
  bool ConfigOk = true;
};

} // namespace lds

#endif
