//===- TextReporter.h - Findings as clang-style diagnostics ---------------===//
//
// One warning per __shared__ access that conflicts on any requested target,
// with the source line and caret, then notes: where the array is declared,
// where the block shape came from, the worst iteration, the cost per target.
// Accesses whose cost cannot be known get a remark saying why.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TOOL_TEXTREPORTER_H
#define LDS_TOOL_TEXTREPORTER_H

#include "AnalyzedFile.h"

#include "clang/AST/ASTContext.h"
#include "llvm/Support/raw_ostream.h"

namespace lds {

struct TextSummary {
  unsigned Warnings = 0;
  unsigned Unknowns = 0;
};

TextSummary reportAsText(clang::ASTContext &Ctx, const AnalyzedFile &F,
                         llvm::raw_ostream &OS, bool Color);

} // namespace lds

#endif
