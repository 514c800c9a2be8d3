//===- FixPlanning.cpp - The fix of each conflicting __shared__ array -----===//

#include "rewrites/FixPlanning.h"

#include "matchers/SkippedCode.h"

#include "rewrites/ArrayRewrite.h"
#include "rewrites/FixKinds.h"
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
    LaunchResize L;
    L.Loc = SM.getExpansionLoc(K->getBeginLoc());
    if (!Seen.insert(SM.getExpansionLoc(Size->getBeginLoc()).getRawEncoding()).second)
      continue; // one launch, seen in several instantiations
    Expr::EvalResult V;
    if (Size->isValueDependent() || !Size->EvaluateAsInt(V, Ctx)) {
      // A runtime size: the tool can neither check nor grow it.
      L.Why = "its size is not a constant";
      Out.push_back(L);
      continue;
    }
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

/// What the planner asks while it chooses (RewriteQuery.h): the rewrite
/// of each candidate tried, its refusals kept with their places.
class ArrayWriter : public RewriteQuery {
public:
  ArrayWriter(ASTContext &Ctx, const ArrayEdit &Edit, const SharedArray &Array,
              const AnalyzedFile &F, const std::set<const FunctionDecl *> &Kernels)
      : Ctx(Ctx), Edit(Edit), Array(Array), F(F), Kernels(Kernels) {}

  std::optional<std::string> cannotRewrite(const FixPlan &Draft) override {
    std::optional<RewriteRefusal> R = refusal(Draft);
    if (!R)
      return std::nullopt;
    Refusals.push_back(*R);
    return R->Why;
  }

  /// Where the refusal Why points (the first one with these words).
  SourceLocation placeOf(const std::string &Why) const {
    for (const RewriteRefusal &R : Refusals)
      if (R.Why == Why)
        return R.Loc;
    return SourceLocation();
  }

private:
  std::optional<RewriteRefusal> refusal(const FixPlan &Draft) {
    // A padded dynamic array needs every launch to pass more bytes; with
    // errors in host code, some launches may not have been seen.
    if (Array.Dynamic && Draft.Choice.pads() && !F.HostErrors.empty())
      return RewriteRefusal{"its launches must pass more bytes, and the host code that "
                            "clang rejects (in '" +
                                F.HostErrors.front().Function +
                                "') may hold launches the tool did not see",
                            Edit.Decl->getLocation()};
    if (Array.Dynamic && Draft.Choice.pads())
      if (std::optional<RewriteRefusal> R = launchProblem(Draft))
        return R;
    return canRewrite(Ctx, Edit, Draft);
  }

  /// Why a pad of the dynamic array would leave a launch passing fewer
  /// bytes than the padded array needs (issue 16: the kernel would read
  /// and write past its allocation), and where; nothing when every launch
  /// of its kernels is in this file and gets its size rewritten. A kernel
  /// with no launch here is launched elsewhere, with the old size.
  std::optional<RewriteRefusal> launchProblem(const FixPlan &Draft) {
    FileEdits Scratch;
    std::vector<LaunchResize> Launches =
        resizeLaunches(Ctx, Kernels, Array, Draft, Edit.Scope, Scratch);
    std::string Needs = dynamicLaunchSize(Draft, Array);
    if (Launches.empty())
      return RewriteRefusal{"no launch of its kernel is in this file: a pad makes its launches "
                            "pass " + Needs + ", and the launches elsewhere would not",
                            Edit.Decl->getLocation()};
    for (const LaunchResize &L : Launches)
      if (!L.Rewritten) {
        const SourceManager &SM = Ctx.getSourceManager();
        std::string Where = "the launch at line " + std::to_string(SM.getExpansionLineNumber(L.Loc));
        std::string Passes =
            L.Before ? " passes " + std::to_string(L.Before) + " bytes" : " passes a runtime size";
        if (L.After)
          Needs = std::to_string(L.After) + " bytes";
        return RewriteRefusal{Where + Passes + ", and a pad needs it to pass " + Needs +
                                  "; the tool cannot change that launch: " + L.Why,
                              L.Loc};
      }
    return std::nullopt;
  }

  ASTContext &Ctx;
  const ArrayEdit &Edit;
  const SharedArray &Array;
  const AnalyzedFile &F;
  const std::set<const FunctionDecl *> &Kernels;
  std::vector<RewriteRefusal> Refusals;
};

