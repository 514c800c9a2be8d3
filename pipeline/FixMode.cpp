//===- FixMode.cpp - --fix and --diff -------------------------------------===//

#include "pipeline/FixMode.h"

#include "analysis/TransposeLoad.h"
#include "matchers/SharedArrayInfo.h"
#include "pipeline/AtomicWrite.h"
#include "pipeline/CheckAction.h"
#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/FixedCopies.h"
#include "pipeline/HostErrors.h"
#include "pipeline/PreludePch.h"
#include "pipeline/ProjectRoot.h"
#include "pipeline/Recompile.h"
#include "pipeline/Suppressions.h"
#include "report/DiagPrinter.h"
#include "report/Findings.h"
#include "report/HostErrorText.h"
#include "report/CheckNames.h"
#include "rewrites/BarrierRemoval.h"
#include "rewrites/FixPlanning.h"
#include "rewrites/PrefetchRewrite.h"
#include "rewrites/ShuffleTailRewrite.h"
#include "rewrites/TransposeLoadRewrite.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cmath>
#include <functional>
#include <set>

using namespace clang;

namespace lds {

/// Reps as plain edits; false if one cannot be placed (the fix would be
/// half-done).
static bool plainEdits(const clang::SourceManager &SM, const FilePlan &P, const FileEdits &Reps,
                       std::vector<PlainEdit> &Out) {
  for (const auto &[File, FileReps] : Reps)
    for (const clang::tooling::Replacement &R : FileReps) {
      clang::FileID FID;
      if (auto FE = SM.getFileManager().getOptionalFileRef(R.getFilePath()))
        FID = SM.translateFile(*FE);
      if (FID.isInvalid() && R.getFilePath() == P.MainPath)
        FID = SM.getMainFileID();
      if (FID.isInvalid())
        return false;
      PlainEdit E;
      E.Start = plainLocation(SM, SM.getComposedLoc(FID, R.getOffset()));
      E.End = plainLocation(SM, SM.getComposedLoc(FID, R.getOffset() + R.getLength()));
      E.Length = R.getLength();
      E.Text = R.getReplacementText().str();
      if (!E.Start.valid() || !E.End.valid())
        return false;
      Out.push_back(std::move(E));
    }
  return true;
}

std::vector<PlainFix> plainFixes(const clang::SourceManager &SM, const FilePlan &P) {
  std::vector<PlainFix> Out;
  for (const ArrayFix &AF : P.Fixes) {
    PlainFix Fix;
    Fix.ArrayIds = AF.ArrayIds;
    Fix.Description = AF.Plan.Description;
    if (plainEdits(SM, P, AF.Reps, Fix.Edits))
      Out.push_back(std::move(Fix));
  }
  // Another check's fix: the finding it fixes, and its edits.
  auto AddCheckFix = [&](const char *Check, const std::string &Identity, std::string Description,
                         const FileEdits &Reps) {
    PlainFix Fix;
    Fix.Check = Check;
    Fix.Identity = Identity;
    Fix.Description = std::move(Description);
    if (plainEdits(SM, P, Reps, Fix.Edits))
      Out.push_back(std::move(Fix));
  };
  for (const BarrierFix &BF : P.BarrierFixes)
    AddCheckFix(RedundantBarrierCheck, BF.Identity,
                "remove the barrier at line " + std::to_string(BF.Removed.Line), BF.Reps);
  for (const PrefetchFix &PF : P.PrefetchFixes)
    AddCheckFix(ExposedWriteLatencyCheck, PF.Identity, prefetchDescription(PF), PF.Reps);
  for (const TailFix &TF : P.TailFixes)
    AddCheckFix(ReductionTailCheck, TF.Identity, tailDescription(TF), TF.Reps);
  for (const TransposeFix &XF : P.TransposeFixes)
    AddCheckFix(TransposeLoadCheck, XF.Identity, transposeDescription(XF), XF.Reps);
  for (const LaunchBoundsFix &LF : P.LaunchBoundsFixes)
    AddCheckFix(RedundantBarrierCheck, LF.Identity, launchBoundsDescription(LF), LF.Reps);
  return Out;
}

std::string launchBoundsDescription(const LaunchBoundsFix &F) {
  return "add __launch_bounds__(" + std::to_string(F.Threads) + ") to '" + F.Kernel + "'";
}

/// lds-redundant-barrier's single-wave kernels get their launch bound.
static void planLaunchBoundsFixes(ASTContext &Ctx, const AnalyzedFile &F, const EditScope &Scope,
                                  FilePlan &P, DiagPrinter &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const SingleWaveKernel &K : F.SingleWave) {
    const FunctionDecl *Kernel = F.Built.BarrierKernels[K.FirstBarrier];
    const Barrier &B = F.Built.M.Barriers[K.FirstBarrier];
    auto Refuse = [&](const std::string &Why) {
      ++P.UnfixedBarriers;
      Out.report(DiagnosticsEngine::Warning, SM.getExpansionLoc(Kernel->getLocation()),
                 "not adding __launch_bounds__ to '" + B.Kernel + "': " + Why,
                 RedundantBarrierCheck);
    };
    if (Kernel->getPreviousDecl()) {
      Refuse("it is declared before its definition; the bound would have to go on every "
             "declaration");
      continue;
    }
    auto Name = editableRange(SourceRange(Kernel->getLocation()), Ctx, "the kernel's name", Scope);
    if (!Name) {
      Refuse(llvm::toString(Name.takeError()));
      continue;
    }
    LaunchBoundsFix Fix;
    Fix.Identity = "single-wave|" + B.Kernel;
    Fix.Kernel = B.Kernel;
    Fix.FirstBarrier = B.Loc;
    Fix.Threads = K.Block.threads();
    FileEdits Reps;
    llvm::Error E = addReplacement(
        Reps,
        tooling::Replacement(SM, Name->getBegin(), 0,
                             "__launch_bounds__(" + std::to_string(Fix.Threads) + ") "),
        Name->getBegin());
    if (!E)
      E = mergeEdits(P.Reps, Reps);
    if (E) {
      Refuse(llvm::toString(std::move(E)));
      continue;
    }
    Fix.Reps = std::move(Reps);
    Out.report(DiagnosticsEngine::Remark, SM.getExpansionLoc(Kernel->getLocation()),
               "fixing: " + launchBoundsDescription(Fix), RedundantBarrierCheck);
    P.LaunchBoundsFixes.push_back(std::move(Fix));
  }
}

std::string tailDescription(const TailFix &F) {
  return "do the in-wave levels of the reduction over '" + F.Array + "' at line " +
         std::to_string(F.Loop.Line) + " with wave shuffles";
}

/// lds-reduction-tail: each reduction tailRefusal allows is rewritten.
static void planTailFixes(ASTContext &Ctx, const AnalyzedFile &F, const EditScope &Scope,
                          FilePlan &P, DiagPrinter &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (size_t I = 0; I < F.Reductions.size(); ++I) {
    const MatchedReduction &R = F.Reductions[I];
    if (!F.TailRefusals[I].empty()) {
      ++P.UnfixedTails;
      continue;
    }
    auto Edits = shuffleTailRewrite(R, Ctx, Scope);
    llvm::Error E = Edits ? mergeEdits(P.Reps, *Edits) : Edits.takeError();
    if (E) {
      ++P.UnfixedTails;
      Out.report(DiagnosticsEngine::Warning, SM.getExpansionLoc(R.Loop->getBeginLoc()),
                 "not rewriting the reduction: " + llvm::toString(std::move(E)),
                 ReductionTailCheck);
      continue;
    }
    TailFix Fix;
    Fix.Id = std::string(ReductionTailCheck) + "/shuffle@" + std::to_string(R.Plain.Loop.Line) +
             ":" + std::to_string(R.Plain.Loop.Column);
    Fix.Identity = "reduction|" + R.Plain.Kernel + "|" + R.Plain.Array;
    Fix.Loop = R.Plain.Loop;
    Fix.Array = R.Plain.Array;
    Fix.Reps = std::move(*Edits);
    Out.report(DiagnosticsEngine::Remark, SM.getExpansionLoc(R.Loop->getBeginLoc()),
               "fixing: " + tailDescription(Fix), ReductionTailCheck);
    P.TailFixes.push_back(std::move(Fix));
  }
}

