//===- ExplainMode.h - lds-rewrite explain <file>:<line>[:<col>] ----------===//
//
// `lds-rewrite explain FILE:LINE[:COL] [options]` parses FILE as the check
// does (same options, same compile command) and, instead of diagnostics,
// prints for every __shared__ access on that line (or the one at that
// column) and every target a picture of the worst wave at the worst
// iteration (BankMap.h) with the numbers under it. `--html=PAGE` also writes
// one self-contained HTML page with an SVG bank map of every access of the
// file, per target, before and after the fix --fix would choose
// (HtmlReport.h); with --html the line may be left out (`explain FILE`).
//
// Exit status: 0 when something was printed (or the page written), 2 when
// no access is on that line, or bad arguments, or the file does not parse.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TOOL_EXPLAINMODE_H
#define LDS_TOOL_EXPLAINMODE_H

#include "matchers/AnalyzedFile.h"
#include "pipeline/RunConfig.h"
#include "planner/FixPlanner.h"

#include "clang/AST/ASTContext.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace lds {

struct ExplainRequest {
  bool Active = false;  ///< argv[1] was "explain"
  std::string File;     ///< FILE of FILE:LINE[:COL]
  unsigned Line = 0;    ///< 0: none given (only with --html)
  unsigned Column = 0;  ///< 0: every access of the line
  std::string HtmlPath; ///< --html
  int Status = 0;       ///< the exit status so far

  /// Checks the arguments of explain: one FILE:LINE[:COL] in Files, which
  /// becomes FILE; no --fix, --diff or --format. Returns an error message,
  /// empty when all is well. Html: the --html value ("" if none).
  std::string setUp(std::vector<std::string> &Files, const std::string &Html, bool OtherMode);

  /// Explains the file, while its AST is alive (the check's callback).
  void run(clang::ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config, Strategy S,
           llvm::raw_ostream &OS, bool Color);
};

} // namespace lds

#endif