/// Why G's declaration cannot be given a new layout whatever the plan (a
/// template with several shapes, a union or struct, a pointer to it passed
/// to a function, another extern array sharing its storage), and where;
/// nothing if it can.
std::optional<RewriteRefusal> declProblem(ASTContext &Ctx, const AnalyzedFile &F,
                                          const DeclGroup &G, unsigned Key) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Model &M = F.Built.M;
  const SharedArray *First = M.findArray(M.Accesses[G.Accesses[0]].ArrayId);
  std::set<std::string> Kernels;
  for (size_t I : G.Accesses) {
    const SharedArray *Arr = M.findArray(M.Accesses[I].ArrayId);
    if (Arr->Dims != First->Dims || Arr->ElementBytes != First->ElementBytes)
      return RewriteRefusal{"its template instantiations give it different shapes; fix it "
                            "through the template arguments",
                            G.Decl->getLocation()};
    Kernels.insert(M.Accesses[I].Kernel);
  }
  if (std::string Why = recordProblem(G.Decl, Ctx); !Why.empty())
    return RewriteRefusal{Why, G.Decl->getLocation()};
  // Named in an inactive #if branch (another target's transpose load, say):
  // the edits, made from this parse, would not reach it there.
  SourceRange Within;
  for (const DeclContext *DC = G.Decl->getLexicalDeclContext(); DC && !Within.isValid();
       DC = DC->getLexicalParent())
    if (const auto *Fn = dyn_cast<FunctionDecl>(DC)) // `extern __shared__` too
      Within = Fn->getSourceRange();
  if (std::optional<SourceLocation> L =
          nameInSkippedCode(F.SkippedCode, G.Decl->getName(), Within, SM, Ctx.getLangOpts()))
    return RewriteRefusal{"'" + G.Decl->getName().str() + "' is also named at line " +
                              std::to_string(SM.getSpellingLineNumber(*L)) +
                              " in code this parse skips (an inactive #if branch), which its "
                              "new layout would not reach",
                          *L};
  // Kept in an object (a tile window): its accesses through it would keep
  // the old layout.
  for (const StoredAddress &A : F.Built.Stored)
    if (declKey(SM, A.Array) == Key)
      return RewriteRefusal{"its address is kept in an object here, and the tool cannot see the "
                            "accesses made through it",
                            A.Where->getBeginLoc()};
  for (const EscapedPointer &E : F.Built.Escapes)
    if (declKey(SM, E.Array) == Key) {
      const FunctionDecl *Callee = E.Call->getDirectCallee();
      return RewriteRefusal{"it is passed to '" +
                                (Callee ? Callee->getNameAsString() : std::string("a function")) +
                                "', whose accesses the tool cannot see",
                            E.Call->getBeginLoc()};
    }
  // Every extern __shared__ array of a kernel starts at the same address:
  // another one reads and writes the elements a new layout would move.
  const SharedArray *Alias = nullptr;
  if (First->Dynamic)
    for (const SharedArray &A : M.Arrays)
      if (A.Dynamic && Kernels.count(A.Kernel) && A.Name != First->Name)
        Alias = &A;
  if (Alias) {
    SourceLocation L = toClangLoc(Alias->Decl, SM);
    return RewriteRefusal{"'" + Alias->Name +
                              "' is also extern __shared__: it shares its storage, which a new "
                              "layout of '" +
                              First->Name + "' would move",
                          L.isValid() ? L : G.Decl->getLocation()};
  }
  return std::nullopt;
}

/// The static LDS of the largest kernel using G: every __shared__ variable
/// it uses.
uint64_t kernelStaticLDS(const Model &M, const DeclGroup &G) {
  std::set<std::string> Kernels;
  for (size_t I : G.Accesses)
    Kernels.insert(M.Accesses[I].Kernel);
  uint64_t StaticLDS = 0;
  for (const std::string &K : Kernels) {
    uint64_t Sum = 0;
    for (const SharedArray &A : M.Arrays)
      if (A.Kernel == K && !A.Dynamic)
        Sum += A.Bytes;
    StaticLDS = std::max(StaticLDS, Sum);
  }
  return StaticLDS;
}

/// The accesses of G that conflict on some target.
unsigned conflictingAccesses(const AnalyzedFile &F, const DeclGroup &G) {
  unsigned Conflicting = 0;
  for (size_t I : G.Accesses)
    for (const AccessResult &R : F.Results[I])
      if (R.conflicts()) {
        ++Conflicting;
        break;
      }
  return Conflicting;
}

