//===- TraceJson.cpp - lds-rewrite trace --format=json --------------------===//
//
// The schema is docs/trace.md's; its version changes when a field
// changes meaning or goes, not when one is added.
//
//===----------------------------------------------------------------------===//

#include "report/TraceReport.h"

namespace lds {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

Object findingJson(const TraceReportFinding &RF) {
  const TraceFinding &F = RF.Finding;
  Object O{{"type", std::string(1, "ABC"[int(F.Type)])},
           {"kind", traceTypeName(F.Type)},
           {"trace_file", F.File},
           {"file", RF.Source.empty() ? Value(nullptr) : Value(RF.Source)},
           {"line", F.Line},
           {"last_line", F.LastLine},
           {"summary", F.Summary},
           {"stall", F.Stall},
           {"per_instance", F.PerInstance},
           {"share", F.Share}};
  if (F.NWay)
    O["measured_nway"] = *F.NWay;
  if (F.Type == TraceType::C)
    O["barriers_per_wave"] = F.BarriersPerWave;
  if (RF.Join) {
    const TraceJoin &J = *RF.Join;
    if (J.Column)
      O["column"] = J.Column;
    if (J.PredictedDegree)
      O["predicted_degree"] = *J.PredictedDegree;
    O["prediction"] = J.Prediction;
    if (!J.Agreement.empty())
      O["agreement"] = J.Agreement;
    O["fix"] = J.Fix;
  }
  Array Insts;
  for (const MeasuredInst &I : RF.Insts) {
    Object IO{{"text", I.Text}, {"hit", static_cast<int64_t>(I.Hit)}, {"stall", I.Stall}};
    if (I.NWay)
      IO["measured_nway"] = *I.NWay;
    Insts.push_back(std::move(IO));
  }
  O["instructions"] = std::move(Insts);
  return O;
}

} // namespace

Value traceJson(const TraceReport &R) {
  Array Ks;
  for (const TraceReportKernel &K : R.Kernels) {
    Array Fs;
    for (const TraceReportFinding &F : K.Findings)
      Fs.push_back(findingJson(F));
    Ks.push_back(Object{{"name", K.Name},
                        {"unit", K.Samples ? "warp-stall samples" : "cycles"},
                        {"total_stall", K.TotalStall},
                        {"waves", static_cast<int64_t>(K.Waves)},
                        {"lds_share", K.LdsShare},
                        {"headline", K.Headline},
                        {"findings", std::move(Fs)}});
  }
  return Object{{"version", 1},
                {"trace", Object{{"path", R.Path}, {"format", R.Format}, {"target", R.Target}}},
                {"kernels", std::move(Ks)}};
}

} // namespace lds
