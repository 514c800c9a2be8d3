//===- ReportBuilder.cpp - One file's report, made while its AST is alive -===//

#include "report/ReportBuilder.h"

#include "report/CheckNames.h"
#include "report/Findings.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace lds {

PlainLocation plainLocation(const SourceManager &SM, SourceLocation L) {
  PlainLocation P;
  if (L.isInvalid())
    return P;
  auto [FID, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(L));
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return P;
  P.File = FE->getName().str();
  llvm::SmallString<256> Abs(P.File);
  SM.getFileManager().makeAbsolutePath(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  P.Path = std::string(Abs);
  P.Offset = Offset;
  P.Line = SM.getLineNumber(FID, Offset);
  P.Column = SM.getColumnNumber(FID, Offset);
  // UTF-16 code units from the start of the line: a UTF-8 lead byte is one,
  // a 4-byte sequence (outside the BMP) two.
  llvm::StringRef Text = SM.getBufferData(FID);
  unsigned Units = 0;
  for (unsigned I = Offset - (P.Column - 1); I < Offset && I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if ((C & 0xC0) != 0x80)
      Units += C >= 0xF0 ? 2 : 1;
  }
  P.Utf16Column = Units + 1;
  return P;
}

namespace {

class Builder {
public:
  Builder(const SourceManager &SM, const AnalyzedFile &F) : SM(SM), F(F) {}

  void add(Severity Level, SourceLocation L, std::string Message, const char *Check = CheckName) {
    ReportFinding R;
    R.Check = Check;
    R.Level = Level;
    R.Loc = plainLocation(SM, L);
    R.Message = std::move(Message);
    Out.Report.Findings.push_back(std::move(R));
    Out.Places.push_back({L, {}});
  }

  void note(SourceLocation L, std::string Message) {
    Out.Report.Findings.back().Notes.push_back({plainLocation(SM, L), std::move(Message)});
    Out.Places.back().Notes.push_back(L);
  }

  /// The last finding is about G's accesses.
  void about(const Finding &G) {
    ReportFinding &R = Out.Report.Findings.back();
    const Access &A = F.Built.M.Accesses[G.Members[0]];
    R.Accesses = G.Members;
    R.ArrayId = A.ArrayId;
    R.Identity = A.ArrayId + "|" + kindsText(F, G) + "|" + A.IndexText;
    R.Costs = F.Results[G.Members[0]];
    R.Suppressed = llvm::all_of(G.Members, [&](size_t I) { return F.suppressed(I); });
  }

  BuiltReport Out;

private:
  const SourceManager &SM;
  const AnalyzedFile &F;
};

/// lds-redundant-barrier: the barrier, and a note at the one that stays.
void addRedundantBarrier(Builder &B, const AnalyzedFile &F, const RedundantBarrier &R) {
  const Barrier &Gone = F.Built.M.Barriers[R.Barrier];
  const Barrier &Kept = F.Built.M.Barriers[R.KeptBarrier];
  B.add(Severity::Warning, F.Built.BarrierSites[R.Barrier]->getBeginLoc(),
        "redundant barrier: only register code runs since the barrier at line " +
            std::to_string(Kept.Loc.Line) + ", which orders the same accesses",
        RedundantBarrierCheck);
  B.note(F.Built.BarrierSites[R.KeptBarrier]->getBeginLoc(),
         "this barrier already orders every LDS and global access before it against every "
         "access after line " +
             std::to_string(Gone.Loc.Line));
  B.Out.Report.Findings.back().Identity = barrierIdentity(F.Built.M, R.Barrier);
}

std::string quotedList(const std::vector<std::string> &Names) {
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I ? (I + 1 == Names.size() ? " and '" : ", '") : "'") + Names[I] + "'";
  return Out;
}

/// lds-exposed-write-latency: the stores, their wait, and the prefetch or
/// the rule that forbids it.
void addRefillLoop(Builder &B, const SourceManager &SM, const AnalyzedFile &F,
                   const MatchedRefillLoop &L) {
  const RefillLoop &P = L.Plain;
  B.add(Severity::Warning, L.Stores.front().Assign->getBeginLoc(),
        "the LDS stores of " + quotedList(P.Arrays) + " are waited for at once by the barrier at line " +
            std::to_string(P.Wait.Line) + ", and the next iteration's global loads of " +
            quotedList(P.Sources) + " start only after the barrier at line " +
            std::to_string(P.Trailing.Line),
        ExposedWriteLatencyCheck);
  ReportFinding &R = B.Out.Report.Findings.back();
  R.Identity = "refill|" + P.Kernel + "|" + std::to_string(P.Loop.Line);
  R.Barrier = plainLocation(SM, L.Wait->getBeginLoc());
  B.note(L.Wait->getBeginLoc(), "the wait: nothing runs between the LDS stores and this barrier");
  for (const std::string &T : F.DrainingTargets)
    B.note(L.Wait->getBeginLoc(), "on " + T + " this barrier also waits for global loads "
                                  "(barriers.md): a prefetch gains little there");
  if (std::optional<size_t> H = blockingHazard(P)) {
    R.BlockingRule = ruleOf(P.Hazards[*H].Kind);
    B.note(L.HazardSites[*H], "no prefetch: " + describeHazard(P.Hazards[*H]));
  } else if (!L.Unsupported.empty()) {
    B.note(L.Loop->getBeginLoc(), "no prefetch: " + L.Unsupported);
  } else {
    R.Placement = placementName(F.Placement);
    B.note(L.Loop->getBeginLoc(),
           std::string("fix: load the next iteration's values into registers ") +
               (F.Placement == PrefetchPlacement::BeforeWait
                    ? "right after the LDS stores, before their wait"
                    : "right after the wait, while LDS is read") +
               " (the first iteration's before the loop; clamped on the last)");
  }
}

/// "6 on gfx942, 5 on sm_90": log2 of each target's wave size.
std::string levelsPerTarget(const AnalyzedFile &F) {
  std::string Out;
  for (size_t I = 0; I < F.Targets.size() && I < F.WaveSizes.size(); ++I) {
    unsigned L = 0;
    for (unsigned W = F.WaveSizes[I]; W > 1; W >>= 1)
      ++L;
    Out += (I ? ", " : "") + std::to_string(L) + " on " + F.Targets[I];
  }
  return Out;
}

/// lds-reduction-tail: the loop, and the shuffles or why not.
void addReduction(Builder &B, const AnalyzedFile &F, size_t I) {
  const MatchedReduction &R = F.Reductions[I];
  bool Seq = R.Plain.Form == ReductionForm::Sequential;
  B.add(Severity::Warning, R.Loop->getBeginLoc(),
        "tree reduction over '" + R.Plain.Array + "' with a barrier per level: its " +
            (Seq ? "last" : "first") + " levels (" + levelsPerTarget(F) +
            ") stay within one wave and need no barrier",
        ReductionTailCheck);
  B.Out.Report.Findings.back().Identity = "reduction|" + R.Plain.Kernel + "|" + R.Plain.Array;
  if (!F.TailRefusals[I].empty()) {
    B.note(R.Loop->getBeginLoc(), "no fix: " + F.TailRefusals[I]);
    return;
  }
  std::string Counts;
  unsigned X = R.Plain.Blocks.front().Dims[0];
  for (size_t T = 0; T < F.Targets.size() && T < F.WaveSizes.size(); ++T)
    Counts += std::string(T ? ", " : "") +
              std::to_string(reductionBarriers(R.Plain.Form, X, F.WaveSizes[T], false)) + " -> " +
              std::to_string(reductionBarriers(R.Plain.Form, X, F.WaveSizes[T], true)) + " on " +
              F.Targets[T];
  B.note(R.Loop->getBeginLoc(),
         "fix: do them with wave shuffles in the same pairs, so every sum is the same bits; "
         "barriers per block of " + std::to_string(X) + " threads: " + Counts);
}

/// The first target on which access I's cost is unknown.
const AccessResult *firstUnknown(const AnalyzedFile &F, size_t I) {
  for (const AccessResult &R : F.Results[I])
    if (R.Status == ResultStatus::Unknown)
      return &R;
  return nullptr;
}

} // namespace