/// Plans, writes and checks the fix of G into Fix (Found, or a refusal).
void planDecl(ASTContext &Ctx, const AnalyzedFile &F, const DeclGroup &G,
              const std::vector<const TargetModel *> &Targets, const BankModel &Banks,
              const std::map<std::string, int64_t> &Assumptions, Strategy S, const EditScope &Scope,
              unsigned Rank, unsigned Ties, DeclFix &Fix) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Model &M = F.Built.M;
  auto Refuse = [&](SourceLocation L, const std::string &Why) {
    Fix.RefusalLoc = L.isValid() ? L : G.Decl->getLocation();
    Fix.Refusal = Why;
  };
  if (std::optional<RewriteRefusal> R = declProblem(Ctx, F, G, Fix.Key))
    return Refuse(R->Loc, R->Why);

  const SharedArray *First = M.findArray(M.Accesses[G.Accesses[0]].ArrayId);
  std::vector<const Access *> Ptrs;
  ArrayEdit Edit{G.Decl, {}, Scope};
  for (size_t I : G.Accesses) {
    Ptrs.push_back(&M.Accesses[I]);
    Edit.Accesses.push_back(F.Built.Origins[I].Expr);
  }
  std::set<const FunctionDecl *> KernelDecls;
  for (size_t I : G.Accesses)
    KernelDecls.insert(F.Built.Origins[I].Kernel->getCanonicalDecl());
  ArrayWriter Writer(Ctx, Edit, *First, F, KernelDecls);
  PlanOptions Opts;
  Opts.Assumptions = Assumptions;
  Opts.Rewriter = &Writer;
  Opts.Rank = Rank;
  Opts.Ties = Ties;
  if (First->Dynamic)
    Opts.DynamicBytes = M.Accesses[G.Accesses[0]].Block.DynamicSharedBytes;
  FixPlan Plan = planFix(*First, Ptrs, Targets, kernelStaticLDS(M, G), S, Banks, Opts);
  if (!Plan.Found) {
    SourceLocation L = toClangLoc(Plan.RefusalLoc, SM);
    if (Plan.SetAside.Valid)
      L = Writer.placeOf(Plan.SetAside.Why);
    return Refuse(L, Plan.Refusal);
  }
  const FixKind &Kind = fixKindOf(Plan.Choice.K);
  if (std::string Why = Kind.Verify(*First, Plan); !Why.empty())
    return Refuse(G.Decl->getLocation(), Why);
  auto Reps = Kind.Rewrite(Ctx, Edit, Plan);
  if (!Reps) // the planner asked; a refusal now is the rewrite's own bug
    return Refuse(G.Decl->getLocation(), llvm::toString(Reps.takeError()));
  std::vector<LaunchResize> Launches;
  if (First->Dynamic && Plan.Choice.pads())
    Launches = resizeLaunches(Ctx, KernelDecls, *First, Plan, Scope, *Reps);
  Fix.Found = true;
  Fix.Id = fixId(Kind, Fix.Name, First->Decl);
  Fix.Array = First;
  for (const Access *A : Ptrs)
    Fix.ArrayIds.insert(A->ArrayId);
  // Auto: the planner's favourite may be one the rewrite cannot write (a
  // pad of an extent declared in a header, a swizzle of a read through a
  // pointer); it took the best other kind, which edits other text.
  if (Plan.SetAside.Valid && S == Strategy::Auto)
    Fix.Instead = std::string(" (") + FixCandidate::noun(Plan.SetAside.Kind) +
                  " is not possible: " + Plan.SetAside.Why + ")";
  // The ties, written the same way; a pad of a dynamic array would resize
  // its launches too, which only the chosen layout does.
  for (const FixPlan &Tie : Plan.Ties) {
    if (First->Dynamic && Tie.Choice.pads())
      continue;
    const FixKind &TieKind = fixKindOf(Tie.Choice.K);
    if (!TieKind.Verify(*First, Tie).empty())
      continue;
    auto TieReps = TieKind.Rewrite(Ctx, Edit, Tie);
    if (!TieReps) {
      llvm::consumeError(TieReps.takeError());
      continue;
    }
    Fix.Ties.push_back({Tie, std::move(*TieReps)});
  }
  Plan.Ties.clear();
  Fix.Plan = std::move(Plan);
  Fix.Reps = std::move(*Reps);
  Fix.Launches = std::move(Launches);
}

} // namespace

unsigned declKey(const SourceManager &SM, const VarDecl *VD) {
  return SM.getExpansionLoc(VD->getLocation()).getRawEncoding();
}

FileFixes planFileFixes(ASTContext &Ctx, const AnalyzedFile &F, const BankModel &Banks,
                        const std::map<std::string, int64_t> &Assumptions, Strategy S,
                        const EditScope &Scope, unsigned Rank, unsigned Ties) {
  FileFixes Out;
  const SourceManager &SM = Ctx.getSourceManager();
  std::map<unsigned, DeclGroup> Groups;
  for (size_t I = 0; I < F.Built.M.Accesses.size(); ++I) {
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
    unsigned Conflicting = conflictingAccesses(F, G);
    if (!Conflicting)
      continue;
    DeclFix &Fix = Out.Decls.emplace_back();
    Fix.Key = Key;
    Fix.Decl = G.Decl;
    Fix.Name = G.Decl->getNameAsString();
    Fix.ConflictingAccesses = Conflicting;
    planDecl(Ctx, F, G, Targets, Banks, Assumptions, S, Scope, Rank, Ties, Fix);
    // Merge; an overlap with another array's edits refuses this one.
    if (!Fix.Found)
      continue;
    if (llvm::Error E = mergeEdits(Out.Reps, Fix.Reps)) {
      llvm::consumeError(std::move(E));
      Fix.Found = false;
      Fix.Id.clear();
      Fix.Reps.clear();
      Fix.Launches.clear();
      Fix.Ties.clear();
      Fix.RefusalLoc = G.Decl->getLocation();
      Fix.Refusal = "its edits overlap those of another array";
    }
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
