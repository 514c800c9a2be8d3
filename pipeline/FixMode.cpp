//===- FixMode.cpp - --fix and --diff -------------------------------------===//

#include "pipeline/FixMode.h"

#include "pipeline/AtomicWrite.h"
#include "pipeline/CheckAction.h"
#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/HostErrors.h"
#include "pipeline/ProjectRoot.h"
#include "pipeline/Recompile.h"
#include "report/DiagPrinter.h"
#include "report/Findings.h"
#include "report/HostErrorText.h"
#include "report/CheckNames.h"
#include "rewrites/BarrierRemoval.h"
#include "rewrites/FixPlanning.h"
#include "rewrites/PrefetchRewrite.h"
#include "rewrites/ShuffleTailRewrite.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cmath>
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

FilePlan planFixes(ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config, Strategy S,
                   bool Color) {
  FilePlan P;
  P.File = F.File;
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
    Planned = planFileFixes(Ctx, F, Config.Banks, Config.Assumptions, S, Scope, Config.FixRank);
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
    Fix.Name = Name;
    Fix.Decl = D.Array->Decl;
    Fix.Plan = Plan;
    Fix.Replacements = countEdits(D.Reps);
    Fix.Reps = std::move(D.Reps);
    P.Fixes.push_back(std::move(Fix));
    Out.report(DiagnosticsEngine::Remark, D.Decl->getLocation(),
               "fixing '" + Name + "': " + Plan.Description + D.Instead, "lds-bank-conflict");
    if (D.Array->Dynamic && Plan.Choice.pads()) {
      bool AllRewritten = !D.Launches.empty();
      for (const LaunchResize &L : D.Launches) {
        AllRewritten &= L.Rewritten;
        if (L.Rewritten)
          Out.report(DiagnosticsEngine::Note, L.Loc,
                     "this launch now passes " + std::to_string(L.After) + " bytes for '" + Name +
                         "' (was " + std::to_string(L.Before) + ")");
        else
          Out.report(DiagnosticsEngine::Warning, L.Loc,
                     "this launch passes " + std::to_string(L.Before) + " bytes of dynamic LDS; '" +
                         Name + "' now needs " +
                         (L.After ? std::to_string(L.After) + " bytes" : std::string("more")) +
                         ", and the tool did not change it: " + L.Why,
                     "lds-bank-conflict");
      }
      if (!AllRewritten)
        Out.report(DiagnosticsEngine::Note, D.Decl->getLocation(),
                   "'" + Name + "' is dynamic: its launches must now pass " +
                       dynamicLaunchSize(Plan, *D.Array));
    }
  }
  P.Reps = std::move(Planned.Reps);
  planBarrierFixes(Ctx, F, Scope, P, Out);
  planLaunchBoundsFixes(Ctx, F, Scope, P, Out);
  planPrefetchFixes(Ctx, F, Scope, P, Out);
  planTailFixes(Ctx, F, Scope, P, Out);
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

