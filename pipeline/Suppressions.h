//===- Suppressions.h - Inline suppressions, as clang-tidy users write them =//
//
// An access is suppressed when its line carries
//   // lds-rewrite: ignore
//   // NOLINT                      (every check)
//   // NOLINT(lds-bank-conflict)   (a comma-separated list of check names or
//                                  globs: lds-*, *)
// or the line before carries NOLINTNEXTLINE / NOLINTNEXTLINE(...), or it
// lies between NOLINTBEGIN(...) and NOLINTEND(...) lines, with clang-tidy's
// meaning. A suppressed access is neither reported as a warning nor fixed,
// does not count for the exit status, and is still listed in the JSON
// report with "suppressed": true.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_SUPPRESSIONS_H
#define LDS_PIPELINE_SUPPRESSIONS_H

#include "matchers/AnalyzedFile.h"
#include "report/CheckNames.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace lds {

/// Suppressed[i] for every access of F.Built (its expansion line, and the
/// line it is spelled on when that differs, e.g. inside a macro).
std::vector<bool> findSuppressed(const clang::SourceManager &SM, const BuiltModel &Built);

/// Which lines (1-based; index 0 unused) of Text are suppressed for Check.
std::vector<bool> suppressedLines(llvm::StringRef Text, llvm::StringRef Check = CheckName);

/// Whether a NOLINT (or `// lds-rewrite: ignore`) for Check covers the line
/// of L, or the line it is spelled on inside a macro.
bool isSuppressed(const clang::SourceManager &SM, clang::SourceLocation L, llvm::StringRef Check);

/// A copy of F in which suppressed accesses do not conflict: what the fix
/// planner is given, so that a suppressed access never causes a fix.
AnalyzedFile withoutSuppressed(const AnalyzedFile &F);

} // namespace lds

#endif