std::string transposeDescription(const TransposeFix &F) {
  return "read the column of '" + F.Array + "' at line " + std::to_string(F.Loop.Line) +
         " with one transpose load per lane on " + llvm::join(F.Targets, ", ") +
         " (the loop stays for other targets)";
}

/// Why the layout fix planned for the same array (if any) undoes the
/// transpose proof on target I, or "". The proof was made on the declared
/// layout. A pad keeps every row's columns in order, so the same subscripts
/// still give each lane its values, as long as the widened rows start on a
/// vector boundary; a swizzle moves columns, so no lane's run stays whole.
static std::string layoutRefusal(const MatchedTranspose &M, const TransposeInstr &I,
                                 const std::vector<ArrayFix> &Fixes, const SourceManager &SM) {
  SourceLoc Decl = toSourceLoc(SM.getExpansionLoc(M.Array->getLocation()), SM);
  for (const ArrayFix &Fix : Fixes) {
    if (Fix.Decl.File != Decl.File || Fix.Decl.Offset != Decl.Offset)
      continue;
    const FixCandidate &C = Fix.Plan.Choice;
    if (C.swizzles())
      return "the bank-conflict fix of '" + M.ArrayName + "' (" + C.str() +
             ") moves columns, so no lane's values stay one run of a row; --strategy=pad "
             "keeps them";
    uint64_t RowBytes = Fix.Plan.NewLayout.NewRowLength * M.ElementBytes;
    if (RowBytes % I.VectorBytes)
      return "the bank-conflict fix of '" + M.ArrayName + "' pads its rows to " +
             std::to_string(Fix.Plan.NewLayout.NewRowLength) + " elements (" +
             std::to_string(RowBytes) + " B), not a multiple of the " +
             std::to_string(I.VectorBytes) + " B vector (misaligned rows)";
  }
  return "";
}

/// A fix of P writes code that only target T compiles (a transpose load).
static bool writesBranchFor(const FilePlan &P, const std::string &T) {
  for (const TransposeFix &F : P.TransposeFixes)
    if (llvm::is_contained(F.Targets, T))
      return true;
  return false;
}

/// lds-transpose-load: each column read proven on some requested target.
static void planTransposeFixes(ASTContext &Ctx, const AnalyzedFile &F, const EditScope &Scope,
                               FilePlan &P, DiagPrinter &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const MatchedTranspose &Found : F.Transposes) {
    MatchedTranspose M = Found;
    for (size_t K = 0; K < M.Targets.size(); ++K)
      if (M.Refusals[K].empty()) {
        M.Refusals[K] =
            layoutRefusal(M, *transposeInstrFor(M.Targets[K], M.ElementBytes), P.Fixes, SM);
        if (!M.Refusals[K].empty())
          Out.report(DiagnosticsEngine::Warning, SM.getExpansionLoc(M.Loop->getBeginLoc()),
                     "not rewriting the column read for " + M.Targets[K] + ": " + M.Refusals[K],
                     TransposeLoadCheck);
      }
    if (!M.anyProven()) {
      ++P.UnfixedTransposes;
      continue;
    }
    auto Edits = transposeLoadRewrite(M, Ctx, Scope);
    llvm::Error E = Edits ? mergeEdits(P.Reps, *Edits) : Edits.takeError();
    if (E) {
      ++P.UnfixedTransposes;
      Out.report(DiagnosticsEngine::Warning, SM.getExpansionLoc(M.Loop->getBeginLoc()),
                 "not rewriting the column read: " + llvm::toString(std::move(E)),
                 TransposeLoadCheck);
      continue;
    }
    TransposeFix Fix;
    Fix.Id = std::string(TransposeLoadCheck) + "/transpose@" + std::to_string(M.Loc.Line) + ":" +
             std::to_string(M.Loc.Column);
    Fix.Identity = "transpose|" + M.KernelName + "|" + M.ArrayName + "|" +
                   std::to_string(M.Loc.Line);
    Fix.Loop = M.Loc;
    Fix.Array = M.ArrayName;
    for (size_t K = 0; K < M.Targets.size(); ++K)
      if (M.Refusals[K].empty())
        Fix.Targets.push_back(M.Targets[K]);
    Fix.Reps = std::move(*Edits);
    Out.report(DiagnosticsEngine::Remark, SM.getExpansionLoc(M.Loop->getBeginLoc()),
               "fixing: " + transposeDescription(Fix), TransposeLoadCheck);
    P.TransposeFixes.push_back(std::move(Fix));
  }
}

std::string prefetchDescription(const PrefetchFix &F) {
  return std::string("prefetch the next iteration's global loads of the loop at line ") +
         std::to_string(F.Loop.Line) + " into registers, " +
         (F.Placement == PrefetchPlacement::BeforeWait ? "before the wait at line "
                                                        : "after the wait at line ") +
         std::to_string(F.Wait.Line);
}

/// lds-exposed-write-latency: each loop whose move a rule allows gets the
/// prefetch; the others remain findings (their notes say why).
static void planPrefetchFixes(ASTContext &Ctx, const AnalyzedFile &F, const EditScope &Scope,
                              FilePlan &P, DiagPrinter &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const MatchedRefillLoop &L : F.RefillLoops) {
    if (blockingHazard(L.Plain) || !L.Unsupported.empty()) {
      ++P.UnfixedRefills;
      continue;
    }
    auto Edits = prefetchRewrite(L, F.Placement, Ctx, Scope);
    llvm::Error E = Edits ? mergeEdits(P.Reps, *Edits) : Edits.takeError();
    if (E) {
      ++P.UnfixedRefills;
      Out.report(DiagnosticsEngine::Warning, SM.getExpansionLoc(L.Loop->getBeginLoc()),
                 "not prefetching: " + llvm::toString(std::move(E)), ExposedWriteLatencyCheck);
      continue;
    }
    PrefetchFix Fix;
    Fix.Id = std::string(ExposedWriteLatencyCheck) + "/prefetch@" +
             std::to_string(L.Plain.Loop.Line) + ":" + std::to_string(L.Plain.Loop.Column);
    Fix.Identity = "refill|" + L.Plain.Kernel + "|" + std::to_string(L.Plain.Loop.Line);
    Fix.Loop = L.Plain.Loop;
    Fix.Wait = L.Plain.Wait;
    Fix.Kernel = L.Plain.Kernel;
    Fix.Placement = F.Placement;
    Fix.Reps = std::move(*Edits);
    Out.report(DiagnosticsEngine::Remark, SM.getExpansionLoc(L.Loop->getBeginLoc()),
               "fixing: " + prefetchDescription(Fix), ExposedWriteLatencyCheck);
    P.PrefetchFixes.push_back(std::move(Fix));
  }
}

