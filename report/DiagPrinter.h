//===- DiagPrinter.h - clang-style messages at source locations -----------===//
//
// Findings, fix reports and refusals are printed as clang prints its own
// diagnostics (file:line:col, source line, caret), through a
// DiagnosticsEngine of their own so that the parse's -w or -Werror never
// touches them.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_DIAGPRINTER_H
#define LDS_REPORT_DIAGPRINTER_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace lds {

class DiagPrinter {
public:
  DiagPrinter(clang::ASTContext &Ctx, bool Color);
  ~DiagPrinter();

  /// Level is Warning, Remark, Note or Error. An invalid Loc prints the
  /// message without a location. Tag, if not empty, is appended as [Tag].
  void report(clang::DiagnosticsEngine::Level Level, clang::SourceLocation Loc,
              const std::string &Message, const std::string &Tag = "");
  /// Everything reported so far, in order; clears the buffer.
  std::string take();

private:
  std::string Rendered;
  llvm::raw_string_ostream Buffer;
  clang::DiagnosticOptions Opts;
  std::unique_ptr<clang::TextDiagnosticPrinter> Printer;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
};

} // namespace lds

#endif
