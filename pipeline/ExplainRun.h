//===- ExplainRun.h - lds-rewrite explain, for one parsed file ------------===//
//
// Explains a parsed file as `lds-rewrite explain FILE:LINE[:COL]` asks: for
// every __shared__ access on that line (or the one at that column) and every
// target, a picture of the worst wave at the worst iteration (BankMap.h)
// with the numbers under it (ExplainText.h). With HtmlPath, one
// self-contained HTML page with an SVG bank map of every access of the file,
// per target, before and after the fix --fix would choose (HtmlReport.h);
// the line may then be 0 (the whole file).
//
// Exit status (Status): 0 when something was printed (or the page written),
// 2 when no access is on that line or the page cannot be written.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_EXPLAINRUN_H
#define LDS_PIPELINE_EXPLAINRUN_H

#include "matchers/AnalyzedFile.h"
#include "pipeline/RunConfig.h"
#include "planner/FixPlanner.h"

#include "clang/AST/ASTContext.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace lds {

struct ExplainRequest {
  bool Active = false;  ///< the explain sub-command was given
  std::string File;     ///< FILE of FILE:LINE[:COL]
  unsigned Line = 0;    ///< 0: none given (only with HtmlPath)
  unsigned Column = 0;  ///< 0: every access of the line
  std::string HtmlPath; ///< --html
  int Status = 0;       ///< the exit status so far

  /// Explains the file, while its AST is alive (the check's callback).
  void run(clang::ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config, Strategy S,
           llvm::raw_ostream &OS, bool Color);
};

} // namespace lds

#endif
