//===- SarifReport.h - --format=sarif: SARIF 2.1.0 for code scanning ------===//
//
// One run of one tool (lds-rewrite) with one rule, lds-bank-conflict. Each
// finding is a result: level "warning" for a conflict ("note" for a cost
// that cannot be known), its message, its place as a URI relative to the
// project root (uriBaseId %SRCROOT%, declared in originalUriBaseIds; the
// root the fixes use, ProjectRoot.h, whatever the working directory),
// the declaration and launch notes as relatedLocations, the fix of its array
// (on the array's first finding) as artifactChanges with replacements, and a
// partialFingerprints entry that does not depend on line numbers. Findings
// suppressed in the source are kept with suppressions [{kind: inSource}].
// The form is the one GitHub code scanning accepts.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_SARIFREPORT_H
#define LDS_REPORT_SARIFREPORT_H

#include "matchers/AnalyzedFile.h"
#include "report/Report.h"

#include "llvm/Support/JSON.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace lds {

class SarifReport {
public:
  /// SourceRoot: where relative URIs start (the project root, absolute,
  /// symbolic links resolved).
  explicit SarifReport(std::string SourceRoot);
  /// Adds F: a file that could not be analysed as an error notification,
  /// errors in its host code (HostErrors.h) as a warning notification at
  /// the first of them, and its findings (one whose findingKey an earlier
  /// file had is skipped).
  void add(const FileReport &F);
  llvm::json::Value render(bool Successful) const;

private:
  void addError(const std::string &File, const std::string &Message);
  void addHostErrors(const std::vector<HostError> &Errors);
  void addFindings(const FileReport &F);
  llvm::json::Object artifactLocation(const std::string &Path) const;
  std::string SourceRoot; ///< absolute, ends with '/'
  llvm::json::Array Results, Notifications;
  std::set<std::string> Seen;
  std::map<std::string, unsigned> FingerprintCounts;
  /// The rules of other checks than lds-bank-conflict (rule 0) that results
  /// use, in the order first used: rule 1 + their position.
  std::vector<std::string> OtherRules;
};

/// file:///a%20b/c for /a b/c.
std::string fileURI(const std::string &AbsPath);

/// An artifactLocation: relative to SourceRoot (ending in '/') under
/// %SRCROOT% when Path is below it, else a file:// URI.
llvm::json::Object sarifArtifact(const std::string &SourceRoot, const std::string &Path);

/// A reportingDescriptor: every rule of lds-rewrite's has the same shape,
/// with help (text and markdown) naming its page docs/checks/<Id>.md, and a
/// helpUri only when the build was given the repository's https address.
llvm::json::Object sarifRule(llvm::StringRef Id, llvm::StringRef Name, llvm::StringRef Short,
                             llvm::StringRef Full);

/// The whole log: one run of lds-rewrite with these rules, results and
/// invocation, %SRCROOT% declared as SourceRoot.
llvm::json::Value sarifLog(const std::string &SourceRoot, llvm::json::Array Rules,
                           llvm::json::Array Results, llvm::json::Object Invocation);

} // namespace lds

#endif
