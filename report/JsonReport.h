//===- JsonReport.h - The report of design.md, schema 1 -------------------===//
#ifndef LDS_REPORT_JSONREPORT_H
#define LDS_REPORT_JSONREPORT_H

#include "matchers/AnalyzedFile.h"
#include "report/Report.h"

#include "llvm/Support/JSON.h"

#include <set>
#include <string>

namespace lds {

/// Collects every array and access (conflicting or not) of every file.
class JsonReport {
public:
  /// F's arrays, accesses (F.Accesses) and host-code errors, then its
  /// verified fixes.
  void add(const FileReport &F);
  llvm::json::Value render() const;
  /// Adds another file's report after this one's. An array or access that
  /// an earlier appended report already lists identically (a header seen
  /// by several translation units) is listed once; relative "file" values
  /// are compared as paths from BaseDir (the compile command's directory).
  void append(const JsonReport &Other, const std::string &BaseDir = "");

private:
  void addAccesses(const AccessTable &T);
  /// A fix, planned (--diff) or applied (--fix).
  void addFix(const VerifiedFix &Fix);
  void addFix(const VerifiedCheckFix &Fix);
  /// A finding of another check than lds-bank-conflict ("findings").
  void addFinding(const ReportFinding &R);

  std::vector<std::string> Targets;
  llvm::json::Array Arrays, Accesses, Fixes;
  llvm::json::Array Findings; ///< "findings", when there are any
  llvm::json::Array HostErrors; ///< "host_code_errors", when there are any
  llvm::json::Array Unfollowed; ///< "unfollowed", when there are any
  llvm::json::Array PartitionAccesses; ///< "partition_accesses", when there are any
  std::set<std::string> AppendedArrays, AppendedAccesses;
};

llvm::json::Object resultToJSON(const AccessResult &R, const Access &A);

} // namespace lds

#endif
