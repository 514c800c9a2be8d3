//===- FixMode.cpp - --fix and --diff -------------------------------------===//

#include "FixMode.h"

#include "ArrayRewrite.h"
#include "AtomicWrite.h"
#include "CheckAction.h"
#include "DiagPrinter.h"
#include "Recompile.h"
#include "SourceEdits.h"

#include "clang/AST/RecursiveASTVisitor.h"
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

/// Why VD cannot be given a new layout because of its type: a union (its
/// members share storage: moving the elements of one would not move the
/// others) or a struct (the tool lays out arrays, not members). Empty if
/// neither.
std::string recordProblem(const VarDecl *VD, const ASTContext &Ctx) {
  QualType T = VD->getType();
  bool Array = false;
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    T = AT->getElementType();
    Array = true;
  }
  std::string Name = "'" + VD->getNameAsString() + "'";
  if (T->isUnionType())
    return Array ? Name + " holds unions: other members alias its elements"
                 : Name + " is a union: its members alias each other, and a "
                          "new layout of one would not move the others";
  if (T->isRecordType() && !Array)
    return Name + " is a struct: the tool lays out __shared__ arrays, not the "
                  "members of a struct";
  return "";
}

/// A launch of one of the fixed kernels, and what became of its dynamic
/// LDS size.
struct LaunchResize {
  SourceLocation Loc;
  uint64_t Before = 0, After = 0;
  bool Rewritten = false;
  std::string Why; ///< when not rewritten
};

class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  explicit LaunchFinder(const std::set<const FunctionDecl *> &Kernels)
      : Kernels(Kernels) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    const FunctionDecl *Callee = K->getDirectCallee();
    const CallExpr *Config = K->getConfig();
    if (Callee && Config && Config->getNumArgs() >= 3 &&
        !isa<CXXDefaultArgExpr>(Config->getArg(2)) &&
        Kernels.count(Callee->getCanonicalDecl()))
      Found.push_back(K);
    return true;
  }
  std::vector<const CUDAKernelCallExpr *> Found;

private:
  const std::set<const FunctionDecl *> &Kernels;
};

void factorsOf(const Expr *E, std::vector<const Expr *> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->getOpcode() == BO_Mul) {
      factorsOf(BO->getLHS(), Out);
      factorsOf(BO->getRHS(), Out);
      return;
    }
  Out.push_back(E);
}

/// Every constant-size launch of Kernels gets the padded array's new size
/// (issue 3: "rewrite the launch's size argument when it is in the same
/// file and computed from the same constants"): when the size is a product
/// with a factor equal to the row length W (`W * W * sizeof(float)`), that
/// factor becomes `(W + P)`, which makes it rows * (W + P) elements. Other
/// sizes are left alone and reported.
std::vector<LaunchResize> resizeLaunches(ASTContext &Ctx,
                                         const std::set<const FunctionDecl *> &Kernels,
                                         const SharedArray &Array, const FixPlan &Plan,
                                         tooling::Replacements &Reps) {
  const SourceManager &SM = Ctx.getSourceManager();
  LaunchFinder Finder(Kernels);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  const uint64_t W = Plan.NewLayout.RowLength, P = Plan.Choice.PadElems;
  const uint64_t RowBytes = W * Array.ElementBytes;
  std::vector<LaunchResize> Out;
  std::set<unsigned> Seen;
  for (const CUDAKernelCallExpr *K : Finder.Found) {
    const Expr *Size = K->getConfig()->getArg(2);
    Expr::EvalResult V;
    if (Size->isValueDependent() || !Size->EvaluateAsInt(V, Ctx))
      continue; // not a constant: the plan's note covers it
    LaunchResize L;
    L.Loc = SM.getExpansionLoc(K->getBeginLoc());
    if (!Seen.insert(SM.getExpansionLoc(Size->getBeginLoc()).getRawEncoding()).second)
      continue; // one launch, seen in several instantiations
    L.Before = V.Val.getInt().getZExtValue();
    L.After = RowBytes && L.Before % RowBytes == 0 ? L.Before / W * (W + P) : 0;
    std::vector<const Expr *> Factors;
    factorsOf(Size, Factors);
    const Expr *RowFactor = nullptr;
    for (const Expr *F : Factors) {
      Expr::EvalResult FV;
      if (!isa<UnaryExprOrTypeTraitExpr>(F) && !F->isValueDependent() &&
          F->EvaluateAsInt(FV, Ctx) && FV.Val.getInt().getZExtValue() == W)
        RowFactor = F; // the last one: `rows * W * sizeof(T)`
    }
    if (!L.After)
      L.Why = "its size is not a whole number of rows";
    else if (!RowFactor)
      L.Why = "its size is not written as a product with the row length " +
              std::to_string(W);
    if (L.Why.empty()) {
      auto R = editableRange(RowFactor->getSourceRange(), Ctx,
                             "the size this launch passes");
      if (!R) {
        L.Why = llvm::toString(R.takeError());
      } else if (llvm::Error E = addReplacement(
                     Reps,
                     tooling::Replacement(SM, *R,
                                          "(" + textOf(*R, Ctx) + " + " +
                                              std::to_string(P) + ")"),
                     L.Loc)) {
        L.Why = llvm::toString(std::move(E));
      } else {
        L.Rewritten = true;
      }
    }
    Out.push_back(L);
  }
  return Out;
}