/// Re-parses Code as File and analyses it, as the check does.
bool reanalyse(const tooling::CompileCommand &Cmd, const std::map<std::string, std::string> &Files,
               const AnalyzedFile &Template, const RunConfig &Config, Model &OutModel,
               std::vector<std::vector<AccessResult>> &OutResults,
               std::vector<HostError> &OutHostErrors, size_t &OutRedundant,
               size_t &OutRefills, size_t &OutTails) {
  SingleCommandDatabase DB(Cmd);
  tooling::ClangTool Tool(DB, {Cmd.Filename});
  Tool.clearArgumentsAdjusters();
  for (const auto &[Path, Code] : Files)
    Tool.mapVirtualFile(Path, Code);
  bool Got = false;
  auto Factory = newCheckActionFactory(Config, Template, [&](ASTContext &, AnalyzedFile &F) {
    OutModel = F.Built.M;
    OutResults = F.Results;
    OutHostErrors = F.HostErrors;
    OutRedundant = F.RedundantBarriers.size() + F.SingleWave.size();
    OutRefills = F.RefillLoops.size();
    OutTails = F.Reductions.size();
    Got = true;
  });
  return Tool.run(Factory.get()) == 0 && Got;
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

/// The fixed files as copies in Dir, where a compiler reads them.
struct FixedCopies {
  std::string Main;    ///< Dir/<the file's name>
  std::string Overlay; ///< Dir/overlay.yaml, when a header changed
  std::vector<std::pair<std::string, std::string>> Names; ///< copy, the user's name
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

/// A clang -ivfsoverlay file that shows each header at its own path with
/// the contents of its rewritten copy, so that the file being fixed
/// includes the rewritten headers wherever its include paths find them.
std::string vfsOverlay(const std::vector<std::pair<std::string, std::string>> &Headers) {
  llvm::json::Array Roots;
  for (const auto &[Header, Copy] : Headers)
    Roots.push_back(
        llvm::json::Object{{"type", "file"}, {"name", Header}, {"external-contents", Copy}});
  llvm::json::Object Overlay{
      {"version", 0}, {"case-sensitive", "true"}, {"roots", std::move(Roots)}};
  return llvm::formatv("{0:2}\n", llvm::json::Value(std::move(Overlay))).str();
}

/// Writes the file being fixed (MainText: fixed, or as it was when only
/// its headers change) as Dir/<its name>, each changed header as
/// Dir/h<N>-<name>, and, when there are headers, Dir/overlay.yaml: a clang
/// -ivfsoverlay that shows each copy at its header's path, so that the
/// copy of the file includes the rewritten headers wherever its include
/// paths find the originals.
llvm::Expected<FixedCopies> writeCopies(llvm::StringRef Dir, const FilePlan &P,
                                        const std::string &MainText,
                                        const std::vector<Change> &Changes) {
  FixedCopies Out;
  // Written directly: llvm::writeToOutput's temporary name grows from the
  // file's own, which a name near the file system's limit has no room for.
  auto Write = [](llvm::StringRef Path, llvm::StringRef Text) -> llvm::Error {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    if (!EC) {
      OS << Text;
      OS.close();
      EC = OS.error();
      OS.clear_error();
    }
    if (EC)
      return llvm::createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                                     EC.message().c_str());
    return llvm::Error::success();
  };
  llvm::SmallString<256> Main(Dir);
  llvm::sys::path::append(Main, llvm::sys::path::filename(P.MainPath));
  Out.Main = std::string(Main);
  if (llvm::Error E = Write(Main, MainText))
    return E;
  Out.Names.push_back({Out.Main, P.File});
  std::vector<std::pair<std::string, std::string>> Overlaid; ///< header, copy
  for (const Change &C : Changes) {
    if (C.File->Main)
      continue;
    llvm::SmallString<256> To(Dir);
    llvm::sys::path::append(To, "h" + std::to_string(Overlaid.size()) + "-" +
                                    llvm::sys::path::filename(C.File->Path).str());
    if (llvm::Error E = Write(To, C.After))
      return E;
    Overlaid.push_back({C.File->Path, std::string(To)});
    Out.Names.push_back({std::string(To), C.Name});
  }
  if (!Overlaid.empty()) {
    llvm::SmallString<256> Yaml(Dir);
    llvm::sys::path::append(Yaml, "overlay.yaml");
    Out.Overlay = std::string(Yaml);
    if (llvm::Error E = Write(Yaml, vfsOverlay(Overlaid)))
      return E;
  }
  return Out;
}

/// CompileAll's answer when a prefetch lowers a kernel's occupancy.
constexpr int RetryWithoutPrefetch = -7;

/// Removes from P the prefetches of the kernel whose symbol is Symbol (all
/// of them when Symbol is empty), and
/// their edits; the warnings to print, one per prefetch, or "" when there
/// is none or its edits are not found apart from the others' in P.Reps.
std::string dropPrefetches(FilePlan &P, const std::string &Symbol, const std::string &Why) {
  std::string Demangled = llvm::demangle(Symbol);
  auto OfKernel = [&](const PrefetchFix &F) {
    return Symbol.empty() || Demangled.find(F.Kernel + "(") != std::string::npos;
  };
  FileEdits Kept = P.Reps;
  std::string Out;
  for (const PrefetchFix &F : P.PrefetchFixes) {
    if (!OfKernel(F))
      continue;
    for (const auto &[Key, Reps] : F.Reps) {
      auto It = Kept.find(Key);
      if (It == Kept.end())
        return "";
      std::set<tooling::Replacement> Gone(Reps.begin(), Reps.end());
      tooling::Replacements Rest;
      size_t Found = 0;
      for (const tooling::Replacement &R : It->second) {
        if (Gone.count(R)) {
          ++Found;
          continue;
        }
        if (llvm::Error E = Rest.add(R)) {
          llvm::consumeError(std::move(E));
          return "";
        }
      }
      if (Found != Gone.size())
        return ""; // merged with another fix's edit
      It->second = std::move(Rest);
      if (It->second.empty())
        Kept.erase(It);
    }
    Out += P.File + ":" + std::to_string(F.Loop.Line) + ":" +
           std::to_string(F.Loop.Column) +
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

} // namespace

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
                      P.UnfixedTails;
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
  ParseCmd.CommandLine = Parse.CommandLine;
  Model NewModel;
  std::vector<std::vector<AccessResult>> NewResults;
  std::vector<HostError> NewHostErrors;
  size_t NewRedundant = 0, NewRefills = 0, NewTails = 0;
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
  unsigned Remaining = NewRedundant + NewRefills + NewTails;
  for (const auto &Row : P.DisabledChecks.count(CheckName) ? decltype(NewResults)() : NewResults)
    for (const AccessResult &R : Row)
      if (R.conflicts()) {
        ++Remaining;
        break;
      }
  for (const ArrayFix &Fix : P.Fixes)
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

  std::string MainText = P.Edited[P.MainPath].Parsed;
  for (const Change &C : Changes)
    if (C.File->Main)
      MainText = C.After;
  // Compile the result for every target it can be compiled for (names
  // them in Compiled); 0, or the exit status of a failure.
  std::vector<std::string> Compiled;
  // A kernel whose occupancy a prefetch lowers (its symbol, and how).
  std::pair<std::string, std::string> LowerOccupancy;
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
    for (const std::string &T : P.Targets) {
      bool AMD = isAMDTarget(T);
      if (Lang == SourceLanguage::HIP && !AMD)
        continue; // .hip files are compiled for AMD targets
      if (Lang == SourceLanguage::CUDA && (AMD || CompiledCuda))
        continue;
      std::vector<std::string> Cmd = deviceCommand(Original, Lang, {T}, Config).CommandLine;
      CompileResult New = compileDeviceSide(Cmd, Original.Filename, Copies->Main, ExtraArgs);
      if (!New.Ok) {
        // The compiler read the temporary copies: name the user's files instead.
        std::string Log = New.Log;
        for (const auto &[From, Name] : Copies->Names)
          for (size_t At = Log.find(From); At != std::string::npos;
               At = Log.find(From, At + Name.size()))
            Log.replace(At, From.size(), Name);
        Msgs << Log;
        llvm::sys::fs::remove_directories(Dir);
        return Fail("the rewritten " + Files + " do" + (Several ? "" : "es") + " not compile for " +
                    T);
      }
      if (AMD) {
        CompileResult Old = compileDeviceSide(Cmd, Original.Filename, P.MainPath, InItsFolder);
        std::string Registers;
        if (!P.PrefetchFixes.empty() && Old.Ok) {
          // Rule 7 of barriers.md: the registers that now hold the next
          // loads must not cost a wave per SIMD. Counted in a build whose
          // kernels call nothing: where the system's headers leave calls
          // into device libraries -nogpulib does not link (Debian's ROCm
          // 5.2: threadIdx, the barrier's fence), registers are saved
          // around them, and such counts say nothing of a real build; the
          // comparison then uses lds-rewrite's headers, which inline them.
          CompileResult RegOld = Old, RegNew = New;
          std::string Counted;
          auto Calls = [](const CompileResult &R) {
            unsigned N = 0;
            for (const auto &[K, C] : R.Calls)
              N += C;
            return N;
          };
          if (Calls(Old) || Calls(New)) {
            RunConfig Own = Config;
            Own.Headers = GpuHeaders::Bundled;
            std::vector<std::string> OwnCmd = deviceCommand(Original, Lang, {T}, Own).CommandLine;
            RegOld = compileDeviceSide(OwnCmd, Original.Filename, P.MainPath, InItsFolder);
            RegNew = compileDeviceSide(OwnCmd, Original.Filename, Copies->Main, ExtraArgs);
            Counted = ", counted with lds-rewrite's headers: the system's leave calls into "
                      "device libraries that are not linked";
            if (!RegOld.Ok || !RegNew.Ok || Calls(RegOld) || Calls(RegNew)) {
              llvm::sys::fs::remove_directories(Dir);
              LowerOccupancy = {"", "its registers cannot be counted on " + T +
                                        ": the kernels call functions that are not linked, "
                                        "with the system's headers and with lds-rewrite's"};
              return RetryWithoutPrefetch;
            }
          }
          auto Regs = [](const CompileResult &R, const std::string &K) {
            auto V = R.VGPRs.find(K), A = R.AGPRs.find(K);
            std::string S = std::to_string(V == R.VGPRs.end() ? 0 : V->second);
            if (A != R.AGPRs.end() && A->second)
              S += " + " + std::to_string(A->second) + " AGPRs";
            return S;
          };
          for (const auto &[Kernel, Waves] : RegOld.Occupancy) {
            auto It = RegNew.Occupancy.find(Kernel);
            if (It != RegNew.Occupancy.end() && It->second < Waves) {
              llvm::sys::fs::remove_directories(Dir);
              LowerOccupancy = {Kernel, "it lowers the occupancy of '" +
                                            llvm::demangle(Kernel) + "' on " + T + " from " +
                                            std::to_string(Waves) + " to " +
                                            std::to_string(It->second) +
                                            " waves per SIMD (VGPRs " + Regs(RegOld, Kernel) +
                                            " -> " + Regs(RegNew, Kernel) + Counted + ")"};
              return RetryWithoutPrefetch;
            }
          }
          unsigned Before = 0, After = 0;
          for (const auto &[K, V] : RegOld.VGPRs)
            Before = std::max(Before, V);
          for (const auto &[K, V] : RegNew.VGPRs)
            After = std::max(After, V);
          Registers = ", VGPRs " + std::to_string(Before) + " -> " + std::to_string(After);
        }
        Compiled.push_back(T + " (LDS " +
                           (Old.Ok ? std::to_string(maxLDS(Old)) : std::string("?")) + " -> " +
                           std::to_string(maxLDS(New)) + " B" + Registers + ")");
      } else {
        Compiled.push_back(T);
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
      if (S != RetryWithoutPrefetch)
        return S;
      // Rule 7: that kernel's prefetches go, the other fixes are verified
      // again without them (or, if their edits cannot be told apart, none
      // is written).
      std::string Dropped = dropPrefetches(P, LowerOccupancy.first, LowerOccupancy.second);
      if (Dropped.empty())
        return Fail("rule 7 of barriers.md: the prefetch " + LowerOccupancy.second +
                    "; run with --checks=-lds-exposed-write-latency to fix the rest");
      Msgs << Dropped;
      P.Messages.clear();
      return finishFix(P, Original, Lang, Config, Write, Msgs, DiffOut);
    }

  P.Verified = true;
  if (!Compiled.empty())
    Msgs << "lds-rewrite: " << P.File << ": the rewritten " << Files << " compile"
         << (Several ? "" : "s") << " for " << joinWithAnd(Compiled) << "\n";
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
  std::vector<std::pair<std::string, std::string>> Writes;
  for (const Change &C : Changes)
    Writes.push_back({C.File->Path, C.After});
  if (llvm::Error E = writeFilesAtomically(Writes))
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
