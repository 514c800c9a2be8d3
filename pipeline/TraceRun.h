//===- TraceRun.h - lds-rewrite trace: what was measured, next to the model -===//
//
// `lds-rewrite trace PATH [FILE...] [-p build]`: reads what a profiler
// measured (pipeline/TraceInput.h: a rocprofv3 thread trace folder or its
// stats CSV, an Nsight Compute source-page CSV), finds the LDS bottlenecks
// in it (analysis/TraceClassify.h), matches the trace's source paths
// (taken on another machine) to the files given or the compile database's
// by file name and path suffix, parses those as the check does, and prints
// one finding per hot line, the largest share of the kernel's stall first:
// the measured figures, the static prediction for the traced target and
// whether the two agree, the fix the tool would apply (by check name), and
// the instructions behind the line. A line no file matches is listed, not
// dropped. The result (report/TraceReport.h) is written as text, JSON or
// SARIF on Out, and with HtmlPath also as an HTML page.
//
// Exit status (docs/design.md): 0 no finding, 1 findings, 2 the trace
// cannot be read (file and row named) or a source does not parse.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_TRACERUN_H
#define LDS_PIPELINE_TRACERUN_H

#include "analysis/TraceClassify.h"
#include "pipeline/RunConfig.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace lds {

struct TraceRequest {
  std::string Path;
  std::vector<std::string> Files; ///< sources given; empty: the database's
  const clang::tooling::CompilationDatabase *Database = nullptr;
  std::vector<std::string> CompilerArgs;
  RunConfig Config; ///< Targets: the traced target first
  TraceThresholds Thresholds;
  std::string HtmlPath; ///< --html: also write the page there
  bool Color = false;
};

int runTrace(const TraceRequest &R, llvm::raw_ostream &Out, llvm::raw_ostream &Err);

} // namespace lds

#endif
