//===- TraceJoin.cpp - A measured line next to what the analysis predicts -===//

#include "pipeline/TraceJoin.h"
#include "analysis/KernelName.h"
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

/// Whether access A is on Line of F's file: at the call site (an ATT inline
/// chain's outermost frame), inside the helper (Nsight Compute's line of
/// inlined code), or a frame between. Its column there.
std::optional<unsigned> columnOnLine(const Access &A, const TraceFinding &F) {
  auto On = [&](const SourceLoc &L) { return L.Line == F.Line && sameFile(L.File, F.File); };
  for (const SourceLoc &L : A.CallChain)
    if (On(L))
      return L.Column;
  if (On(A.Loc))
    return A.Loc.Column;
  return std::nullopt;
}

void joinBankConflict(const AnalyzedFile &File, const FilePlan &Plan, const TraceFinding &F,
                      size_t T, const std::string &Target, const std::string &Kernel,
                      TraceJoin &J) {
  const Model &M = File.Built.M;
  // Only the traced kernel's accesses, when its name is one the analysis
  // knows: the instantiations of a template differ (kmajor_tile<1> is 2-way
  // where kmajor_tile<0> is 4-way, on one line).
  std::string Traced = comparableKernelName(Kernel);
  bool Known = std::any_of(M.Accesses.begin(), M.Accesses.end(), [&](const Access &A) {
    return comparableKernelName(A.Kernel) == Traced;
  });
  std::optional<double> Worst;
  unsigned WorstBytes = 0;
  const AccessResult *WorstResult = nullptr;
  std::string Unknown, Array, ArrayId;
  for (size_t I = 0; I < M.Accesses.size(); ++I) {
    const Access &A = M.Accesses[I];
    std::optional<unsigned> Column = columnOnLine(A, F);
    if (!Column || T >= File.Results[I].size() ||
        (Known && comparableKernelName(A.Kernel) != Traced))
      continue;
    const AccessResult &R = File.Results[I][T];
    if (R.Status != ResultStatus::Exact) {
      Unknown = R.Reason;
      continue;
    }
    if (!Worst || R.Degree > *Worst) {
      Worst = R.Degree;
      WorstBytes = A.WidthBytes;
      WorstResult = &R;
      J.Column = *Column;
      const SharedArray *Arr = M.findArray(A.ArrayId);
      Array = Arr ? Arr->Name : A.ArrayId;
      ArrayId = A.ArrayId;
    }
  }
  // An unknown access on the line leaves the line unknown: its worst may
  // be the one not evaluated.
  if (Worst && !Unknown.empty()) {
    J.Prediction = "predicted: unknown on " + Target + ": " + Unknown + " (another access on " +
                   "this line: " + (*Worst > 1 ? degree(*Worst) + "-way" : "conflict-free") + ")";
    J.Fix = "no fix: " + J.Prediction;
    return;
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
  if (F.NWay) {
    bool Agree = std::fabs(*F.NWay - *Worst) < 1e-6;
    J.Agreement = "measured " + degree(*F.NWay) + "-way, predicted " + degree(*Worst) + "-way: " +
                  (Agree ? "they agree" : "they disagree by " + degree(std::fabs(*F.NWay - *Worst)));
    // nvcc merges neighbouring scalar accesses (s[2i], s[2i+1] into one
    // LDS.64): the measured degree is the wider instruction's, the
    // prediction the access as written.
    if (!Agree && F.NWayBytes > WorstBytes)
      J.Agreement += "; the compiler made the line's " + std::to_string(WorstBytes) +
                     "-byte accesses " + std::to_string(F.NWayBytes) +
                     "-byte instructions, whose degree is the measured one (the prediction is "
                     "for the accesses as written)";
    // Nsight Compute's figure is over every execution of the instruction;
    // the prediction is the worst iteration's.
    if (!Agree && WorstResult->VariesWithIteration && *F.NWay < *Worst) {
      std::string At;
      for (const auto &[Name, Value] : WorstResult->WorstBinding)
        At += (At.empty() ? "" : ", ") + Name + " = " + std::to_string(Value);
      J.Agreement += "; the cost varies with the iteration: the prediction is the worst "
                     "iteration's" +
                     (At.empty() ? std::string() : " (" + At + ")") +
                     ", the measured degree the mean over every execution";
    }
  } else
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
                           const TraceFinding &F, const std::string &Target,
                           const std::string &Kernel) {
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
    joinBankConflict(File, Plan, F, T, On, Kernel, J);
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
