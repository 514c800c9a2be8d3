//===- HtmlAccesses.cpp - An access group as an entry of an HTML page -----===//

#include "pipeline/HtmlAccesses.h"

#include "analysis/WaveTrace.h"
#include "report/ExplainText.h"
#include "report/Findings.h"

namespace lds {

using namespace explain;

namespace {

/// The map after Fix, or the reason there is none, on one target.
void drawAfter(const SharedArray *Arr, const Access &A, const ArrayFix *Fix, const TargetModel *TM,
               const RunConfig &Config, const std::string &ArrayName, HtmlTargetRow &Row,
               unsigned &Maps) {
  if (Fix && Arr && TM) {
    const FixPlan &FP = Fix->Plan;
    if (ExprRef After = relayout(*Arr, A, FP.Choice)) {
      Access Fixed = A;
      Fixed.ByteOffset = After;
      Fixed.ArrayBytes = 0; // the fix's layout, checked by the planner
      ConflictAnalyzer Analyzer(Config.Banks);
      HtmlMap AM;
      AM.Result = Analyzer.analyze(Fixed, *TM, Config.Assumptions);
      AM.Trace = traceWorstWave(Fixed, *TM, AM.Result, Config.Assumptions);
      AM.Caption = "with " + FP.Choice.str() + ": " +
                   captionOf(AM.Result, AM.Trace, Fixed, Config.Assumptions);
      Maps += AM.Trace.Ok;
      Row.After = std::move(AM);
      Row.AfterNote = "The fix: " + FP.Description + ".";
    } else {
      Row.AfterNote = "The fix of '" + ArrayName + "' (" + FP.Choice.str() +
                      ") cannot be drawn for this access.";
    }
  } else if (Row.Before.Result.conflicts()) {
    Row.AfterNote = "No fix for '" + ArrayName + "': see the planner's messages at the top.";
  } else if (Row.Before.Result.Status == ResultStatus::Exact) {
    Row.AfterNote = "No conflict here, and no fix changes '" + ArrayName + "'.";
  }
}

} // namespace

HtmlAccess htmlAccess(clang::ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config,
                      const FilePlan &Plan, const std::vector<size_t> &G,
                      const std::vector<size_t> &Targets, std::string Anchor, unsigned &Maps) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  const Model &M = F.Built.M;
  size_t I = G[0];
  const Access &A = M.Accesses[I];
  const SharedArray *Arr = M.findArray(A.ArrayId);
  Place P = placeOf(F.Built.Origins[I], SM, Ctx.getLangOpts());
  HtmlAccess HA;
  HA.Line = P.Line;
  HA.Column = P.BeginCol;
  HA.Anchor = std::move(Anchor);
  HA.Kind = kindsText(M, G);
  HA.Array = Arr ? Arr->Name : A.ArrayId;
  HA.Kernel = A.Kernel;
  HA.Title = std::to_string(HA.Line) + ":" + std::to_string(HA.Column) + " " + HA.Kind + " of '" +
             HA.Array + "' in kernel '" + A.Kernel + "'";
  HA.SourceLine = lineText(SM, HA.Line);
  HA.Details = arrayText(Arr) + "; " + accessText(F.Built.Origins[I], A, SM, Ctx.getLangOpts()) +
               "; " + std::to_string(A.WidthBytes) + " B per lane; " +
               blockText(A, F.Built.Origins[I], SM);
  const ArrayFix *Fix = nullptr;
  for (const ArrayFix &X : Plan.Fixes)
    if (X.ArrayIds.count(A.ArrayId))
      Fix = &X;
  for (size_t T : Targets) {
    const TargetModel *TM = Config.Banks.find(F.Targets[T]);
    HtmlTargetRow Row;
    Row.Target = F.Targets[T];
    Row.Description = TM ? TM->Description : "";
    Row.Before.Result = F.Results[I][T];
    if (TM)
      Row.Before.Trace = traceWorstWave(A, *TM, Row.Before.Result, Config.Assumptions);
    Row.Before.Caption = captionOf(Row.Before.Result, Row.Before.Trace, A, Config.Assumptions);
    Maps += Row.Before.Trace.Ok;
    drawAfter(Arr, A, Fix, TM, Config, HA.Array, Row, Maps);
    HA.Targets.push_back(std::move(Row));
  }
  return HA;
}

} // namespace lds
