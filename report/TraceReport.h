//===- TraceReport.h - What `lds-rewrite trace` found, as data ------------===//
//
// The run (pipeline/TraceRun.h) reads a trace, classifies it
// (analysis/TraceClassify.h), matches its source paths to the user's files
// and joins each finding with the static analysis of its line; this is the
// result, plain data, and the four ways of writing it:
//   text   clang-style, one warning per hot line with notes (TraceText.cpp)
//   json   the schema of docs/trace.md (TraceJson.cpp)
//   sarif  SARIF 2.1.0, rule lds-trace, as code scanning reads it
//          (TraceSarif.cpp)
//   html   the measured instructions next to the predicted bank maps
//          (TraceHtml.cpp)
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_TRACEREPORT_H
#define LDS_REPORT_TRACEREPORT_H

#include "analysis/TraceClassify.h"
#include "report/HtmlReport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace lds {

/// A measured line next to what the static analysis says of it.
struct TraceJoin {
  unsigned Column = 0;    ///< of the access on the line, when there is one
  std::string Prediction; ///< "predicted 32-way on gfx942", or why none
  std::optional<double> PredictedDegree;
  std::string Agreement; ///< "measured 32-way, predicted 32-way: they agree"
  std::string Fix;       ///< "lds-bank-conflict: pad ..." / "no fix: ..."
};

struct TraceReportFinding {
  TraceFinding Finding;
  std::string Source;              ///< the user's file it matched; empty: none
  std::optional<TraceJoin> Join;   ///< when Source parsed
  std::vector<MeasuredInst> Insts; ///< the instructions behind it
  /// --html: the line's accesses on the traced target, before and after
  /// the fix.
  std::vector<HtmlAccess> Maps;
};

struct TraceReportKernel {
  std::string Name;
  bool Samples = false; ///< Nsight Compute: stall is warp-stall samples
  uint64_t Waves = 0;
  double TotalStall = 0, LdsShare = 0;
  bool Headline = false;
  std::vector<TraceReportFinding> Findings; ///< the largest share first
};

struct TraceReport {
  std::string Path;     ///< as given
  std::string Format;   ///< "rocprofv3 thread trace", "Nsight Compute source counters"
  std::string Target;   ///< the traced target the predictions are for
  bool NoLines = false; ///< Nsight Compute --print-source sass
  double HeadlineThreshold = 0.15;
  std::vector<TraceReportKernel> Kernels;

  unsigned findings() const;
};

/// "lds_kernel.hip:20:12" (the matched file, else the trace's path).
std::string traceWhere(const TraceReportFinding &F);

/// The warning's text without its place: "Type A (bank conflict): ...".
std::string traceWarningText(const TraceReportFinding &F);

/// The notes under the warning, in order, each without "note: ".
std::vector<std::string> traceNotes(const TraceReport &R, const TraceReportKernel &K,
                                    const TraceReportFinding &F);

void printTraceText(const TraceReport &R, llvm::raw_ostream &Out);
llvm::json::Value traceJson(const TraceReport &R);
/// SourceRoot: where relative URIs start (the working directory).
/// Successful: every matched source parsed (invocations[0]).
llvm::json::Value traceSarif(const TraceReport &R, const std::string &SourceRoot, bool Successful);
std::string traceHtml(const TraceReport &R);

} // namespace lds

#endif
