//===- Report.h - One file's report, as every output format reads it ------===//
//
// The neutral report of one translation unit, built once while its AST is
// alive (ReportBuilder.h) and free of Clang types, so that it outlives the
// AST: the findings (check name, severity, place, message, notes with their
// places, per-target costs, why a cost is unknown), the fixes planned and
// what verifying them came to. The text, JSON, SARIF and export-fixes
// writers all read it.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_REPORT_H
#define LDS_REPORT_REPORT_H

#include "analysis/ConflictAnalyzer.h"
#include "analysis/UnknownCause.h"
#include "matchers/AnalyzedFile.h"
#include "planner/FixPlanner.h"

#include "llvm/Support/JSON.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lds {

/// A place in a file.
struct PlainLocation {
  std::string File;         ///< as the diagnostic prints it
  std::string Path;         ///< absolute, without . and .. (dedup, YAML, SARIF)
  unsigned Offset = 0;      ///< byte offset in the file
  unsigned Line = 0;        ///< 1-based
  unsigned Column = 0;      ///< 1-based, in bytes (as clang prints it)
  unsigned Utf16Column = 0; ///< 1-based, in UTF-16 code units (SARIF)
  bool valid() const { return Line != 0; }
};

struct ReportNote {
  PlainLocation Loc; ///< invalid for notes printed without a location
  std::string Message;
};

enum class Severity { Warning, Remark };

/// One diagnostic: a conflict warning with its notes, or a remark (a cost
/// that cannot be known, or how the file was parsed).
struct ReportFinding {
  std::string Check; ///< CheckNames.h
  Severity Level = Severity::Warning;
  PlainLocation Loc;
  std::string Message; ///< without the " [check]" tag
  std::vector<ReportNote> Notes;
  std::vector<size_t> Accesses; ///< indices into the model's accesses
  std::string ArrayId;          ///< of the accesses, if any
  /// What the finding is about, independent of line numbers and costs
  /// ("array|load|index"), for SARIF fingerprints.
  std::string Identity;
  /// The first access's cost on each target, in the file's target order.
  std::vector<AccessResult> Costs;
  /// A remark about an unknown cost: why, and what would make it known.
  std::optional<UnknownCause> Cause;
  bool Suppressed = false; ///< every access is (Suppressions.h)
  /// A remark that an array's accesses go where the tool does not follow
  /// them (a call, an object): the analysis of that array is partial.
  bool Unfollowed = false;
  /// lds-exposed-write-latency: the barrier that waits for the stores, where
  /// the fix puts the next loads ("before-wait", "after-wait"; empty: no
  /// fix), and the rule of barriers.md that forbids it (0: none).
  std::optional<PlainLocation> Barrier;
  std::string Placement;
  unsigned BlockingRule = 0;
  int Fix = -1;            ///< index into FileReport::Fixes (attachFixes)
  std::string Text;        ///< as printed, notes included (TextReporter.h)
};

/// One replacement, with both ends as places in the original text.
struct PlainEdit {
  PlainLocation Start, End; ///< Start.Path is the file, absolute
  unsigned Length = 0;      ///< bytes replaced
  std::string Text;         ///< inserted
};

/// The fix of one array, or of another check's finding, as --export-fixes
/// and SARIF carry it.
struct PlainFix {
  std::set<std::string> ArrayIds;
  std::string Check = "lds-bank-conflict";
  /// A fix of another check than lds-bank-conflict: the finding it fixes
  /// (ReportFinding::Identity).
  std::string Identity;
  std::string Description; ///< "pad rows 32 -> 33 floats"
  std::vector<PlainEdit> Edits;
};

/// A fix that --fix or --diff verified: what the JSON report lists.
struct VerifiedFix {
  std::string ArrayId;
  FixPlan Plan;
  std::vector<std::string> Targets; ///< of Plan.Outcomes
  unsigned Replacements = 0;
  std::string Status; ///< "applied" or "planned"
};

/// A verified fix of another check than lds-bank-conflict.
struct VerifiedCheckFix {
  std::string Check;
  std::string Strategy; ///< design.md: "remove_barrier", ...
  std::string Description;
  SourceLoc Barrier; ///< the barrier it removes
  unsigned Replacements = 0;
  std::string Status; ///< "applied" or "planned"
};

/// Every array and access of the file with its costs (the JSON report).
struct AccessTable {
  Model M;
  std::vector<std::vector<AccessResult>> Results; ///< [access][target]
  std::vector<bool> Suppressed;                   ///< by access
  bool suppressed(size_t I) const { return I < Suppressed.size() && Suppressed[I]; }
};

/// One translation unit's report.
struct FileReport {
  std::string File;           ///< as given on the command line
  std::string BuildDirectory; ///< the compile command's directory
  std::string Error;          ///< set when the file could not be analysed
  std::vector<std::string> Targets;
  std::vector<HostError> HostErrors; ///< host code clang rejected
  std::vector<ReportFinding> Findings;
  /// Planned fixes (unless verifying them failed), for the exporters.
  std::vector<PlainFix> Fixes;
  std::vector<VerifiedFix> Verified;
  std::vector<VerifiedCheckFix> VerifiedOther;
  std::optional<AccessTable> Accesses; ///< when the JSON report is wanted
  /// lds-partition-conflict: every access it analysed (JSON
  /// "partition_accesses"), when the JSON report is wanted.
  llvm::json::Array PartitionAccesses;
};

} // namespace lds

#endif
