//===- TextReporter.h - Findings as clang-style diagnostics ---------------===//
//
// One warning per __shared__ access that conflicts on any requested target,
// with the source line and caret, then notes: where the array is declared,
// where the block shape came from, the worst iteration, the cost per target.
// Accesses whose cost cannot be known get a remark saying why. The words
// come from the report (Report.h); clang's diagnostics print them.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_TEXTREPORTER_H
#define LDS_REPORT_TEXTREPORTER_H

#include "matchers/AnalyzedFile.h"
#include "report/ReportBuilder.h"

#include "clang/AST/ASTContext.h"

#include <string>

namespace lds {

/// Prints every finding of R, the suppressed ones too, into its Text (the
/// caller decides what is shown).
void printFindings(clang::ASTContext &Ctx, BuiltReport &R, bool Color);

/// One note per kernel analysed under the default block shape that has no
/// finding: a clean result under a shape nobody gave must say so (the
/// findings carry that note themselves).
std::string assumedShapeNotes(const AnalyzedFile &F, const FileReport &R);

} // namespace lds

#endif
