//===- FixPlanning.cpp - The fix of each conflicting __shared__ array -----===//

#include "rewrites/FixPlanning.h"

#include "rewrites/ArrayRewrite.h"
#include "rewrites/SourceEdits.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <optional>
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

class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  explicit LaunchFinder(const std::set<const FunctionDecl *> &Kernels) : Kernels(Kernels) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    const FunctionDecl *Callee = K->getDirectCallee();
    const CallExpr *Config = K->getConfig();
    if (Callee && Config && Config->getNumArgs() >= 3 &&
        !isa<CXXDefaultArgExpr>(Config->getArg(2)) && Kernels.count(Callee->getCanonicalDecl()))
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
                                         const EditScope &Scope, FileEdits &Reps) {
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
      L.Why = "its size is not written as a product with the row length " + std::to_string(W);
    if (L.Why.empty()) {
      auto R =
          editableRange(RowFactor->getSourceRange(), Ctx, "the size this launch passes", Scope);
      if (!R) {
        L.Why = llvm::toString(R.takeError());
      } else if (llvm::Error E = addReplacement(
                     Reps,
                     tooling::Replacement(SM, *R,
                                          "(" + textOf(*R, Ctx) + " + " + std::to_string(P) + ")"),
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
  FileEdits Reps;
  SourceLocation Loc;
  std::string Why;
};

} // namespace

unsigned declKey(const SourceManager &SM, const VarDecl *VD) {
  return SM.getExpansionLoc(VD->getLocation()).getRawEncoding();
}

FileFixes planFileFixes(ASTContext &Ctx, const AnalyzedFile &F, const BankModel &Banks,
                        const std::map<std::string, int64_t> &Assumptions, Strategy S,
                        const EditScope &Scope) {
  FileFixes Out;
  const SourceManager &SM = Ctx.getSourceManager();
  const Model &M = F.Built.M;

  std::map<unsigned, DeclGroup> Groups;
  for (size_t I = 0; I < M.Accesses.size(); ++I) {
    const VarDecl *VD = F.Built.Origins[I].Array;
    if (!VD)
      continue;
    DeclGroup &G = Groups[declKey(SM, VD)];
    G.Decl = VD;
    G.Accesses.push_back(I);
  }

  std::vector<const TargetModel *> Targets;
  for (const std::string &T : F.Targets)
    Targets.push_back(Banks.find(T));

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
    DeclFix &Fix = Out.Decls.emplace_back();
    Fix.Key = Key;
    Fix.Decl = G.Decl;
    Fix.Name = G.Decl->getNameAsString();
    Fix.ConflictingAccesses = Conflicting;
    const std::string &Name = Fix.Name;
    auto Refuse = [&](SourceLocation L, const std::string &Why) {
      Fix.RefusalLoc = L.isValid() ? L : G.Decl->getLocation();
      Fix.Refusal = Why;
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
      Refuse(G.Decl->getLocation(), "its template instantiations give it different shapes; fix it "
                                    "through the template arguments");
      continue;
    }
    if (std::string Why = recordProblem(G.Decl, Ctx); !Why.empty()) {
      Refuse(G.Decl->getLocation(), Why);
      continue;
    }
    bool Escaped = false;
    for (const EscapedPointer &E : F.Built.Escapes)
      if (declKey(SM, E.Array) == Key) {
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
      Refuse(toClangLoc(Alias->Decl, SM), "'" + Alias->Name +
                                              "' is also extern __shared__: it shares its "
                                              "storage, which a new layout of '" +
                                              Name + "' would move");
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
    Opts.Assumptions = Assumptions;
    if (First->Dynamic)
      Opts.DynamicBytes = M.Accesses[G.Accesses[0]].Block.DynamicSharedBytes;
    auto TryStrategy = [&](Strategy St) {
      Attempt A;
      A.Plan = planFix(*First, Ptrs, Targets, StaticLDS, St, Banks, Opts);
      if (!A.Plan.Found) {
        A.Loc = toClangLoc(A.Plan.RefusalLoc, SM);
        A.Why = A.Plan.Refusal;
        return A;
      }
      const FixPlan &Plan = A.Plan;
      // A padded dynamic array needs every launch to pass more bytes; with
      // errors in host code, some launches may not have been seen.
      if (First->Dynamic && Plan.Choice.K == FixCandidate::Pad && !F.HostErrors.empty()) {
        A.RewriteRefused = true;
        A.Loc = G.Decl->getLocation();
        A.Why = "its launches must pass more bytes, and the host code that "
                "clang rejects (in '" +
                F.HostErrors.front().Function + "') may hold launches the tool did not see";
        return A;
      }
      // Both layouts map row r onto row r, and depend on r only through
      // (r >> Shift) & Mask: when the row count is unknown (a dynamic array
      // whose launch size is not constant), one period of rows decides.
      uint64_t Rows = Plan.NewLayout.Rows;
      if (!Rows)
        Rows = std::max<uint64_t>(64, uint64_t(Plan.Choice.Swz.Mask + 1) << Plan.Choice.Swz.Shift);
      std::string Why;
      if (!isBijection(*First, Plan.Choice, Plan.NewLayout.Flat ? Plan.NewLayout.RowLength : 0,
                       Rows, &Why, Plan.NewLayout.SwizzledColumns)) {
        A.Loc = G.Decl->getLocation();
        A.Why = "the planned layout is not one-to-one: " + Why;
        return A;
      }
      auto Reps = rewriteArray(Ctx, ArrayEdit{G.Decl, Exprs, Scope}, Plan);
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
    // pointer); the other kind, when one exists, edits other text. A pad
    // with a swizzle falls back to the better of the two alone.
    std::string Instead;
    if (!Try.Ok && Try.RewriteRefused && S == Strategy::Auto) {
      auto Noun = [](FixCandidate::Kind K) {
        return K == FixCandidate::Pad       ? std::string("padding")
               : K == FixCandidate::Swizzle ? std::string("a swizzle")
                                            : std::string("padding with a swizzle");
      };
      FixCandidate::Kind Was = Try.Plan.Choice.K;
      std::vector<Strategy> Others;
      if (Was != FixCandidate::Pad)
        Others.push_back(Strategy::Pad);
      if (Was != FixCandidate::Swizzle)
        Others.push_back(Strategy::Swizzle);
      std::string Whys = Noun(Was) + " is not possible: " + Try.Why;
      std::optional<Attempt> Best;
      for (Strategy O : Others) {
        Attempt A = TryStrategy(O);
        if (!A.Ok) {
          Whys += std::string("; ") + (O == Strategy::Pad ? "padding" : "a swizzle") +
                  " is not possible: " + A.Why;
          continue;
        }
        if (!Best || A.Plan.CostAfter < Best->Plan.CostAfter)
          Best = std::move(A);
      }
      if (Best) {
        Instead = " (" + Noun(Was) + " is not possible: " + Try.Why + ")";
        Try = std::move(*Best);
      } else {
        Try.Why = Whys;
      }
    }
    if (!Try.Ok) {
      Refuse(Try.Loc, Try.Why);
      continue;
    }
    const FixPlan &Plan = Try.Plan;
    auto Reps = &Try.Reps;
    std::vector<LaunchResize> Launches;
    if (First->Dynamic && Plan.Choice.pads()) {
      std::set<const FunctionDecl *> KernelDecls;
      for (size_t I : G.Accesses)
        KernelDecls.insert(F.Built.Origins[I].Kernel->getCanonicalDecl());
      Launches = resizeLaunches(Ctx, KernelDecls, *First, Plan, Scope, *Reps);
    }
    // Merge; an overlap with another array's edits refuses this one.
    if (llvm::Error E = mergeEdits(Out.Reps, *Reps)) {
      llvm::consumeError(std::move(E));
      Refuse(G.Decl->getLocation(), "its edits overlap those of another array");
      continue;
    }
    Fix.Found = true;
    Fix.Array = First;
    for (const Access *A : Ptrs)
      Fix.ArrayIds.insert(A->ArrayId);
    Fix.Plan = Plan;
    Fix.Reps = std::move(*Reps);
    Fix.Instead = std::move(Instead);
    Fix.Launches = std::move(Launches);
  }
  return Out;
}

std::string dynamicLaunchSize(const FixPlan &Plan, const SharedArray &Array) {
  uint64_t W = Plan.NewLayout.RowLength, P = Plan.Choice.PadElems;
  if (Plan.ArrayBytesAfter)
    return std::to_string(Plan.ArrayBytesAfter) + " bytes (was " +
           std::to_string(Plan.ArrayBytesBefore) + ")";
  return "rows x " + std::to_string((W + P) * Array.ElementBytes) + " bytes (each row of " +
         std::to_string(W) + " grows by " + std::to_string(P) + ")";
}

} // namespace lds
