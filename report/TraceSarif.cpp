//===- TraceSarif.cpp - lds-rewrite trace --format=sarif ------------------===//
//
// One result per finding under one rule, lds-trace (the text's tag): level
// warning, the warning's text then its notes as the message, the line in
// the user's file (relative to %SRCROOT% when below it) or, when no file
// matched, the trace's own path for it; a finding without a source line
// (Nsight Compute's sass page) is placed at the trace file with its kernel
// and address as a logical location. The measured and predicted figures
// are the result's properties; partialFingerprints do not depend on line
// numbers or figures, so that a later trace of the same code matches.
//
//===----------------------------------------------------------------------===//

#include "report/SarifReport.h"
#include "report/TraceReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <map>

namespace lds {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

std::string absolute(const std::string &File) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

Object location(const TraceReport &R, const TraceReportKernel &K, const TraceReportFinding &F,
                const std::string &Root) {
  const TraceFinding &T = F.Finding;
  if (!T.Line) // no source line: the trace file, the kernel and address
    return Object{
        {"physicalLocation", Object{{"artifactLocation", sarifArtifact(Root, absolute(R.Path))}}},
        {"logicalLocations",
         Array{Object{{"name", K.Name}, {"fullyQualifiedName", T.File}, {"kind", "function"}}}}};
  std::string File = F.Source.empty() ? T.File : absolute(F.Source);
  Object Region{{"startLine", static_cast<int64_t>(T.Line)}};
  if (F.Join && F.Join->Column)
    Region["startColumn"] = static_cast<int64_t>(F.Join->Column);
  if (T.LastLine > T.Line)
    Region["endLine"] = static_cast<int64_t>(T.LastLine);
  return Object{{"physicalLocation", Object{{"artifactLocation", sarifArtifact(Root, File)},
                                            {"region", std::move(Region)}}}};
}

Object properties(const TraceReportFinding &F) {
  const TraceFinding &T = F.Finding;
  Object P{{"type", std::string(1, "ABC"[int(T.Type)])},
           {"stall", T.Stall},
           {"perInstance", T.PerInstance},
           {"share", T.Share}};
  if (T.NWay)
    P["measuredNWay"] = *T.NWay;
  if (F.Join && F.Join->PredictedDegree)
    P["predictedDegree"] = *F.Join->PredictedDegree;
  if (F.Join)
    P["fix"] = F.Join->Fix;
  return P;
}

} // namespace

Value traceSarif(const TraceReport &R, const std::string &SourceRoot, bool Successful) {
  std::string Root = SourceRoot;
  if (Root.empty() || Root.back() != '/')
    Root += '/';
  Array Results;
  std::map<std::string, unsigned> Counts;
  for (const TraceReportKernel &K : R.Kernels)
    for (const TraceReportFinding &F : K.Findings) {
      std::string Text = traceWarningText(F) + ".";
      for (const std::string &N : traceNotes(R, K, F))
        Text += "\n" + N;
      Object Loc = location(R, K, F, Root);
      // Stable across traces and edits elsewhere in the file: the file's
      // name, the kernel, the type and the mnemonics behind the line.
      std::string Identity =
          llvm::sys::path::filename(F.Source.empty() ? F.Finding.File : F.Source).str() + "|" +
          K.Name + "|" + "ABC"[int(F.Finding.Type)];
      for (const MeasuredInst &I : F.Insts)
        Identity += "|" + I.Text.substr(0, I.Text.find(' '));
      std::string Base = llvm::utohexstr(llvm::xxh3_64bits(llvm::StringRef(Identity)),
                                         /*LowerCase=*/true, 16);
      Results.push_back(
          Object{{"ruleId", "lds-trace"},
                 {"ruleIndex", 0},
                 {"level", "warning"},
                 {"message", Object{{"text", Text}}},
                 {"locations", Array{std::move(Loc)}},
                 {"partialFingerprints",
                  Object{{"ldsTraceHash/v1", Base + ":" + std::to_string(++Counts[Base])}}},
                 {"properties", properties(F)}});
    }
  Array Rules{sarifRule(
      "lds-trace", "LdsTrace", "An LDS bottleneck a profiler measured",
      "A source line where a rocprofv3 thread trace or Nsight Compute's source counters "
      "measured an LDS bottleneck: Type A, a bank conflict (LDS access stall); Type B, "
      "exposed LDS write latency (a wait right after an LDS write); Type C, a reduction "
      "serialised by barriers. Each comes with the static prediction for the line and the "
      "fix lds-rewrite would apply (lds-bank-conflict, lds-exposed-write-latency, "
      "lds-reduction-tail).")};
  return sarifLog(Root, std::move(Rules), std::move(Results),
                  Object{{"executionSuccessful", Successful}});
}

} // namespace lds