BuiltReport buildReport(const SourceManager &SM, const AnalyzedFile &F, bool WithAccesses) {
  Builder B(SM, F);
  FileReport &Report = B.Out.Report;
  Report.File = F.File;
  Report.Targets = F.Targets;
  Report.HostErrors = F.HostErrors;
  if (F.UsedFallbackHeaders)
    B.add(Severity::Remark, SourceLocation(),
          "parsed " + F.File +
              " with lds-rewrite's minimal GPU headers: no HIP/CUDA installation was found");
  for (const Finding &G : F.runs(CheckName) ? groupFindings(F) : std::vector<Finding>()) {
    FindingText T = describeFinding(SM, F, G, SettingNames());
    if (!T.Warning.empty()) {
      B.add(Severity::Warning, T.Loc, T.Warning);
      B.about(G);
      for (const FindingNote &N : T.Notes)
        B.note(N.Loc, N.Message);
    }
    if (!T.Remark.empty()) {
      B.add(Severity::Remark, T.Loc, T.Remark);
      B.about(G);
      Report.Findings.back().Cause = firstUnknown(F, G.Members[0])->Cause;
    }
  }
  for (const MatchedRefillLoop &L : F.RefillLoops)
    addRefillLoop(B, SM, F, L);
  for (size_t I = 0; I < F.Reductions.size(); ++I)
    addReduction(B, F, I);
  for (const RedundantBarrier &R : F.RedundantBarriers)
    addRedundantBarrier(B, F, R);
  if (WithAccesses)
    Report.Accesses = AccessTable{F.Built.M, F.Results, F.Suppressed};
  return std::move(B.Out);
}

} // namespace lds
