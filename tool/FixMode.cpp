//===- FixMode.cpp - --fix and --diff -------------------------------------===//

#include "FixMode.h"

#include "AtomicWrite.h"
#include "CheckAction.h"
#include "DeviceCompileArgs.h"
#include "DiagPrinter.h"
#include "Findings.h"
#include "FixPlanning.h"
#include "Recompile.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cmath>

using namespace clang;

namespace lds {

FilePlan planFixes(ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config,
                   Strategy S, bool Color) {
  FilePlan P;
  P.File = F.File;
  P.Targets = F.Targets;
  const SourceManager &SM = Ctx.getSourceManager();
  if (auto FE = SM.getFileEntryRefForID(SM.getMainFileID()))
    P.MainPath = FE->getName().str();
  DiagPrinter Out(Ctx, Color);

  FileFixes Planned = planFileFixes(Ctx, F, Config.Banks, Config.Assumptions, S);
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
    Fix.ArrayId = D.Array->Id;
    Fix.ArrayIds = D.ArrayIds;
    Fix.Name = Name;
    Fix.Decl = D.Array->Decl;
    Fix.Plan = Plan;
    Fix.Replacements = D.Reps.size();
    Fix.Reps = std::move(D.Reps);
    P.Fixes.push_back(std::move(Fix));
    Out.report(DiagnosticsEngine::Remark, D.Decl->getLocation(),
               "fixing '" + Name + "': " + Plan.Description + D.Instead,
               "lds-bank-conflict");
    if (D.Array->Dynamic && Plan.Choice.K == FixCandidate::Pad) {
      bool AllRewritten = !D.Launches.empty();
      for (const LaunchResize &L : D.Launches) {
        AllRewritten &= L.Rewritten;
        if (L.Rewritten)
          Out.report(DiagnosticsEngine::Note, L.Loc,
                     "this launch now passes " + std::to_string(L.After) +
                         " bytes for '" + Name + "' (was " +
                         std::to_string(L.Before) + ")");
        else
          Out.report(DiagnosticsEngine::Warning, L.Loc,
                     "this launch passes " + std::to_string(L.Before) +
                         " bytes of dynamic LDS; '" + Name + "' now needs " +
                         (L.After ? std::to_string(L.After) + " bytes"
                                  : std::string("more")) +
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
  P.Messages = Out.take();
  return P;
}

namespace {

/// Re-parses Code as File and analyses it, as the check does.
bool reanalyse(const tooling::CompileCommand &Cmd, const std::string &MainPath,
               const std::string &Code, const AnalyzedFile &Template,
               const RunConfig &Config, Model &OutModel,
               std::vector<std::vector<AccessResult>> &OutResults) {
  SingleCommandDatabase DB(Cmd);
  tooling::ClangTool Tool(DB, {Cmd.Filename});
  Tool.clearArgumentsAdjusters();
  Tool.mapVirtualFile(MainPath, Code);
  bool Got = false;
  auto Factory = newCheckActionFactory(
      Config, Template, [&](ASTContext &, AnalyzedFile &F) {
        OutModel = F.Built.M;
        OutResults = F.Results;
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
    std::string LA = "a/" + Label, LB = "b/" + Label;
    std::vector<llvm::StringRef> Argv = {*Diff, "-u", "--label", LA, "--label", LB, A, B};
    std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Out),
                                                  std::nullopt};
    llvm::sys::ExecuteAndWait(*Diff, Argv, std::nullopt, Redirects);
    if (auto Buf = llvm::MemoryBuffer::getFile(Out))
      Result = (*Buf)->getBuffer().str();
  }
  for (auto &P : {A, B, Out})
    llvm::sys::fs::remove(P);
  return Result;
}

} // namespace

int finishFix(FilePlan &P, const tooling::CompileCommand &Original,
              SourceLanguage Lang, const RunConfig &Config, bool Write,
              llvm::raw_ostream &Msgs, llvm::raw_ostream &DiffOut, JsonReport *Json) {
  Msgs << P.Messages;
  auto Fail = [&](const std::string &Why) {
    Msgs << "lds-rewrite: error: " << P.File << ": " << Why
         << "; the file was not changed\n";
    return 2;
  };
  if (P.Reps.empty())
    return P.ConflictingAccesses ? 1 : 0;

  auto Buf = llvm::MemoryBuffer::getFile(P.MainPath);
  if (!Buf)
    return Fail("cannot read it: " + Buf.getError().message());
  std::string Before = (*Buf)->getBuffer().str();
  auto After = tooling::applyAllReplacements(Before, P.Reps);
  if (!After)
    return Fail("the replacements do not apply: " + llvm::toString(After.takeError()));

  // The rewritten text must parse and cost exactly what was planned.
  AnalyzedFile Template;
  Template.File = P.File;
  Template.Targets = P.Targets;
  DeviceParse Parse = deviceCommand(Original, Lang, P.Targets, Config);
  tooling::CompileCommand ParseCmd = Original;
  ParseCmd.CommandLine = Parse.CommandLine;
  Model NewModel;
  std::vector<std::vector<AccessResult>> NewResults;
  if (!reanalyse(ParseCmd, P.MainPath, *After, Template, Config, NewModel, NewResults))
    return Fail("the rewritten file does not parse (the messages above)");
  unsigned Remaining = 0;
  for (const auto &Row : NewResults)
    for (const AccessResult &R : Row)
      if (R.conflicts()) {
        ++Remaining;
        break;
      }
  for (const ArrayFix &Fix : P.Fixes)
    for (size_t T = 0; T < P.Targets.size(); ++T) {
      double Sum = 0;
      for (size_t I = 0; I < NewModel.Accesses.size(); ++I)
        if (Fix.ArrayIds.count(NewModel.Accesses[I].ArrayId) &&
            NewResults[I][T].Status == ResultStatus::Exact)
          Sum += NewResults[I][T].Passes;
      double Want = Fix.Plan.Outcomes[T].PassesAfter;
      if (std::fabs(Sum - Want) > 1e-6)
        return Fail("the rewrite of '" + Fix.Name + "' does not have the planned "
                    "effect on " + P.Targets[T] + " (" + formatNumber(Want) +
                    " passes planned, " + formatNumber(Sum) + " found)");
    }

  // Compile the result for every target it can be compiled for.
  llvm::SmallString<128> Dir;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("lds-rewrite", Dir))
    return Fail("cannot create a temporary folder: " + EC.message());
  llvm::SmallString<256> Copy(Dir);
  llvm::sys::path::append(Copy, llvm::sys::path::filename(P.MainPath));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Copy, EC);
    OS << *After;
  }
  std::string IncludeDir = llvm::sys::path::parent_path(P.MainPath).str();
  if (IncludeDir.empty())
    IncludeDir = ".";
  std::vector<std::string> Compiled;
  bool CompiledCuda = false;
  for (const std::string &T : P.Targets) {
    bool AMD = isAMDTarget(T);
    if (Lang == SourceLanguage::HIP && !AMD)
      continue; // .hip files are compiled for AMD targets
    if (Lang == SourceLanguage::CUDA && (AMD || CompiledCuda))
      continue;
    std::vector<std::string> Cmd = deviceCommand(Original, Lang, {T}, Config).CommandLine;
    CompileResult New = compileDeviceSide(Cmd, Original.Filename, std::string(Copy), IncludeDir);
    if (!New.Ok) {
      // The compiler read the temporary copy: name the user's file instead.
      std::string Log = New.Log;
      for (size_t At = Log.find(Copy.str()); At != std::string::npos;
           At = Log.find(Copy.str(), At + P.File.size()))
        Log.replace(At, Copy.size(), P.File);
      Msgs << Log;
      llvm::sys::fs::remove_directories(Dir);
      return Fail("the rewritten file does not compile for " + T);
    }
    if (AMD) {
      CompileResult Old = compileDeviceSide(Cmd, Original.Filename, P.MainPath, "");
      Compiled.push_back(T + " (LDS " +
                         (Old.Ok ? std::to_string(maxLDS(Old)) : std::string("?")) +
                         " -> " + std::to_string(maxLDS(New)) + " B)");
    } else {
      Compiled.push_back(T);
      CompiledCuda = true;
    }
  }
  llvm::sys::fs::remove_directories(Dir);

  for (const ArrayFix &Fix : P.Fixes)
    if (Json)
      Json->addFix(Fix.ArrayId, Fix.Plan, P.Targets, Fix.Replacements,
                   Write ? "applied" : "planned");
  if (!Compiled.empty())
    Msgs << "lds-rewrite: " << P.File << ": the rewritten file compiles for "
         << joinWithAnd(Compiled) << "\n";

  if (!Write) {
    DiffOut << unifiedDiff(P.File, Before, *After);
    return P.ConflictingAccesses ? 1 : 0;
  }
  if (llvm::Error E = writeFileAtomically(P.MainPath, *After))
    return Fail(llvm::toString(std::move(E)));
  Msgs << "lds-rewrite: " << P.File << ": wrote " << P.Fixes.size()
       << (P.Fixes.size() == 1 ? " fix" : " fixes");
  if (Remaining)
    Msgs << "; " << Remaining << " conflicting access"
         << (Remaining == 1 ? "" : "es") << " remain";
  Msgs << "\n";
  return Remaining ? 1 : 0;
}

} // namespace lds