/// The barriers of M as written (template instantiations repeat them).
static size_t barrierPlaces(const Model &M) {
  std::set<std::pair<std::string, unsigned>> Places;
  for (const Barrier &B : M.Barriers)
    Places.insert({B.Loc.File, B.Loc.Offset});
  return Places.size();
}

/// lds-redundant-barrier: each barrier it found goes, unless the edit
/// cannot be made (then the finding remains, and says why).
static void planBarrierFixes(ASTContext &Ctx, const AnalyzedFile &F, const EditScope &Scope,
                             FilePlan &P, DiagPrinter &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const RedundantBarrier &R : F.RedundantBarriers) {
    const Stmt *Site = F.Built.BarrierSites[R.Barrier];
    const Barrier &Gone = F.Built.M.Barriers[R.Barrier];
    // A macro spells it: the macro may serve other places too.
    if (!Gone.Removable) {
      ++P.UnfixedBarriers;
      Out.report(DiagnosticsEngine::Warning, SM.getExpansionLoc(Site->getBeginLoc()),
                 "not removing the redundant barrier: a macro spells it; remove it where the "
                 "macro is used, or write the barrier out here",
                 RedundantBarrierCheck);
      continue;
    }
    auto Removal = barrierRemoval(Site, Ctx, Scope);
    FileEdits Reps;
    llvm::Error E = Removal ? addReplacement(Reps, *Removal, Site->getBeginLoc())
                            : Removal.takeError();
    if (!E)
      E = mergeEdits(P.Reps, Reps);
    if (E) {
      ++P.UnfixedBarriers;
      Out.report(DiagnosticsEngine::Warning, SM.getExpansionLoc(Site->getBeginLoc()),
                 "not removing the redundant barrier: " + llvm::toString(std::move(E)),
                 RedundantBarrierCheck);
      continue;
    }
    BarrierFix Fix;
    Fix.Id = std::string(RedundantBarrierCheck) + "/remove@" + std::to_string(Gone.Loc.Line) + ":" +
             std::to_string(Gone.Loc.Column);
    Fix.Identity = barrierIdentity(F.Built.M, R.Barrier);
    Fix.Removed = Gone.Loc;
    Fix.Kept = R.Kept;
    Fix.Reason = R.Why == RedundantBarrier::SelfReadback
                     ? "every thread reads back only what it wrote itself"
                     : "the one at line " + std::to_string(R.Kept.Line) +
                           " orders the same accesses";
    Fix.Reps = std::move(Reps);
    Out.report(DiagnosticsEngine::Remark, SM.getExpansionLoc(Site->getBeginLoc()),
               "fixing: removing this barrier; " + Fix.Reason, RedundantBarrierCheck);
    P.BarrierFixes.push_back(std::move(Fix));
  }
}

/// The ties each layout fix is chosen among, besides the model's first.
constexpr unsigned MaxTies = 2;

/// Each fix of Planned with ties takes the layout whose code is smallest
/// (breakTieByCode); Planned.Reps is merged again from the winners. The
/// note of each fix that had ties.
static std::map<const DeclFix *, std::string> breakTies(FileFixes &Planned,
                                                        const SourceManager &SM,
                                                        const std::vector<std::string> &Targets,
                                                        const TieBreakBuild &Build) {
  std::map<const DeclFix *, std::string> Notes;
  bool Changed = false;
  for (DeclFix &D : Planned.Decls) {
    if (!D.Found || D.Ties.empty())
      continue;
    FileEdits Others;
    for (const DeclFix &O : Planned.Decls)
      if (&O != &D && O.Found)
        llvm::consumeError(mergeEdits(Others, O.Reps));
    std::string Before = D.Plan.Choice.str();
    Notes[&D] = breakTieByCode(D, Others, SM, Targets, Build);
    Changed |= D.Plan.Choice.str() != Before;
  }
  if (Changed) {
    Planned.Reps.clear();
    for (const DeclFix &D : Planned.Decls)
      if (D.Found)
        llvm::consumeError(mergeEdits(Planned.Reps, D.Reps));
  }
  return Notes;
}

