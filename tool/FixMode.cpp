//===- FixMode.cpp - --fix and --diff -------------------------------------===//

#include "FixMode.h"

#include "ArrayRewrite.h"
#include "AtomicWrite.h"
#include "CheckAction.h"
#include "DiagPrinter.h"
#include "Recompile.h"
#include "SourceEdits.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cmath>
#include <set>

using namespace clang;

namespace lds {

namespace {

/// Accesses of one declaration, over every kernel and instantiation that
/// uses it: they share the declaration's text, so they share one fix.
struct DeclGroup {
  const VarDecl *Decl = nullptr;
  std::vector<size_t> Accesses;
};

SourceLocation toClangLoc(const SourceLoc &L, const SourceManager &SM) {
  if (!L.valid())
    return SourceLocation();
  return SM.translateLineCol(SM.getMainFileID(), L.Line, L.Column);
}

} // namespace

FilePlan planFixes(ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config,
                   Strategy S, bool Color) {
  FilePlan P;
  P.File = F.File;
  P.Targets = F.Targets;
  const SourceManager &SM = Ctx.getSourceManager();
  if (auto FE = SM.getFileEntryRefForID(SM.getMainFileID()))
    P.MainPath = FE->getName().str();
  DiagPrinter Out(Ctx, Color);
  const Model &M = F.Built.M;

  std::map<unsigned, DeclGroup> Groups;
  for (size_t I = 0; I < M.Accesses.size(); ++I) {
    const VarDecl *VD = F.Built.Origins[I].Array;
    SourceLocation L = SM.getExpansionLoc(VD->getLocation());
    DeclGroup &G = Groups[L.getRawEncoding()];
    G.Decl = VD;
    G.Accesses.push_back(I);
  }

  std::vector<const TargetModel *> Targets;
  for (const std::string &T : F.Targets)
    Targets.push_back(Config.Banks.find(T));

  for (auto &[Key, G] : Groups) {
    unsigned Conflicting = 0;
    for (size_t I : G.Accesses)
      for (const AccessResult &R : F.Results[I])
        if (R.conflicts()) {
          ++Conflicting;
          break;
        }
    if (!Conflicting)
      continue;
    P.ConflictingAccesses += Conflicting;
    std::string Name = G.Decl->getNameAsString();
    auto Refuse = [&](SourceLocation L, const std::string &Why) {
      ++P.Refused;
      Out.report(DiagnosticsEngine::Warning, L.isValid() ? L : G.Decl->getLocation(),
                 "not fixing '" + Name + "': " + Why, "lds-bank-conflict");
    };

    const SharedArray *First = M.findArray(M.Accesses[G.Accesses[0]].ArrayId);
    bool SameShape = true;
    std::set<std::string> Kernels;
    std::vector<const Access *> Ptrs;
    std::vector<const Expr *> Exprs;
    for (size_t I : G.Accesses) {
      const Access &A = M.Accesses[I];
      const SharedArray *Arr = M.findArray(A.ArrayId);
      if (Arr->Dims != First->Dims || Arr->ElementBytes != First->ElementBytes)
        SameShape = false;
      Kernels.insert(A.Kernel);
      Ptrs.push_back(&A);
      Exprs.push_back(F.Built.Origins[I].Expr);
    }
    if (!SameShape) {
      Refuse(G.Decl->getLocation(),
             "its template instantiations give it different shapes; fix it "
             "through the template arguments");
      continue;
    }
    bool Escaped = false;
    for (const EscapedPointer &E : F.Built.Escapes)
      if (SM.getExpansionLoc(E.Array->getLocation()).getRawEncoding() == Key) {
        const FunctionDecl *Callee = E.Call->getDirectCallee();
        Refuse(E.Call->getBeginLoc(),
               "it is passed to '" +
                   (Callee ? Callee->getNameAsString() : std::string("a function")) +
                   "', whose accesses the tool cannot see");
        Escaped = true;
        break;
      }
    if (Escaped)
      continue;

    // The kernel's whole static LDS: every __shared__ variable it uses.
    uint64_t StaticLDS = 0;
    for (const std::string &K : Kernels) {
      uint64_t Sum = 0;
      for (const SharedArray &A : M.Arrays)
        if (A.Kernel == K && !A.Dynamic)
          Sum += A.Bytes;
      StaticLDS = std::max(StaticLDS, Sum);
    }
    PlanOptions Opts;
    Opts.Assumptions = Config.Assumptions;
    if (First->Dynamic)
      Opts.DynamicBytes = M.Accesses[G.Accesses[0]].Block.DynamicSharedBytes;
    FixPlan Plan = planFix(*First, Ptrs, Targets, StaticLDS, S, Config.Banks, Opts);
    if (!Plan.Found) {
      Refuse(toClangLoc(Plan.RefusalLoc, SM), Plan.Refusal);
      continue;
    }
    // Both layouts map row r onto row r, and depend on r only through
    // (r >> Shift) & Mask: when the row count is unknown (a dynamic array
    // whose launch size is not constant), one period of rows decides.
    uint64_t Rows = Plan.NewLayout.Rows;
    if (!Rows)
      Rows = std::max<uint64_t>(64, uint64_t(Plan.Choice.Swz.Mask + 1)
                                        << Plan.Choice.Swz.Shift);
    std::string Why;
    if (!isBijection(*First, Plan.Choice,
                     Plan.NewLayout.Flat ? Plan.NewLayout.RowLength : 0, Rows,
                     &Why)) {
      Refuse(G.Decl->getLocation(), "the planned layout is not one-to-one: " + Why);
      continue;
    }
    auto Reps = rewriteArray(Ctx, ArrayEdit{G.Decl, Exprs}, Plan);
    if (!Reps) {
      SourceLocation L;
      std::string Msg;
      llvm::handleAllErrors(
          Reps.takeError(),
          [&](const RefusalError &R) {
            L = R.Loc;
            Msg = R.Message;
          },
          [&](const llvm::ErrorInfoBase &E) { Msg = E.message(); });
      Refuse(L, Msg);
      continue;
    }
    // Merge; an overlap with another array's edits refuses this one.
    tooling::Replacements Merged = P.Reps;
    bool Clash = false;
    for (const tooling::Replacement &R : *Reps)
      if (llvm::Error E = Merged.add(R)) {
        llvm::consumeError(std::move(E));
        Clash = true;
      }
    if (Clash) {
      Refuse(G.Decl->getLocation(), "its edits overlap those of another array");
      continue;
    }
    P.Reps = std::move(Merged);
    ArrayFix Fix;
    Fix.ArrayId = First->Id;
    for (const Access *A : Ptrs)
      Fix.ArrayIds.insert(A->ArrayId);
    Fix.Name = Name;
    Fix.Decl = First->Decl;
    Fix.Plan = Plan;
    Fix.Replacements = Reps->size();
    P.Fixes.push_back(std::move(Fix));
    Out.report(DiagnosticsEngine::Remark, G.Decl->getLocation(),
               "fixing '" + Name + "': " + Plan.Description, "lds-bank-conflict");
    if (First->Dynamic && Plan.Choice.K == FixCandidate::Pad) {
      uint64_t W = Plan.NewLayout.RowLength, P2 = Plan.Choice.PadElems;
      std::string Size =
          Plan.ArrayBytesAfter
              ? std::to_string(Plan.ArrayBytesAfter) + " bytes (was " +
                    std::to_string(Plan.ArrayBytesBefore) + ")"
              : "rows x " + std::to_string((W + P2) * First->ElementBytes) +
                    " bytes (each row of " + std::to_string(W) + " grows by " +
                    std::to_string(P2) + ")";
      Out.report(DiagnosticsEngine::Note, G.Decl->getLocation(),
                 "'" + Name + "' is dynamic: its launches must now pass " + Size);
    }
  }
  P.Messages = Out.take();
  return P;
}

namespace {

/// Re-parses Code as File and analyses it, as the check does.
bool reanalyse(const tooling::CompileCommand &Cmd, const std::string &MainPath,
               const std::string &Code, const AnalyzedFile &Template,
               const RunConfig &Config, Model &OutModel,
               std::vector<std::vector<AccessResult>> &OutResults) {
  struct SingleCommandDB : tooling::CompilationDatabase {
    tooling::CompileCommand C;
    std::vector<tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override {
      return {C};
    }
  } DB;
  DB.C = Cmd;
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

std::string joinNames(const std::vector<std::string> &V) {
  if (V.size() <= 1)
    return V.empty() ? "" : V[0];
  return llvm::join(V.begin(), V.end() - 1, ", ") + " and " + V.back();
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
      Msgs << New.Log;
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
         << joinNames(Compiled) << "\n";

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
