//===- ExportFixes.h - --export-fixes, as clang-tidy writes it -------------===//
//
// Every finding of every file becomes a clang::tooling::Diagnostic named
// lds-bank-conflict (message, file, offset, notes, level, build directory),
// written with Clang's own serializer (clang/Tooling/DiagnosticsYaml.h), so
// that clang-apply-replacements applies the fixes. As clang-tidy attaches
// fix-its to one diagnostic, the edits of an array's fix go on the first
// finding of that array. Everything comes from the report (Report.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_EXPORTFIXES_H
#define LDS_REPORT_EXPORTFIXES_H

#include "report/Report.h"
#include "report/ReportBuilder.h" // plainLocation, for the fix step's edits

#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>

namespace lds {

/// Sets Finding.Fix: each fix goes on the first warning (not suppressed)
/// of one of its arrays.
void attachFixes(FileReport &F);

/// Whether Fix addresses finding R: a warning, exported, of one of Fix's
/// arrays (or, for another check's fix, that very finding).
bool fixes(const PlainFix &Fix, const ReportFinding &R);

/// Whether a finding is exported: about accesses, at a place, and not
/// suppressed.
bool isExported(const ReportFinding &R);

/// Identifies a finding across translation units, as clang-tidy
/// de-duplicates: (file, offset, level, message).
std::string findingKey(const ReportFinding &R);

/// The YAML document of clang-tidy --export-fixes, gathered file by file.
class FixesExport {
public:
  /// MainSourceFile: the first file of the command line (made absolute).
  explicit FixesExport(std::string MainSourceFile);
  /// Adds F's findings; one whose findingKey an earlier file had is skipped.
  void add(const FileReport &F);
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