FilePlan planFixes(ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config, Strategy S,
                   bool Color, const TieBreakBuild *Ties) {
  FilePlan P;
  P.File = F.File;
  P.Strat = S;
  P.Targets = F.Targets;
  P.HostErrors = F.HostErrors;
  const SourceManager &SM = Ctx.getSourceManager();
  if (auto FE = SM.getFileEntryRefForID(SM.getMainFileID()))
    P.MainPath = FE->getName().str();
  DiagPrinter Out(Ctx, Color);

  llvm::SmallString<256> AbsMain(P.MainPath);
  SM.getFileManager().makeAbsolutePath(AbsMain);
  EditScope Scope = projectScope(AbsMain, Config.ProjectRoot);
  P.DisabledChecks = F.DisabledChecks;
  FileFixes Planned;
  if (F.runs(CheckName))
    Planned = planFileFixes(Ctx, F, Config.Banks, Config.Assumptions, S, Scope, Config.FixRank,
                            Ties && !Config.FixRank ? MaxTies : 0);
  std::map<const DeclFix *, std::string> TieNotes;
  if (Ties)
    TieNotes = breakTies(Planned, SM, F.Targets, *Ties);
  for (DeclFix &D : Planned.Decls) {
    P.ConflictingAccesses += D.ConflictingAccesses;
    const std::string &Name = D.Name;
    if (!D.Found) {
      ++P.Refused;
      Out.report(DiagnosticsEngine::Warning, D.RefusalLoc,
                 "not fixing '" + Name + "': " + D.Refusal, "lds-bank-conflict");
      continue;
    }
    const FixPlan &Plan = D.Plan;
    ArrayFix Fix;
    Fix.Id = D.Id;
    Fix.ArrayId = D.Array->Id;
    Fix.ArrayIds = D.ArrayIds;
    for (const std::string &Id : D.ArrayIds)
      if (const SharedArray *A = F.Built.M.findArray(Id))
        Fix.Kernels.insert(A->Kernel);
    Fix.Name = Name;
    Fix.Decl = D.Array->Decl;
    Fix.Plan = Plan;
    Fix.Replacements = countEdits(D.Reps);
    Fix.Reps = std::move(D.Reps);
    P.Fixes.push_back(std::move(Fix));
    Out.report(DiagnosticsEngine::Remark, D.Decl->getLocation(),
               "fixing '" + Name + "': " + Plan.Description + D.Instead, "lds-bank-conflict");
    if (auto It = TieNotes.find(&D); It != TieNotes.end() && !It->second.empty())
      Out.report(DiagnosticsEngine::Note, D.Decl->getLocation(), It->second);
    // A pad of a dynamic array is planned only when every launch of its
    // kernels is in this file and has its size rewritten (FixPlanning.cpp).
    if (D.Array->Dynamic && Plan.Choice.pads())
      for (const LaunchResize &L : D.Launches)
        Out.report(DiagnosticsEngine::Note, L.Loc,
                   "this launch now passes " + std::to_string(L.After) + " bytes for '" + Name +
                       "' (was " + std::to_string(L.Before) + ")");
  }
  P.Reps = std::move(Planned.Reps);
  planBarrierFixes(Ctx, F, Scope, P, Out);
  planLaunchBoundsFixes(Ctx, F, Scope, P, Out);
  planPrefetchFixes(Ctx, F, Scope, P, Out);
  planTailFixes(Ctx, F, Scope, P, Out);
  planTransposeFixes(Ctx, F, Scope, P, Out);
  P.BarrierPlaces = barrierPlaces(F.Built.M);
  // What each edited file held when it was parsed: the edits are offsets
  // into that text, so finishFix refuses a file that changed since. The
  // file itself is recorded even when only its headers change: it is
  // compiled with them.
  std::vector<std::string> Names = {P.MainPath};
  for (const auto &[Name, Reps] : P.Reps)
    Names.push_back(Name);
  for (const std::string &Name : Names) {
    EditedFile &E = P.Edited[Name];
    llvm::SmallString<256> Abs(Name);
    SM.getFileManager().makeAbsolutePath(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    E.Path = std::string(Abs);
    E.Main = Name == P.MainPath;
    if (auto FE = SM.getFileManager().getOptionalFileRef(Name))
      E.Parsed = SM.getBufferData(SM.translateFile(*FE)).str();
    if (E.Main)
      E.Parsed = SM.getBufferData(SM.getMainFileID()).str();
  }
  P.Messages = Out.take();
  return P;
}

namespace {

/// Parses the rewritten Files with Cmd as the check does and hands the
/// analysed file to OnFile; false if it does not parse.
bool parseRewritten(const tooling::CompileCommand &Cmd,
                    const std::map<std::string, std::string> &Files, const AnalyzedFile &Template,
                    const RunConfig &Config,
                    const std::function<void(ASTContext &, AnalyzedFile &)> &OnFile) {
  SingleCommandDatabase DB(Cmd);
  tooling::ClangTool Tool(DB, {Cmd.Filename});
  Tool.clearArgumentsAdjusters();
  for (const auto &[Path, Code] : Files)
    Tool.mapVirtualFile(Path, Code);
  bool Got = false;
  auto Factory = newCheckActionFactory(Config, Template, [&](ASTContext &Ctx, AnalyzedFile &F) {
    OnFile(Ctx, F);
    Got = true;
  });
  return Tool.run(Factory.get()) == 0 && Got;
}

/// Re-parses Code as File and analyses it, as the check does.
bool reanalyse(const tooling::CompileCommand &Cmd, const std::map<std::string, std::string> &Files,
               const AnalyzedFile &Template, const RunConfig &Config, Model &OutModel,
               std::vector<std::vector<AccessResult>> &OutResults,
               std::vector<HostError> &OutHostErrors, size_t &OutRedundant,
               size_t &OutRefills, size_t &OutTails) {
  return parseRewritten(Cmd, Files, Template, Config, [&](ASTContext &, AnalyzedFile &F) {
    OutModel = F.Built.M;
    OutResults = F.Results;
    OutHostErrors = F.HostErrors;
    OutRedundant = F.RedundantBarriers.size() + F.SingleWave.size();
    OutRefills = F.RefillLoops.size();
    OutTails = F.Reductions.size();
  });
}

/// Plans the layout fixes of the rewritten Files as a second --fix would
/// (no tie-break builds): what that run would change, or nothing.
std::optional<FilePlan> replan(const tooling::CompileCommand &Cmd,
                               const std::map<std::string, std::string> &Files,
                               const AnalyzedFile &Template, const RunConfig &Config, Strategy S) {
  std::optional<FilePlan> Out;
  if (!parseRewritten(Cmd, Files, Template, Config, [&](ASTContext &Ctx, AnalyzedFile &F) {
        Out = planFixes(Ctx, withoutSuppressed(F), Config, S, /*Color=*/false);
      }))
    return std::nullopt;
  return Out;
}

std::string unifiedDiff(const std::string &Label, const std::string &Before,
                        const std::string &After) {
  llvm::SmallString<128> A, B, Out;
  llvm::sys::fs::createTemporaryFile("lds-rewrite-a", "txt", A);
  llvm::sys::fs::createTemporaryFile("lds-rewrite-b", "txt", B);
  llvm::sys::fs::createTemporaryFile("lds-rewrite-diff", "txt", Out);
  {
    std::error_code EC;
    llvm::raw_fd_ostream(A, EC) << Before;
    llvm::raw_fd_ostream(B, EC) << After;
  }
  std::string Result;
  auto Diff = llvm::sys::findProgramByName("diff");
  if (Diff) {
    // "a/tmp/x.hip" for /tmp/x.hip, as git writes it: patch -p1 and git
    // apply take the same paths for absolute names as for relative ones.
    llvm::StringRef Path = llvm::StringRef(Label).ltrim('/');
    std::string LA = ("a/" + Path).str(), LB = ("b/" + Path).str();
    std::vector<llvm::StringRef> Argv = {*Diff, "-u", "--label", LA, "--label", LB, A, B};
    std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Out), std::nullopt};
    llvm::sys::ExecuteAndWait(*Diff, Argv, std::nullopt, Redirects);
    if (auto Buf = llvm::MemoryBuffer::getFile(Out))
      Result = (*Buf)->getBuffer().str();
  }
  for (auto &P : {A, B, Out})
    llvm::sys::fs::remove(P);
  return Result;
}

/// An edited file, before and after.
struct Change {
  const EditedFile *File;
  std::string Name, Before, After;
};

/// The name messages and diffs give a file: as given on the command line
/// for the file being fixed; for a header, relative to the working folder
/// when it lies under it and the file was given so too (a diff's paths then
/// all apply from one folder), else absolute.
std::string displayName(const FilePlan &P, const EditedFile &E) {
  if (E.Main)
    return P.File;
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::path::is_absolute(P.File) && !llvm::sys::fs::current_path(Cwd)) {
    llvm::StringRef Rel(E.Path);
    if (Rel.consume_front(Cwd) && !Rel.empty() && llvm::sys::path::is_separator(Rel[0]))
      return Rel.drop_front().str();
  }
  return E.Path;
}

/// The file being fixed (MainText: fixed, or as it was when only its
/// headers change) and each changed header as copies in Dir
/// (writeFixedCopies).
llvm::Expected<FixedCopies> writeCopies(llvm::StringRef Dir, const FilePlan &P,
                                        const std::string &MainText,
                                        const std::vector<Change> &Changes) {
  std::vector<FileCopy> Headers;
  for (const Change &C : Changes)
    if (!C.File->Main)
      Headers.push_back({C.File->Path, C.Name, C.After});
  return writeFixedCopies(Dir, {P.MainPath, P.File, MainText}, Headers);
}

/// CompileAll's answers when a prefetch, or a layout, lowers a kernel's
/// occupancy.
constexpr int RetryWithoutPrefetch = -7, RetryWithoutLayout = -8;

std::optional<unsigned> wavesOf(const std::map<std::string, unsigned> &Waves,
                                const std::string &Kernel) {
  auto It = Waves.find(Kernel);
  return It == Waves.end() ? std::nullopt : std::optional<unsigned>(It->second);
}

/// Kernel (a symbol) is the kernel named Name (as the model names it).
bool isKernel(const std::string &Symbol, const std::string &Name) {
  return llvm::demangle(Symbol).find(Name + "(") != std::string::npos;
}

bool hasPrefetch(const FilePlan &P, const std::string &Symbol) {
  for (const PrefetchFix &F : P.PrefetchFixes)
    if (isKernel(Symbol, F.Kernel))
      return true;
  return false;
}

