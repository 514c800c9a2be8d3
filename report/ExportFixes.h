//===- ExportFixes.h - --export-fixes, as clang-tidy writes it -------------===//
//
// Every finding of every file becomes a clang::tooling::Diagnostic named
// lds-bank-conflict (message, file, offset, notes, level, build directory),
// written with Clang's own serializer (clang/Tooling/DiagnosticsYaml.h), so
// that clang-apply-replacements applies the fixes. As clang-tidy attaches
// fix-its to one diagnostic, the edits of an array's fix go on the first
// finding of that array. The per-file records here (FileFindings) are also
// what the SARIF report is made from.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_EXPORTFIXES_H
#define LDS_REPORT_EXPORTFIXES_H

#include "report/TextReporter.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace lds {

/// One replacement, with both ends as places in the original text.
struct PlainEdit {
  PlainLocation Start, End; ///< Start.Path is the file, absolute
  unsigned Length = 0;      ///< bytes replaced
  std::string Text;         ///< inserted
};

/// The fix of one array, free of Clang types.
struct PlainFix {
  std::set<std::string> ArrayIds;
  std::string Description; ///< "pad rows 32 -> 33 floats"
  std::vector<PlainEdit> Edits;
};

/// One translation unit's findings and fixes, made while its AST is alive.
struct FileFindings {
  std::string File;                      ///< as given on the command line
  std::string BuildDirectory;            ///< the compile command's directory
  std::vector<ReportedFinding> Findings; ///< in report order
  std::vector<PlainFix> Fixes;
  std::string Error; ///< set when the file could not be analysed
};

/// Sets Finding.Fix: each fix goes on the first warning (not suppressed)
/// of one of its arrays.
void attachFixes(FileFindings &F);

/// Whether a finding is exported: a warning or remark at a place, and not
/// suppressed.
bool isExported(const ReportedFinding &R);

/// Identifies a finding across translation units, as clang-tidy
/// de-duplicates: (file, offset, level, message).
std::string findingKey(const ReportedFinding &R);

/// The YAML document of clang-tidy --export-fixes, gathered file by file.
class FixesExport {
public:
  /// MainSourceFile: the first file of the command line (made absolute).
  explicit FixesExport(std::string MainSourceFile);
  /// Adds F's findings; one whose findingKey an earlier file had is skipped.
  void add(const FileFindings &F);
  /// The YAML text.
  std::string render();
  /// Writes it to Path (a temporary file renamed over it; "-": stdout).
  llvm::Error write(llvm::StringRef Path);

private:
  clang::tooling::TranslationUnitDiagnostics TUD;
  std::set<std::string> Seen;
};

} // namespace lds

#endif
