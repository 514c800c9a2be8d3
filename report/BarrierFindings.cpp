//===- BarrierFindings.cpp - The words of the barrier checks' findings ----===//

#include "report/BarrierFindings.h"
#include "analysis/SelfReadback.h"

namespace lds {

namespace {

std::string quotedList(const std::vector<std::string> &Names) {
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I ? (I + 1 == Names.size() ? " and '" : ", '") : "'") + Names[I] + "'";
  return Out;
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

} // namespace

BarrierFindingText describeRedundantBarrier(const AnalyzedFile &F, const RedundantBarrier &R) {
  const Barrier &Gone = F.Built.M.Barriers[R.Barrier];
  const Barrier &Kept = F.Built.M.Barriers[R.KeptBarrier];
  BarrierFindingText Out;
  Out.Text.Loc = F.Built.BarrierSites[R.Barrier]->getBeginLoc();
  Out.Identity = barrierIdentity(F.Built.M, R.Barrier);
  Out.Fixable = Gone.Removable;
  if (R.Why == RedundantBarrier::SelfReadback) {
    Out.Text.Warning = "redundant barrier: every thread reads back only what it wrote itself "
                       "between line " +
                       std::to_string(R.FirstLine) + " and line " + std::to_string(R.LastLine);
    Out.Text.Notes.push_back(
        {Out.Text.Loc, "proven for every pair of threads and every iteration (" + R.Proof +
                           "): no LDS or global element one thread writes there is read or "
                           "written by another"});
    return Out;
  }
  Out.Text.Warning = "redundant barrier: only register code runs since the barrier at line " +
                     std::to_string(Kept.Loc.Line) + ", which orders the same accesses";
  Out.Text.Notes.push_back({F.Built.BarrierSites[R.KeptBarrier]->getBeginLoc(),
                            "this barrier already orders every LDS and global access before it "
                            "against every access after line " +
                                std::to_string(Gone.Loc.Line)});
  Out.Identity = barrierIdentity(F.Built.M, R.Barrier);
  Out.Fixable = Gone.Removable;
  return Out;
}

std::string barrierVerdict(const AnalyzedFile &F, size_t I) {
  const Model &M = F.Built.M;
  const Barrier &B = M.Barriers[I];
  std::string Head = "barrier '" + B.Callee + "' in '" + B.Kernel + "': ";
  for (const RedundantBarrier &R : findRedundantBarriers(M, F.WaveSizes))
    if (M.Barriers[R.Barrier].Loc.Offset == B.Loc.Offset &&
        M.Barriers[R.Barrier].Loc.File == B.Loc.File)
      return Head + "redundant: " +
             (R.Why == RedundantBarrier::SelfReadback
                  ? "every thread reads back only what it wrote itself between line " +
                        std::to_string(R.FirstLine) + " and line " + std::to_string(R.LastLine) +
                        " (" + R.Proof + ")"
                  : "only register code runs since the barrier at line " +
                        std::to_string(R.Kept.Line));
  for (const RedundantBarrier &R : findRedundantBarriers(M))
    if (R.Why == RedundantBarrier::BackToBack && R.Kept.Offset == B.Loc.Offset &&
        R.Kept.File == B.Loc.File)
      return Head + "kept: the barrier at line " + std::to_string(M.Barriers[R.Barrier].Loc.Line) +
             " goes instead (only register code between the two)";
  ReadbackCheck C = checkReadbackBarrier(M, I, F.WaveSizes);
  if (C.Result == ReadbackCheck::Conflict)
    return Head + "needed: " + C.Detail + ", and only this barrier orders the two";
  if (C.Result == ReadbackCheck::Proven)
    return Head + "kept: with the other barriers as they are it orders nothing (" + C.Detail +
           "), but removing it together with the barriers found redundant is not proven";
  return Head + "kept: not proven redundant: " + C.Detail;
}

BarrierFindingText describeSingleWave(const AnalyzedFile &F, const SingleWaveKernel &K) {
  const Barrier &B = F.Built.M.Barriers[K.FirstBarrier];
  const clang::FunctionDecl *Kernel = F.Built.BarrierKernels[K.FirstBarrier];
  unsigned N = K.Block.threads();
  std::string From = K.Block.Source == BlockSource::Cli ? "--block"
                     : K.Block.Source == BlockSource::Config
                         ? K.Block.From.File
                         : "its launch at line " + std::to_string(K.Block.From.Line);
  BarrierFindingText Out;
  Out.Text.Loc = F.Built.BarrierSites[K.FirstBarrier]->getBeginLoc();
  Out.Text.Warning = "the block of '" + B.Kernel + "' is one wave on every requested target (" +
                     std::to_string(N) + " threads, from " + From + "): its " +
                     std::to_string(K.Barriers) + (K.Barriers == 1 ? " barrier orders" : " barriers order") +
                     " nothing its lanes do not see in order already";
  Out.Text.Notes.push_back({Kernel->getLocation(),
                            "fix: add __launch_bounds__(" + std::to_string(N) + ") to '" + B.Kernel +
                                "': the compiler then drops s_barrier and keeps the fences "
                                "(deleting the barriers would drop the fences too)"});
  Out.Identity = "single-wave|" + B.Kernel;
  Out.Fixable = true;
  return Out;
}

BarrierFindingText describeRefillLoop(const AnalyzedFile &F, const MatchedRefillLoop &L) {
  const RefillLoop &P = L.Plain;
  BarrierFindingText Out;
  Out.Text.Loc = L.Stores.front().Assign->getBeginLoc();
  Out.Text.Warning = "the LDS stores of " + quotedList(P.Arrays) +
                     " are waited for at once by the barrier at line " +
                     std::to_string(P.Wait.Line) + ", and the next iteration's global loads of " +
                     quotedList(P.Sources) + " start only after the barrier at line " +
                     std::to_string(P.Trailing.Line);
  Out.Identity = "refill|" + P.Kernel + "|" + std::to_string(P.Loop.Line);
  Out.Barrier = L.Wait->getBeginLoc();
  auto &Notes = Out.Text.Notes;
  Notes.push_back({L.Wait->getBeginLoc(), "the wait: nothing runs between the LDS stores and this barrier"});
  for (const std::string &T : F.DrainingTargets)
    Notes.push_back({L.Wait->getBeginLoc(), "on " + T + " this barrier also waits for global loads "
                                             "(barriers.md): a prefetch gains little there"});
  if (std::optional<size_t> H = blockingHazard(P)) {
    Out.BlockingRule = ruleOf(P.Hazards[*H].Kind);
    Notes.push_back({L.HazardSites[*H], "no prefetch: " + describeHazard(P.Hazards[*H])});
  } else if (!L.Unsupported.empty()) {
    Notes.push_back({L.Loop->getBeginLoc(), "no prefetch: " + L.Unsupported});
  } else {
    Out.Fixable = true;
    Out.Placement = placementName(F.Placement);
    if (!L.RaceProof.empty())
      Notes.push_back({L.Loop->getBeginLoc(), L.RaceProof});
    Notes.push_back({L.Loop->getBeginLoc(),
                     std::string("fix: load the next iteration's values into registers ") +
                         (F.Placement == PrefetchPlacement::BeforeWait
                              ? "right after the LDS stores, before their wait"
                              : "right after the wait, while LDS is read") +
                         " (the first iteration's before the loop; clamped on the last)"});
  }
  return Out;
}

BarrierFindingText describeReduction(const AnalyzedFile &F, size_t I) {
  const MatchedReduction &R = F.Reductions[I];
  BarrierFindingText Out;
  bool Seq = R.Plain.Form == ReductionForm::Sequential;
  Out.Text.Loc = R.Loop->getBeginLoc();
  Out.Text.Warning = "tree reduction over '" + R.Plain.Array + "' with a barrier per level: its " +
                     (Seq ? "last" : "first") + " levels (" + levelsPerTarget(F) +
                     ") stay within one wave and need no barrier";
  Out.Identity = "reduction|" + R.Plain.Kernel + "|" + R.Plain.Array;
  if (!F.TailRefusals[I].empty()) {
    Out.Text.Notes.push_back({R.Loop->getBeginLoc(), "no fix: " + F.TailRefusals[I]});
    return Out;
  }
  Out.Fixable = true;
  std::string Counts;
  unsigned X = R.Plain.Blocks.front().Dims[0];
  for (size_t T = 0; T < F.Targets.size() && T < F.WaveSizes.size(); ++T)
    Counts += std::string(T ? ", " : "") +
              std::to_string(reductionBarriers(R.Plain.Form, X, F.WaveSizes[T], false)) + " -> " +
              std::to_string(reductionBarriers(R.Plain.Form, X, F.WaveSizes[T], true)) + " on " +
              F.Targets[T];
  Out.Text.Notes.push_back(
      {R.Loop->getBeginLoc(), "fix: do them with wave shuffles in the same pairs, so every sum is "
                              "the same bits; barriers per block of " +
                                  std::to_string(X) + " threads: " + Counts});
  return Out;
}

} // namespace lds