/// Removes Gone's edits from From; false when one is not there as it is
/// (merged with another fix's edit: the fixes cannot be told apart).
bool removeEdits(FileEdits &From, const FileEdits &Gone) {
  FileEdits Kept = From;
  for (const auto &[Key, Reps] : Gone) {
    auto It = Kept.find(Key);
    if (It == Kept.end())
      return false;
    std::set<tooling::Replacement> Drop(Reps.begin(), Reps.end());
    tooling::Replacements Rest;
    size_t Found = 0;
    for (const tooling::Replacement &R : It->second) {
      if (Drop.count(R)) {
        ++Found;
        continue;
      }
      if (llvm::Error E = Rest.add(R)) {
        llvm::consumeError(std::move(E));
        return false;
      }
    }
    if (Found != Drop.size())
      return false;
    It->second = std::move(Rest);
    if (It->second.empty())
      Kept.erase(It);
  }
  From = std::move(Kept);
  return true;
}

/// Removes from P the prefetches of the kernel whose symbol is Symbol (all
/// of them when Symbol is empty), and their edits; the warnings to print,
/// one per prefetch, or "" when there is none or its edits are not found
/// apart from the others' in P.Reps.
std::string dropPrefetches(FilePlan &P, const std::string &Symbol, const std::string &Why) {
  auto OfKernel = [&](const PrefetchFix &F) { return Symbol.empty() || isKernel(Symbol, F.Kernel); };
  FileEdits Kept = P.Reps;
  std::string Out;
  for (const PrefetchFix &F : P.PrefetchFixes) {
    if (!OfKernel(F))
      continue;
    if (!removeEdits(Kept, F.Reps))
      return "";
    Out += P.File + ":" + std::to_string(F.Loop.Line) + ":" + std::to_string(F.Loop.Column) +
           ": warning: not prefetching the loads of this loop: rule 7 of barriers.md: " + Why +
           " [" + std::string(ExposedWriteLatencyCheck) + "]\n";
  }
  if (Out.empty())
    return "";
  size_t Before = P.PrefetchFixes.size();
  P.PrefetchFixes.erase(std::remove_if(P.PrefetchFixes.begin(), P.PrefetchFixes.end(), OfKernel),
                        P.PrefetchFixes.end());
  P.UnfixedRefills += Before - P.PrefetchFixes.size();
  P.Reps = std::move(Kept);
  return Out;
}

/// P.Reps merged again from the fixes P holds, in the order planFixes
/// merged them (two arrays' index functions inserted at one place are one
/// edit there); false if they no longer merge.
bool mergeAgain(FilePlan &P) {
  FileEdits All;
  bool Ok = true;
  auto Add = [&](const auto &Fixes) {
    for (const auto &F : Fixes)
      if (llvm::Error E = mergeEdits(All, F.Reps)) {
        llvm::consumeError(std::move(E));
        Ok = false;
      }
  };
  Add(P.Fixes);
  Add(P.BarrierFixes);
  Add(P.LaunchBoundsFixes);
  Add(P.PrefetchFixes);
  Add(P.TailFixes);
  Add(P.TransposeFixes);
  if (!Ok)
    return false;
  P.Reps = std::move(All);
  return true;
}

/// Removes from P the layout fixes of the arrays that the kernel whose
/// symbol is Symbol uses, and their edits; the warnings to print, one per
/// array, or "" when there is none or its edits are not found apart.
std::string dropLayoutFixes(FilePlan &P, const std::string &Symbol, const std::string &Why) {
  auto OfKernel = [&](const ArrayFix &F) {
    for (const std::string &K : F.Kernels)
      if (isKernel(Symbol, K))
        return true;
    return false;
  };
  std::string Out;
  std::vector<std::string> Names;
  for (const ArrayFix &F : P.Fixes)
    if (OfKernel(F))
      Names.push_back("'" + F.Name + "'");
  for (const ArrayFix &F : P.Fixes) {
    if (!OfKernel(F))
      continue;
    // Several layouts of one kernel are compiled together: which one costs
    // the registers is not known, so none is written.
    std::vector<std::string> Others;
    for (const std::string &N : Names)
      if (N != "'" + F.Name + "'")
        Others.push_back(N);
    std::string With = Others.empty() ? "" : "with the layout of " + joinWithAnd(Others) + ", ";
    Out += P.File + ":" + std::to_string(F.Decl.Line) + ":" + std::to_string(F.Decl.Column) +
           ": warning: not fixing '" + F.Name + "': " + With + Why +
           "; --allow-occupancy-loss writes it [" + std::string(CheckName) + "]\n";
  }
  if (Out.empty())
    return "";
  FilePlan Kept = P;
  Kept.Fixes.erase(std::remove_if(Kept.Fixes.begin(), Kept.Fixes.end(), OfKernel),
                   Kept.Fixes.end());
  Kept.Refused += P.Fixes.size() - Kept.Fixes.size();
  if (!mergeAgain(Kept))
    return "";
  P = std::move(Kept);
  return Out;
}

} // namespace

/// The second pass of finishFix: plans the rewritten text (Rewritten, the
/// Changes' After) again when an array that Expected fixes still conflicts,
/// and applies the layout fixes that plan finds on top, updating Changes,
/// Rewritten and Expected. Returns what it did, as lines for the user, or
/// "" when nothing improves (the rewrite is a fixed point). An improvement
/// that would edit a file the fix does not edit yet is not taken.
static llvm::Expected<std::string>
improveLayouts(const FilePlan &P, const tooling::CompileCommand &ParseCmd,
               const AnalyzedFile &Template, const RunConfig &Config, const Model &NewModel,
               const std::vector<std::vector<AccessResult>> &NewResults,
               std::vector<ArrayFix> &Expected, std::vector<Change> &Changes,
               std::map<std::string, std::string> &Rewritten) {
  bool Left = false;
  for (size_t I = 0; I < NewModel.Accesses.size() && !Left; ++I)
    for (const ArrayFix &Fix : Expected)
      if (Fix.ArrayIds.count(NewModel.Accesses[I].ArrayId))
        for (const AccessResult &R : NewResults[I])
          Left |= R.conflicts();
  if (!Left)
    return "";
  std::optional<FilePlan> Next = replan(ParseCmd, Rewritten, Template, Config, P.Strat);
  if (!Next || Next->Fixes.empty())
    return "";
  // Every edit of the next plan, by the Change of its file.
  std::map<Change *, tooling::Replacements> Edits;
  for (const ArrayFix &Fix : Next->Fixes)
    for (const auto &[Key, Reps] : Fix.Reps) {
      auto C = std::find_if(Changes.begin(), Changes.end(), [&](const Change &C) {
        return C.File->Path == Next->Edited[Key].Path;
      });
      if (C == Changes.end())
        return "";
      for (const tooling::Replacement &R : Reps)
        if (llvm::Error E = Edits[&*C].add(R))
          return std::move(E);
    }
  for (auto &[C, Reps] : Edits) {
    auto After = tooling::applyAllReplacements(C->After, Reps);
    if (!After)
      return After.takeError();
    C->After = std::move(*After);
    Rewritten[C->File->Main ? P.MainPath : C->File->Path] = C->After;
  }
  std::string Said;
  for (const ArrayFix &Fix : Next->Fixes) {
    auto Same = std::find_if(Expected.begin(), Expected.end(), [&](const ArrayFix &E) {
      return std::any_of(Fix.ArrayIds.begin(), Fix.ArrayIds.end(),
                         [&](const std::string &Id) { return E.ArrayIds.count(Id); });
    });
    Said += "lds-rewrite: " + P.File + ": a second pass over the rewritten file improves '" +
            Fix.Name + "' further: " + Fix.Plan.Description + "\n";
    if (Same == Expected.end()) {
      Expected.push_back(Fix);
    } else {
      Same->Plan = Fix.Plan;
      Same->Replacements += Fix.Replacements;
    }
  }
  return Said;
}

