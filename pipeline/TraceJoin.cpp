//===- TraceJoin.cpp - A measured line next to what the analysis predicts -===//

#include "pipeline/TraceJoin.h"
#include "report/BarrierFindings.h"
#include "report/CheckNames.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace clang;

namespace lds {

namespace {

std::string degree(double D) {
  char B[32];
  std::snprintf(B, sizeof B, D == static_cast<long long>(D) ? "%.0f" : "%.2f", D);
  return B;
}

bool sameFile(llvm::StringRef A, llvm::StringRef B) {
  return llvm::sys::path::filename(A) == llvm::sys::path::filename(B);
}

/// Whether a statement's lines hold [First, Last].
bool spans(const SourceManager &SM, const Stmt *S, unsigned First, unsigned Last) {
  unsigned B = SM.getExpansionLineNumber(S->getBeginLoc());
  unsigned E = SM.getExpansionLineNumber(S->getEndLoc());
  return B <= First && Last <= E;
}

/// The note of a barrier finding that says its fix, or why there is none.
std::string fixNote(const BarrierFindingText &T) {
  for (const FindingNote &N : T.Text.Notes)
    if (llvm::StringRef(N.Message).starts_with("fix:") ||
        llvm::StringRef(N.Message).starts_with("no prefetch:") ||
        llvm::StringRef(N.Message).starts_with("no fix:"))
      return N.Message;
  return "";
}

void joinBankConflict(const AnalyzedFile &File, const FilePlan &Plan, const TraceFinding &F,
                      size_t T, const std::string &Target, TraceJoin &J) {
  const Model &M = File.Built.M;
  std::optional<double> Worst;
  std::string Unknown, Array, ArrayId;
  for (size_t I = 0; I < M.Accesses.size(); ++I) {
    const Access &A = M.Accesses[I];
    const SourceLoc &At = A.CallChain.empty() ? A.Loc : A.CallChain.front();
    if (At.Line != F.Line || !sameFile(At.File, F.File) || T >= File.Results[I].size())
      continue;
    const AccessResult &R = File.Results[I][T];
    if (R.Status != ResultStatus::Exact) {
      Unknown = R.Reason;
      continue;
    }
    if (!Worst || R.Degree > *Worst) {
      Worst = R.Degree;
      J.Column = At.Column;
      const SharedArray *Arr = M.findArray(A.ArrayId);
      Array = Arr ? Arr->Name : A.ArrayId;
      ArrayId = A.ArrayId;
    }
  }
  if (!Worst) {
    J.Prediction = Unknown.empty() ? "the analysis finds no __shared__ access on this line"
                                   : "predicted: unknown on " + Target + ": " + Unknown;
    J.Fix = "no fix: " + J.Prediction;
    return;
  }
  J.PredictedDegree = Worst;
  J.Prediction = *Worst > 1 ? "predicted " + degree(*Worst) + "-way on " + Target
                            : "predicted conflict-free on " + Target;
  if (F.NWay)
    J.Agreement = "measured " + degree(*F.NWay) + "-way, predicted " + degree(*Worst) + "-way: " +
                  (std::fabs(*F.NWay - *Worst) < 1e-6 ? "they agree"
                                                      : "they disagree by " +
                                                            degree(std::fabs(*F.NWay - *Worst)));
  else
    J.Agreement = *Worst > 1 ? "the stall agrees with the predicted conflict"
                             : "the stall disagrees with the prediction (conflict-free): it has "
                               "another cause (back-pressure of the LDS queue, a wait that lands "
                               "here)";
  for (const ArrayFix &Fix : Plan.Fixes)
    if (Fix.ArrayIds.count(ArrayId)) {
      J.Fix = std::string(CheckName) + ": " + Fix.Plan.Description;
      return;
    }
  // The planner's own words for the refusal: "not fixing 's': ...".
  std::string Why;
  llvm::StringRef Msgs(Plan.Messages);
  size_t At = Msgs.find("not fixing '" + Array + "': ");
  if (At != llvm::StringRef::npos)
    Why = Msgs.substr(At).split('\n').first.split(" [").first.str();
  J.Fix = *Worst > 1 ? "no fix: " + (Why.empty() ? "the planner finds none for '" + Array + "'" : Why)
                     : "no fix: no conflict predicted";
}

} // namespace

TraceJoin joinTraceFinding(ASTContext &Ctx, const AnalyzedFile &File, const FilePlan &Plan,
                           const TraceFinding &F, const std::string &Target) {
  TraceJoin J;
  const SourceManager &SM = Ctx.getSourceManager();
  // DWARF line 0 ("file:?"): code the compiler merged from several lines
  // (two stores into one ds_write2st64_b32, two barriers into one), which
  // no line of the file holds.
  if (!F.Line) {
    J.Prediction = "no source line: the trace gives line 0 (code the compiler merged from "
                   "several lines)";
    J.Fix = "no fix: " + J.Prediction;
    return J;
  }
  size_t T = std::find(File.Targets.begin(), File.Targets.end(), Target) - File.Targets.begin();
  if (T == File.Targets.size())
    T = 0;
  std::string On = T < File.Targets.size() ? File.Targets[T] : Target;
  switch (F.Type) {
  case TraceType::A:
    joinBankConflict(File, Plan, F, T, On, J);
    break;
  case TraceType::B:
    for (const MatchedRefillLoop &L : File.RefillLoops)
      if (spans(SM, L.Loop, F.Line, F.Line)) {
        BarrierFindingText Text = describeRefillLoop(File, L);
        J.Prediction = "lds-exposed-write-latency finds this refill at line " +
                       std::to_string(SM.getExpansionLineNumber(L.Loop->getBeginLoc()));
        J.Fix = Text.Fixable ? std::string(ExposedWriteLatencyCheck) +
                                   ": prefetch the next iteration's global loads into registers (" +
                                   Text.Placement + ")"
                             : fixNote(Text);
        return J;
      }
    J.Prediction = "no LDS refill loop the analysis recognises holds this line";
    J.Fix = "no fix: " + J.Prediction;
    break;
  case TraceType::C:
    for (size_t I = 0; I < File.Reductions.size(); ++I)
      if (spans(SM, File.Reductions[I].Loop, F.Line, F.Line)) {
        BarrierFindingText Text = describeReduction(File, I);
        J.Prediction = Text.Text.Warning;
        J.Fix = Text.Fixable ? std::string(ReductionTailCheck) +
                                   ": the in-wave levels as wave shuffles, the same pairs"
                             : fixNote(Text);
        return J;
      }
    J.Prediction = "no tree reduction the analysis recognises holds these lines";
    J.Fix = "no fix: " + J.Prediction;
    break;
  }
  return J;
}

} // namespace lds
