//===- LdsDeviceCheck.h - What every lds-* clang-tidy check shares --------===//
//
// The options Targets and Block (as lds-rewrite's --target and --block),
// the device-side-only rule, the targets of a translation unit, the one
// translation-unit matcher (each check works on the whole TU), and fix-its
// from tooling::Replacements.
//
//   Targets   comma list of bank-model targets; empty: the device arch of
//             the parse (--offload-arch / --cuda-gpu-arch), else gfx942 for
//             HIP and sm_90 for CUDA
//   Block     "X[,Y[,Z]]"; empty: inferred (launch, __launch_bounds__, 256);
//             only the checks that read block shapes have it
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TIDY_LDSDEVICECHECK_H
#define LDS_TIDY_LDSDEVICECHECK_H

#include "report/BarrierFindings.h"
#include "rewrites/SourceEdits.h"
#include "targets/BankModel.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace lds {

class LdsDeviceCheck : public clang::tidy::ClangTidyCheck {
public:
  /// WithBlock: the check has the option Block (it reads block shapes).
  LdsDeviceCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context,
                 bool WithBlock = true);

  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

  /// Where fixes may edit: the main file's project (ProjectRoot.h).
  static EditScope scopeOf(clang::ASTContext &Ctx);

protected:
  /// The targets to analyse for this translation unit.
  std::vector<std::string> targetsFor(clang::ASTContext &Ctx) const;
  /// The translation unit of a match, when the options are valid and the
  /// AST has no errors (clang-tidy reports those); else null.
  clang::ASTContext *unitOf(const clang::ast_matchers::MatchFinder::MatchResult &Result) const;
  /// Adds Edits to D as fix-its.
  static void addFixIts(clang::DiagnosticBuilder &D, const clang::SourceManager &SM,
                        const FileEdits &Edits);
  /// A barrier check's finding: its warning with Edits as fix-its (when the
  /// rewrite could be written), then its notes.
  void report(const BarrierFindingText &T, const clang::SourceManager &SM,
              llvm::Expected<FileEdits> Edits);

  BankModel Banks;
  std::string NameForDiag;
  std::vector<std::string> Targets; ///< valid names from TargetsOpt
  std::optional<std::array<unsigned, 3>> Block;
  bool ConfigOk = true;

private:
  const bool WithBlock;
  const std::string TargetsOpt;
  const std::string BlockOpt;
};

} // namespace lds

#endif