int finishFix(FilePlan &P, const tooling::CompileCommand &Original, SourceLanguage Lang,
              const RunConfig &Config, bool Write, llvm::raw_ostream &Msgs,
              llvm::raw_ostream &DiffOut) {
  Msgs << P.Messages;
  // Name the files when the fix edits another one than the file named.
  bool Several = P.Reps.size() > 1 || !P.Reps.count(P.MainPath);
  auto Fail = [&](const std::string &Why) {
    Msgs << "lds-rewrite: error: " << P.File << ": " << Why
         << (Several ? "; no file was changed\n" : "; the file was not changed\n");
    return 2;
  };
  unsigned Findings = P.ConflictingAccesses + P.BarrierFixes.size() + P.UnfixedBarriers +
                      P.LaunchBoundsFixes.size() +
                      P.PrefetchFixes.size() + P.UnfixedRefills + P.TailFixes.size() +
                      P.UnfixedTails + P.TransposeFixes.size() + P.UnfixedTransposes;
  if (P.Reps.empty())
    return Findings ? 1 : 0;

  // Every edited file, before and after; the edits are offsets into the
  // text the parse saw, so a file changed since is refused, not edited.
  std::vector<Change> Changes;
  std::map<std::string, std::string> Rewritten; ///< for the re-parse
  for (const auto &[Key, Reps] : P.Reps) {
    const EditedFile &E = P.Edited[Key];
    Change C{&E, displayName(P, E), "", ""};
    auto Buf = llvm::MemoryBuffer::getFile(E.Path);
    if (!Buf)
      return Fail("cannot read " + C.Name + ": " + Buf.getError().message());
    C.Before = (*Buf)->getBuffer().str();
    if (C.Before != E.Parsed)
      return Fail(C.Name + " changed while it was being analysed; run the fix again");
    auto After = tooling::applyAllReplacements(C.Before, Reps);
    if (!After)
      return Fail("the replacements do not apply to " + C.Name + ": " +
                  llvm::toString(After.takeError()));
    C.After = std::move(*After);
    Rewritten[E.Main ? P.MainPath : E.Path] = C.After;
    Changes.push_back(std::move(C));
  }
  // The file being fixed first, then its headers.
  std::stable_partition(Changes.begin(), Changes.end(),
                        [](const Change &C) { return C.File->Main; });
  std::string Files = Several ? "files" : "file";

  // The rewritten text must parse and cost exactly what was planned.
  AnalyzedFile Template;
  Template.File = P.File;
  Template.Targets = P.Targets;
  Template.DisabledChecks = P.DisabledChecks;
  DeviceParse Parse = deviceCommand(Original, Lang, P.Targets, Config);
  tooling::CompileCommand ParseCmd = Original;
  ParseCmd.CommandLine = withPreludePch(Parse.CommandLine, Original.Directory, Parse.OwnIncludes);
  Model NewModel;
  std::vector<std::vector<AccessResult>> NewResults;
  std::vector<HostError> NewHostErrors;
  size_t NewRedundant = 0, NewRefills = 0, NewTails = 0;
  // What each layout fix must cost in the rewritten text: its plan, or
  // the plan of a second pass that improved on it.
  std::vector<ArrayFix> Expected = P.Fixes;
  // A second --fix must change nothing (issue 16): while a fixed array
  // still conflicts, the rewritten text is planned again as a second run
  // would plan it, and what that plan improves is applied on top, until
  // nothing improves (at most MaxPasses passes: each plan strictly lowers
  // a cost, so this ends; the last pass only checks).
  constexpr unsigned MaxPasses = 4;
  for (unsigned Pass = 1;; ++Pass) {
    if (!reanalyse(ParseCmd, Rewritten, Template, Config, NewModel, NewResults, NewHostErrors,
                   NewRedundant, NewRefills, NewTails))
      return Fail("the rewritten " + Files + " do" + (Several ? "" : "es") +
                  " not parse (the messages above)");
    // Host code that did not parse before the fix may still not parse, but
    // exactly as before: a fix that changed what clang says of it is refused.
    if (!sameHostErrors(P.HostErrors, NewHostErrors)) {
      Msgs << hostErrorWarning(NewHostErrors);
      return Fail("the rewritten " + Files + " give" + (Several ? "" : "s") +
                  " other errors in host code than the original" + (Several ? "s" : ""));
    }
    // Exactly the barriers the fixes remove are gone, and none of those that
    // stay is redundant now but the ones no fix could remove.
    // A reduction's rewrite writes its loop's barrier once more, after the tail.
    size_t Planned = P.BarrierPlaces - P.BarrierFixes.size() + P.TailFixes.size();
    if (size_t Places = barrierPlaces(NewModel); Places != Planned)
      return Fail("the rewritten " + Files + " ha" + (Several ? "ve " : "s ") +
                  std::to_string(Places) + " barriers, not the " + std::to_string(Planned) +
                  " planned");
    if (NewRedundant != P.UnfixedBarriers)
      return Fail("the rewritten " + Files + " still ha" + (Several ? "ve " : "s ") +
                  std::to_string(NewRedundant) + " redundant barriers, not the " +
                  std::to_string(P.UnfixedBarriers) + " no fix removes");
    // Each prefetch removes its finding (the stores now store registers) and
    // leaves the others.
    if (NewRefills != P.UnfixedRefills)
      return Fail("the rewritten " + Files + " still ha" + (Several ? "ve " : "s ") +
                  std::to_string(NewRefills) + " LDS refills waited for at once, not the " +
                  std::to_string(P.UnfixedRefills) + " no fix removes");
    if (NewTails != P.UnfixedTails)
      return Fail("the rewritten " + Files + " still ha" + (Several ? "ve " : "s ") +
                  std::to_string(NewTails) + " reductions with a barrier per level, not the " +
                  std::to_string(P.UnfixedTails) + " no fix rewrites");
    for (const ArrayFix &Fix : Expected)
      for (size_t T = 0; T < P.Targets.size(); ++T) {
        double Sum = 0;
        for (size_t I = 0; I < NewModel.Accesses.size(); ++I) {
          if (!Fix.ArrayIds.count(NewModel.Accesses[I].ArrayId))
            continue;
          const AccessResult &R = NewResults[I][T];
          // An access the rewritten file leaves unknown (outside a dynamic
          // allocation its launch did not grow, say) is no planned effect.
          if (R.Status == ResultStatus::Unknown)
            return Fail("after the rewrite of '" + Fix.Name + "', the " +
                        accessKindName(NewModel.Accesses[I].Kind) + " at line " +
                        std::to_string(NewModel.Accesses[I].Loc.Line) + " cannot be costed on " +
                        P.Targets[T] + ": " + R.Reason);
          Sum += R.Passes;
        }
        double Want = Fix.Plan.Outcomes[T].PassesAfter;
        if (std::fabs(Sum - Want) > 1e-6)
          return Fail("the rewrite of '" + Fix.Name +
                      "' does not have the planned "
                      "effect on " +
                      P.Targets[T] + " (" + formatNumber(Want) + " passes planned, " +
                      formatNumber(Sum) + " found)");
      }

    // --fix-rank=N asks for a runner-up, to compare: not a fixed point.
    if (Pass == MaxPasses || Config.FixRank)
      break;
    auto Improved = improveLayouts(P, ParseCmd, Template, Config, NewModel, NewResults, Expected,
                                   Changes, Rewritten);
    if (!Improved)
      return Fail(llvm::toString(Improved.takeError()));
    if (Improved->empty())
      break;
    Msgs << *Improved;
  }
  unsigned Remaining = NewRedundant + NewRefills + NewTails;
  for (const auto &Row : P.DisabledChecks.count(CheckName) ? decltype(NewResults)() : NewResults)
    for (const AccessResult &R : Row)
      if (R.conflicts()) {
        ++Remaining;
        break;
      }
  std::string MainText = P.Edited[P.MainPath].Parsed;
  for (const Change &C : Changes)
    if (C.File->Main)
      MainText = C.After;
  // Compile the result for every target it can be compiled for (names
  // them in Compiled); 0, or the exit status of a failure.
  std::vector<std::string> Compiled;
  // A kernel whose occupancy a prefetch or a layout lowers (its symbol,
  // and how).
  std::pair<std::string, std::string> LowerOccupancy;
  // Some target's registers were counted in builds with lds-rewrite's
  // headers (CountedBuilds::Note).
  bool CountedWithOwnHeaders = false;
  auto CompileAll = [&]() -> int {
    // The file as a copy in a temporary folder, its rewritten headers
    // through an overlay, so that includes find them where they find the
    // originals.
    llvm::SmallString<128> Dir;
    if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("lds-rewrite", Dir))
      return Fail("cannot create a temporary folder: " + EC.message());
    auto Copies = writeCopies(Dir, P, MainText, Changes);
    if (!Copies) {
      llvm::sys::fs::remove_directories(Dir);
      return Fail(llvm::toString(Copies.takeError()));
    }
    // The compile command's relative paths (-I ../include, the file itself)
    // are relative to its own folder, as they were for the parse.
    std::vector<std::string> InItsFolder;
    if (!Original.Directory.empty())
      InItsFolder.push_back("-working-directory=" + Original.Directory);
    std::vector<std::string> ExtraArgs = InItsFolder;
    std::string IncludeDir = llvm::sys::path::parent_path(P.MainPath).str();
    ExtraArgs.push_back("-I" + (IncludeDir.empty() ? std::string(".") : IncludeDir));
    if (!Copies->Overlay.empty()) {
      ExtraArgs.push_back("-ivfsoverlay");
      ExtraArgs.push_back(Copies->Overlay);
    }
    bool CompiledCuda = false;
    // A kernel whose registers allow fewer waves (warps) after the fix than
    // before: the fix is refused (the retry code returned) unless
    // --allow-occupancy-loss, which has it said in Note. A prefetch that
    // costs waves is always dropped (rule 7 of barriers.md).
    auto WeighWaves = [&](const std::string &T, const std::string &Kernel, unsigned Before,
                          unsigned After, llvm::StringRef Unit, const std::string &RegisterText,
                          std::string &Note) -> int {
      if (After >= Before)
        return 0;
      std::string Of = "'" + llvm::demangle(Kernel) + "'";
      std::string How = "it lowers the occupancy of " + Of + " on " + T + " from " +
                        std::to_string(Before) + " to " + std::to_string(After) + " " +
                        Unit.str() + " (" + RegisterText + ")";
      bool Prefetched = hasPrefetch(P, Kernel);
      if (Prefetched || !Config.AllowOccupancyLoss) {
        llvm::sys::fs::remove_directories(Dir);
        LowerOccupancy = {Kernel, How};
        return Prefetched ? RetryWithoutPrefetch : RetryWithoutLayout;
      }
      Note += ", occupancy of " + Of + " " + std::to_string(Before) + " -> " +
              std::to_string(After) + " " + Unit.str();
      return 0;
    };
    for (const std::string &T : P.Targets) {
      bool AMD = isAMDTarget(T);
      if (Lang == SourceLanguage::HIP && !AMD)
        continue; // .hip files are compiled for AMD targets
      if (Lang == SourceLanguage::CUDA && !AMD && CompiledCuda)
        continue;
      // A CUDA file is not built for AMD targets, except where a fix wrote
      // a branch for one (a transpose load under #if defined(__gfx950__)):
      // that branch is compiled the way HIP compiles the same source, so no
      // line of it is written unchecked.
      SourceLanguage As = Lang;
      if (Lang == SourceLanguage::CUDA && AMD) {
        if (!writesBranchFor(P, T))
          continue;
        As = SourceLanguage::HIP;
      }
      // As hipcc builds a CUDA-compatible source: HIP's runtime header
      // stands in for what CUDA's compiler includes by itself.
      std::vector<std::string> AsHip;
      if (As != Lang)
        AsHip = {"-include", "hip/hip_runtime.h"};
      std::vector<std::string> Cmd = deviceCommand(Original, As, {T}, Config).CommandLine;
      Cmd.insert(Cmd.end() - 1, AsHip.begin(), AsHip.end()); // the file stays last
      CompileResult New = compileDeviceSide(Cmd, Original.Filename, Copies->Main, ExtraArgs);
      if (!New.Ok) {
        // The compiler read the temporary copies: name the user's files instead.
        Msgs << withUserNames(New.Log, *Copies);
        llvm::sys::fs::remove_directories(Dir);
        return Fail("the rewritten " + Files + " do" + (Several ? "" : "es") + " not compile for " +
                    T);
      }
      if (AMD) {
        // The original, with the user's headers, built once if at all: its
        // LDS is the "before" of the line below.
        std::optional<CompileResult> OldBuild;
        auto BuildOld = [&] {
          if (!OldBuild)
            OldBuild = compileDeviceSide(Cmd, Original.Filename, P.MainPath, InItsFolder);
          return *OldBuild;
        };
        std::string Registers;
        std::optional<CountedBuilds> Kept;
        if (!P.PrefetchFixes.empty() || !P.Fixes.empty()) {
          // Rule 7 of barriers.md, and issue 13's cost of a layout: the
          // registers that now hold the next loads, or the index
          // arithmetic of a layout, must not cost a wave per SIMD.
          Kept = countedBuilds(New, BuildOld, [&](bool Fixed) {
                RunConfig Own = Config;
                Own.Headers = GpuHeaders::Bundled;
                std::vector<std::string> OwnCmd = deviceCommand(Original, As, {T}, Own).CommandLine;
                OwnCmd.insert(OwnCmd.end() - 1, AsHip.begin(), AsHip.end());
                return Fixed ? compileDeviceSide(OwnCmd, Original.Filename, Copies->Main, ExtraArgs)
                             : compileDeviceSide(OwnCmd, Original.Filename, P.MainPath, InItsFolder);
              });
          const CountedBuilds &Counted = *Kept;
          if (Counted.OldFails) {
            // The original does not compile here: nothing to compare with.
          } else if (!Counted.Ok) {
            if (!P.PrefetchFixes.empty()) {
              llvm::sys::fs::remove_directories(Dir);
              LowerOccupancy = {"", "its registers cannot be counted on " + T + ": " + Counted.Why};
              return RetryWithoutPrefetch;
            }
            // A layout changes what the kernels compute with, not what
            // they hold across a loop: written, and said.
            Registers = ", registers not counted: " + Counted.Why;
          } else {
            // Waves are lost when the fixed kernel's registers allow fewer
            // than the original kernel had (by every limit the compiler
            // knows); the fixed kernel's own count would also move with a
            // __launch_bounds__ another fix adds.
            for (const auto &[Kernel, Waves] : Counted.Old.Occupancy) {
              std::optional<unsigned> After = registerWaves(Counted.New, Kernel, Config.Banks.find(T));
              if (!After)
                After = wavesOf(Counted.New.Occupancy, Kernel);
              if (!After)
                continue;
              if (int S = WeighWaves(T, Kernel, Waves, *After, "waves per SIMD",
                                     "VGPRs " + kernelRegisters(Counted.Old, Kernel) + " -> " +
                                         kernelRegisters(Counted.New, Kernel) + Counted.Note,
                                     Registers))
                return S;
            }
            Registers = ", VGPRs " + std::to_string(maxVGPRs(Counted.Old)) + " -> " +
                        std::to_string(maxVGPRs(Counted.New)) + ", " +
                        std::to_string(totalInstructions(Counted.Old)) + " -> " +
                        std::to_string(totalInstructions(Counted.New)) + " instructions" +
                        Registers;
            CountedWithOwnHeaders |= !Counted.Note.empty();
          }
        }
        const CompileResult &Before = Kept && Kept->Old.Ok ? Kept->Old : BuildOld();
        Compiled.push_back(T + " (LDS " +
                           (Before.Ok ? std::to_string(maxLDS(Before)) : std::string("?")) +
                           " -> " + std::to_string(maxLDS(New)) + " B" + Registers + ")");
      } else {
        // ptxas's registers per thread and the cubin's instructions, before
        // and after; the warps per SM the registers allow are weighed as
        // AMD's waves per SIMD are.
        std::string Registers;
        if (!New.Registers.empty() && (!P.Fixes.empty() || !P.PrefetchFixes.empty())) {
          CompileResult Old = compileDeviceSide(Cmd, Original.Filename, P.MainPath, InItsFolder);
          if (Old.Ok && !Old.Registers.empty()) {
            std::string Occupancy;
            for (const auto &[Kernel, Before] : Old.Registers) {
              const TargetModel *Model = Config.Banks.find(T);
              std::optional<unsigned> WavesBefore = registerWaves(Old, Kernel, Model),
                                      WavesAfter = registerWaves(New, Kernel, Model);
              if (!WavesBefore || !WavesAfter)
                continue;
              if (int S = WeighWaves(T, Kernel, *WavesBefore, *WavesAfter, "warps per SM",
                                     "registers " + std::to_string(Before) + " -> " +
                                         std::to_string(New.Registers.at(Kernel)),
                                     Occupancy))
                return S;
            }
            Registers = " (registers " + std::to_string(maxRegisters(Old)) + " -> " +
                        std::to_string(maxRegisters(New));
            if (!Old.Instructions.empty() && !New.Instructions.empty())
              Registers += ", " + std::to_string(totalInstructions(Old)) + " -> " +
                           std::to_string(totalInstructions(New)) + " instructions";
            Registers += Occupancy + ")";
          }
        }
        Compiled.push_back(T + Registers);
        CompiledCuda = true;
      }
    }
    llvm::sys::fs::remove_directories(Dir);
    return 0;
  };
  // A file whose host code clang rejects compiles for no target, before the
  // fix or after: the re-parse (the same host errors, the planned costs) is
  // then all the checking there is.
  if (P.HostErrors.empty())
    if (int S = CompileAll()) {
      if (S == RetryWithoutPrefetch) {
        // Rule 7: that kernel's prefetches go, the other fixes are verified
        // again without them (or, if their edits cannot be told apart, none
        // is written).
        std::string Dropped = dropPrefetches(P, LowerOccupancy.first, LowerOccupancy.second);
        if (Dropped.empty())
          return Fail("rule 7 of barriers.md: the prefetch " + LowerOccupancy.second +
                      "; run with --checks=-lds-exposed-write-latency to fix the rest");
        Msgs << Dropped;
      } else if (S == RetryWithoutLayout) {
        // A layout that costs a wave per SIMD is slower wherever latency
        // was hidden by the waves it takes: refused unless asked for.
        std::string Dropped = dropLayoutFixes(P, LowerOccupancy.first, LowerOccupancy.second);
        if (Dropped.empty())
          return Fail("the layout fixes cannot be written without each other, and one of them "
                      "lowers the occupancy: " + LowerOccupancy.second.substr(3) +
                      "; --allow-occupancy-loss writes them");
        Msgs << Dropped;
      } else {
        return S;
      }
      P.Messages.clear();
      return finishFix(P, Original, Lang, Config, Write, Msgs, DiffOut);
    }

  P.Fixes = std::move(Expected);
  P.Verified = true;
  if (!Compiled.empty())
    Msgs << "lds-rewrite: " << P.File << ": the rewritten " << Files << " compile"
         << (Several ? "" : "s") << " for " << joinWithAnd(Compiled)
         << (CountedWithOwnHeaders ? "; registers and instructions counted with lds-rewrite's "
                                     "headers, which leave no calls"
                                   : "")
         << "\n";
  if (!P.HostErrors.empty())
    Msgs << "lds-rewrite: " << P.File << ": the rewritten " << Files << (Several ? " were" : " was")
         << " not compiled: the host code does not compile with clang, as "
            "before the fix\n";

  if (!Write) {
    for (const Change &C : Changes)
      DiffOut << unifiedDiff(C.Name, C.Before, C.After);
    return Findings ? 1 : 0;
  }
  if (!Config.FixTo.empty()) {
    // --fix-to: the fixed files go to that folder, the originals stay.
    if (std::error_code EC = llvm::sys::fs::create_directories(Config.FixTo))
      return Fail("cannot create " + Config.FixTo + ": " + EC.message());
    auto To = writeCopies(Config.FixTo, P, MainText, Changes);
    if (!To)
      return Fail(llvm::toString(To.takeError()));
    Msgs << "lds-rewrite: " << P.File << ": wrote " << P.fixCount()
         << (P.fixCount() == 1 ? " fix" : " fixes") << " to " << Config.FixTo << " (the original"
         << (Several ? "s are" : " is") << " unchanged)\n";
    return Remaining ? 1 : 0;
  }
  std::vector<FileReplacement> Writes;
  for (const Change &C : Changes)
    Writes.push_back({C.File->Path, C.Before, C.After});
  if (llvm::Error E = replaceFiles(Writes))
    return Fail(llvm::toString(std::move(E)));
  Msgs << "lds-rewrite: " << P.File << ": wrote " << P.fixCount()
       << (P.fixCount() == 1 ? " fix" : " fixes");
  if (Several) {
    std::vector<std::string> Names;
    for (const Change &C : Changes)
      Names.push_back(C.Name);
    Msgs << " (to " << joinWithAnd(Names) << ")";
  }
  if (unsigned Conflicts = Remaining - NewRedundant - NewRefills - NewTails)
    Msgs << "; " << Conflicts << " conflicting access" << (Conflicts == 1 ? " remains" : "es remain");
  if (NewRedundant)
    Msgs << "; " << NewRedundant << " redundant barrier" << (NewRedundant == 1 ? " remains" : "s remain");
  if (NewTails)
    Msgs << "; " << NewTails << " reduction" << (NewTails == 1 ? "" : "s")
         << " with a barrier per level remain" << (NewTails == 1 ? "s" : "");
  if (NewRefills)
    Msgs << "; " << NewRefills << " LDS refill" << (NewRefills == 1 ? "" : "s")
         << " waited for at once remain" << (NewRefills == 1 ? "s" : "");
  Msgs << "\n";
  return Remaining ? 1 : 0;
}

} // namespace lds