/// A candidate fix of one array, or why there is none.
struct Attempt {
  bool Ok = false;
  bool RewriteRefused = false; ///< planned, but the rewrite refused it
  FixPlan Plan;
  tooling::Replacements Reps;
  SourceLocation Loc;
  std::string Why;
};

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
    if (std::string Why = recordProblem(G.Decl, Ctx); !Why.empty()) {
      Refuse(G.Decl->getLocation(), Why);
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
    // Every extern __shared__ array of a kernel starts at the same address:
    // another one reads and writes the elements a new layout would move.
    const SharedArray *Alias = nullptr;
    if (First->Dynamic)
      for (const SharedArray &A : M.Arrays)
        if (A.Dynamic && Kernels.count(A.Kernel) && A.Name != First->Name)
          Alias = &A;
    if (Alias) {
      Refuse(toClangLoc(Alias->Decl, SM),
             "'" + Alias->Name + "' is also extern __shared__: it shares its "
             "storage, which a new layout of '" + Name + "' would move");
      continue;
    }

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
    auto TryStrategy = [&](Strategy St) {
      Attempt A;
      A.Plan = planFix(*First, Ptrs, Targets, StaticLDS, St, Config.Banks, Opts);
      if (!A.Plan.Found) {
        A.Loc = toClangLoc(A.Plan.RefusalLoc, SM);
        A.Why = A.Plan.Refusal;
        return A;
      }
      const FixPlan &Plan = A.Plan;
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
        A.Loc = G.Decl->getLocation();
        A.Why = "the planned layout is not one-to-one: " + Why;
        return A;
      }
      auto Reps = rewriteArray(Ctx, ArrayEdit{G.Decl, Exprs}, Plan);
      if (!Reps) {
        A.RewriteRefused = true;
        llvm::handleAllErrors(
            Reps.takeError(),
            [&](const RefusalError &R) {
              A.Loc = R.Loc;
              A.Why = R.Message;
            },
            [&](const llvm::ErrorInfoBase &E) { A.Why = E.message(); });
        return A;
      }
      A.Reps = std::move(*Reps);
      A.Ok = true;
      return A;
    };
    Attempt Try = TryStrategy(S);
    // Auto: the planner's favourite may be one the rewrite cannot write (a
    // pad of an extent declared in a header, a swizzle of a read through a
    // pointer); the other kind, when one exists, edits other text.
    std::string Instead;
    if (!Try.Ok && Try.RewriteRefused && S == Strategy::Auto) {
      bool WasPad = Try.Plan.Choice.K == FixCandidate::Pad;
      Attempt Other = TryStrategy(WasPad ? Strategy::Swizzle : Strategy::Pad);
      if (Other.Ok) {
        Instead = std::string(" (") + (WasPad ? "padding" : "a swizzle") +
                  " is not possible: " + Try.Why + ")";
        Try = std::move(Other);
      }
    }
    if (!Try.Ok) {
      Refuse(Try.Loc, Try.Why);
      continue;
    }
    const FixPlan &Plan = Try.Plan;
    auto Reps = &Try.Reps;
    std::vector<LaunchResize> Launches;
    if (First->Dynamic && Plan.Choice.K == FixCandidate::Pad) {
      std::set<const FunctionDecl *> KernelDecls;
      for (size_t I : G.Accesses)
        KernelDecls.insert(F.Built.Origins[I].Kernel->getCanonicalDecl());
      Launches = resizeLaunches(Ctx, KernelDecls, *First, Plan, *Reps);
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
    Fix.Reps = *Reps;
    P.Fixes.push_back(std::move(Fix));
    Out.report(DiagnosticsEngine::Remark, G.Decl->getLocation(),
               "fixing '" + Name + "': " + Plan.Description + Instead,
               "lds-bank-conflict");
    if (First->Dynamic && Plan.Choice.K == FixCandidate::Pad) {
      bool AllRewritten = !Launches.empty();
      for (const LaunchResize &L : Launches) {
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
      if (!AllRewritten) {
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
