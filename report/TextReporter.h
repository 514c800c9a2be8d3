//===- TextReporter.h - Findings as clang-style diagnostics ---------------===//
//
// One warning per __shared__ access that conflicts on any requested target,
// with the source line and caret, then notes: where the array is declared,
// where the block shape came from, the worst iteration, the cost per target.
// Accesses whose cost cannot be known get a remark saying why.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_TEXTREPORTER_H
#define LDS_REPORT_TEXTREPORTER_H

#include "matchers/AnalyzedFile.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace lds {

struct TextSummary {
  unsigned Warnings = 0;
  unsigned Unknowns = 0;
};

/// A place in a file, free of Clang types (it outlives the AST).
struct PlainLocation {
  std::string File;         ///< as the diagnostic prints it
  std::string Path;         ///< absolute, without . and .. (dedup, YAML, SARIF)
  unsigned Offset = 0;      ///< byte offset in the file
  unsigned Line = 0;        ///< 1-based
  unsigned Column = 0;      ///< 1-based, in bytes (as clang prints it)
  unsigned Utf16Column = 0; ///< 1-based, in UTF-16 code units (SARIF)
  bool valid() const { return Line != 0; }
};

/// The expansion location of L (invalid L: an invalid PlainLocation).
PlainLocation plainLocation(const clang::SourceManager &SM, clang::SourceLocation L);

struct ReportedNote {
  PlainLocation Loc; ///< invalid for notes printed without a location
  std::string Message;
};

/// One diagnostic as printed (a warning and its notes, or a remark), for the
/// exporters (--export-fixes, SARIF) and for de-duplicating findings in
/// headers across translation units.
struct ReportedFinding {
  clang::DiagnosticsEngine::Level Level = clang::DiagnosticsEngine::Warning;
  PlainLocation Loc;
  std::string Message; ///< without the " [lds-bank-conflict]" tag
  std::vector<ReportedNote> Notes;
  std::vector<size_t> Accesses; ///< indices into the model's accesses
  std::string ArrayId;          ///< of the accesses, if any
  /// What the finding is about, independent of line numbers and costs
  /// ("array|load|index"), for SARIF fingerprints.
  std::string Identity;
  std::string Text;        ///< exactly as printed, notes included
  bool Suppressed = false; ///< set by the caller (Suppressions.h)
  int Fix = -1;            ///< set by the exporters
};

/// Prints the findings; when Collected is given, also records each printed
/// diagnostic there, in order (their Text fields concatenate to what OS got).
TextSummary reportAsText(clang::ASTContext &Ctx, const AnalyzedFile &F, llvm::raw_ostream &OS,
                         bool Color, std::vector<ReportedFinding> *Collected = nullptr);

/// One note per kernel analysed under the default block shape that has no
/// finding: a clean result under a shape nobody gave must say so (the
/// findings carry that note themselves).
std::string assumedShapeNotes(const AnalyzedFile &F, const std::vector<ReportedFinding> &Found);

} // namespace lds

#endif
