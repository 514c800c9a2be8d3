//===- RefillLoopMatcher.cpp - Loops that refill an LDS tile from global memory -===//

#include "matchers/RefillLoopMatcher.h"
#include "matchers/IndexTranslator.h"
#include "matchers/KernelMatchers.h"
#include "matchers/LoopEffects.h"
#include "matchers/RegisterCode.h"
#include "matchers/SharedArrayInfo.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <functional>

#include <algorithm>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace lds {

namespace {

bool isShared(const ValueDecl *D) {
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  return V && V->hasAttr<CUDASharedAttr>();
}

/// A load from global memory in E: a subscript or dereference of a pointer
/// variable (not LDS, not a local array), or __ldg.
void collectGlobalLoads(const Expr *E, std::vector<const Expr *> &Out) {
  if (!E)
    return;
  const Expr *S = E->IgnoreParenImpCasts();
  bool Load = false;
  if (isa<ArraySubscriptExpr>(S) || (isa<UnaryOperator>(S) && cast<UnaryOperator>(S)->getOpcode() == UO_Deref) ||
      (isa<MemberExpr>(S) && cast<MemberExpr>(S)->isArrow())) {
    const ValueDecl *Base = storedBase(S);
    Load = Base && !isShared(Base) && Base->getType()->isPointerType();
  }
  if (const auto *C = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = C->getDirectCallee(); F && F->getIdentifier() && F->getName() == "__ldg")
      Load = true;
  if (Load) {
    Out.push_back(S);
    return;
  }
  for (const Stmt *Child : S->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      collectGlobalLoads(CE, Out);
}

void collectRefs(const Stmt *S, std::vector<const DeclRefExpr *> &Out) {
  if (!S)
    return;
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    Out.push_back(D);
  for (const Stmt *Child : S->children())
    collectRefs(Child, Out);
}

bool mentionsShared(const Stmt *S) {
  std::vector<const DeclRefExpr *> Refs;
  collectRefs(S, Refs);
  return llvm::any_of(Refs, [](const DeclRefExpr *D) { return isShared(D->getDecl()); });
}

/// `s[...] = value` with s __shared__ and value reading global memory.
std::optional<RefillStore> refillStore(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *B = E ? dyn_cast<BinaryOperator>(E->IgnoreImplicit()) : nullptr;
  if (!B || B->getOpcode() != BO_Assign || !isShared(storedBase(B->getLHS())))
    return std::nullopt;
  std::vector<const Expr *> Loads;
  collectGlobalLoads(B->getRHS(), Loads);
  if (Loads.empty())
    return std::nullopt;
  return RefillStore{B, B->getRHS()};
}

/// The statement a guarded refill is: `if (c) s[...] = g[...];` (or in braces).
std::optional<RefillStore> guardedRefill(const Stmt *S) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse())
    return std::nullopt;
  const Stmt *Then = If->getThen();
  if (const auto *C = dyn_cast<CompoundStmt>(Then); C && C->size() == 1)
    Then = C->body_front();
  return refillStore(Then);
}

bool isThreadCoordinate(const Expr *E) {
  unsigned Dim = 0;
  if (IndexTranslator::builtinCoordinate(E, Dim) == "threadIdx")
    return true;
  if (const auto *C = dyn_cast<CallExpr>(E->IgnoreParenImpCasts()))
    if (const FunctionDecl *F = C->getDirectCallee(); F && F->getIdentifier()) {
      StringRef N = F->getName();
      return N.starts_with("__builtin_amdgcn_workitem_id") || N == "__lane_id" ||
             N.starts_with("__ockl_get_local_id") || N == "__builtin_amdgcn_mbcnt_lo";
    }
  return false;
}

class LoopMatcher {
public:
  LoopMatcher(ASTContext &Ctx, const FunctionDecl *Kernel, const ForStmt *For)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Kernel(Kernel), For(For) {}

  std::optional<MatchedRefillLoop> match() {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(For->getBody());
    if (!Body || Body->size() < 3 || !barrierCallOf(Body->body_back()))
      return std::nullopt;
    std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
    size_t W = 0;
    while (W < Stmts.size() && !barrierCallOf(Stmts[W]))
      ++W;
    if (W == 0 || W + 1 >= Stmts.size())
      return std::nullopt;
    Out.Loop = For;
    Out.Kernel = Kernel;
    Out.Wait = Stmts[W];
    Out.Trailing = Stmts.back();
    std::vector<Hazard> Guards;
    std::vector<SourceLocation> GuardSites;
    std::vector<const Expr *> GuardConds;
    for (size_t I = 0; I < W; ++I) {
      const Stmt *S = Stmts[I];
      if (auto R = refillStore(S)) {
        Out.Stores.push_back(*R);
      } else if (auto G = guardedRefill(S)) {
        Out.Stores.push_back(*G);
        GuardConds.push_back(cast<IfStmt>(S)->getCond());
        Guards.push_back({MoveHazard::GuardedRefill, loc(S->getBeginLoc()),
                          "the 'if' at line " + std::to_string(loc(S->getBeginLoc()).Line)});
        GuardSites.push_back(SM.getExpansionLoc(S->getBeginLoc()));
      } else if (const auto *DS = dyn_cast<DeclStmt>(S); DS && isRegisterCode(DS)) {
        for (const Decl *D : DS->decls())
          Leading.insert(cast<VarDecl>(D));
      } else if (!isRegisterCode(S) && !isSharedStoreOfRegisters(S)) {
        return std::nullopt; // other work before the wait: its latency is not exposed
      }
    }
    if (Out.Stores.empty())
      return std::nullopt;

    std::set<const Stmt *> Allowed = {barrierCallOf(Out.Wait), barrierCallOf(Out.Trailing)};
    Effects = scanLoopEffects(Ctx, For, Allowed);
    RefillLoop &P = Out.Plain;
    P.Kernel = Kernel->getNameAsString();
    P.Loop = loc(For->getBeginLoc());
    P.FirstStore = loc(Out.Stores.front().Assign->getBeginLoc());
    P.Wait = loc(Out.Wait->getBeginLoc());
    P.Trailing = loc(Out.Trailing->getBeginLoc());
    P.Hazards = Effects.Hazards;
    Out.HazardSites = Effects.Sites;
    Out.StoreTargets = Effects.StoreTargets;
    readCounters();
    for (size_t I = 0; I < Guards.size(); ++I) {
      // A guard that reads what the loop computes is named as that (rule
      // 3, data-dependent); any other still has to move with the loads.
      size_t Before = P.Hazards.size();
      movedValue(GuardConds[I]);
      if (P.Hazards.size() == Before) {
        P.Hazards.push_back(Guards[I]);
        Out.HazardSites.push_back(GuardSites[I]);
      }
    }
    for (const RefillStore &S : Out.Stores) {
      const ValueDecl *A = storedBase(S.Assign->getLHS());
      addName(P.Arrays, A->getNameAsString());
    }
    bool Restrict = true;
    for (const RefillStore &S : Out.Stores)
      Restrict &= movedValue(S.Value);
    P.LoadsRestrict = Restrict;
    readCondition();
    // The locals in declaration order (the order they were met may differ).
    std::sort(Out.Locals.begin(), Out.Locals.end(), [&](const VarDecl *A, const VarDecl *B) {
      return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
    });
    return std::move(Out);
  }

private:
  SourceLoc loc(SourceLocation L) const { return toSourceLoc(SM.getExpansionLoc(L), SM); }

  static void addName(std::vector<std::string> &V, const std::string &N) {
    if (std::find(V.begin(), V.end(), N) == V.end())
      V.push_back(N);
  }

  void hazard(MoveHazard K, SourceLocation L, std::string What) {
    Out.Plain.Hazards.push_back({K, loc(L), std::move(What)});
    Out.HazardSites.push_back(SM.getExpansionLoc(L));
  }

  /// `s[...] = register value`: an LDS store that is not a refill.
  static bool isSharedStoreOfRegisters(const Stmt *S) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    const auto *B = E ? dyn_cast<BinaryOperator>(E->IgnoreImplicit()) : nullptr;
    return B && B->getOpcode() == BO_Assign && isShared(storedBase(B->getLHS())) &&
           isRegisterCode(B->getRHS());
  }

  bool isCounter(const VarDecl *V) const {
    return llvm::any_of(Out.Counters, [&](const LoopCounter &C) { return C.Var == V; });
  }

  bool inRange(SourceLocation L, const Stmt *S) const {
    if (!S)
      return false;
    SourceRange R(SM.getExpansionLoc(S->getBeginLoc()), SM.getExpansionLoc(S->getEndLoc()));
    L = SM.getExpansionLoc(L);
    return !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
           !SM.isBeforeInTranslationUnit(R.getEnd(), L);
  }

  /// The increment as counter updates: `a += s, ++k, j = j * 2`.
  void readCounters() {
    const Expr *Inc = For->getInc();
    if (!Inc) {
      Out.Unsupported = "the loop has no increment, so its next iteration is not known";
      return;
    }
    std::vector<const Expr *> Parts;
    std::function<void(const Expr *)> Split = [&](const Expr *E) {
      E = E->IgnoreParens();
      if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Comma) {
        Split(B->getLHS());
        Split(B->getRHS());
      } else {
        Parts.push_back(E);
      }
    };
    Split(Inc);
    for (const Expr *E : Parts) {
      const Expr *Target = nullptr, *Step = nullptr;
      if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
        Target = U->getSubExpr();
      else if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp() &&
                                                            B->getOpcode() != BO_RemAssign &&
                                                            B->getOpcode() != BO_DivAssign) {
        Target = B->getLHS();
        Step = B->getRHS();
      }
      const auto *DRE = Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!V || !V->getType()->isIntegralOrEnumerationType() || (Step && Step->HasSideEffects(Ctx))) {
        Out.Unsupported = "the loop's increment is not a list of integer counter updates "
                          "(v += step, ++v, v = expr)";
        return;
      }
      Out.Counters.push_back({V, E});
    }
    for (const LoopCounter &C : Out.Counters) {
      // A step that reads another counter of the same increment would see
      // it half-updated.
      std::vector<const DeclRefExpr *> Refs;
      if (const auto *B = dyn_cast<BinaryOperator>(C.Update))
        collectRefs(B->getRHS(), Refs);
      for (const DeclRefExpr *R : Refs)
        if (const auto *V = dyn_cast<VarDecl>(R->getDecl()); V && V != C.Var && isCounter(V))
          Out.Unsupported = "the increment of '" + C.Var->getNameAsString() + "' reads '" +
                            V->getNameAsString() + "', which the increment also changes";
        else if (V && V != C.Var)
          loopInvariant(V, R->getLocation());
      // The body may not change a counter: its next value would not be the
      // increment's.
      if (auto It = Effects.Assigned.find(C.Var); It != Effects.Assigned.end())
        for (const Assignment &A : It->second)
          if (!inRange(A.Loc, For->getInc()))
            hazard(MoveHazard::LoopCarriedValue, A.Loc,
                   "the counter '" + C.Var->getNameAsString() + "', changed in the body");
    }
  }

  /// V is read by what moves: it must not change in the loop.
  void loopInvariant(const VarDecl *V, SourceLocation Use) {
    auto It = Effects.Assigned.find(V);
    if (It == Effects.Assigned.end() || isCounter(V))
      return;
    const Assignment &A = It->second.front();
    hazard(A.FromBarrier ? MoveHazard::BarrierResult : MoveHazard::LoopCarriedValue, A.Loc,
           "'" + V->getNameAsString() + "'");
    (void)Use;
  }

  /// Whether the pointer a load goes through is a kernel parameter, or a
  /// local computed from one; true if that parameter is `const T*
  /// __restrict__`. Anything else may point to LDS (rule 1).
  bool globalPointer(const ValueDecl *D, SourceLocation Use, unsigned Depth = 0) {
    const auto *V = dyn_cast_or_null<VarDecl>(D);
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(V); P && P->getDeclContext() == Kernel) {
      addName(Out.Plain.Sources, P->getNameAsString());
      loopInvariant(P, Use);
      QualType T = P->getType();
      return T.isRestrictQualified() && T->getPointeeType().isConstQualified();
    }
    if (V && V->hasLocalStorage() && V->getInit() && Depth < 8 && !isShared(V)) {
      loopInvariant(V, Use);
      if (Leading.count(V))
        addLocal(V);
      const ValueDecl *Base = storedBase(V->getInit());
      if (Base && Base->getType()->isPointerType())
        return globalPointer(Base, Use, Depth + 1);
    }
    hazard(MoveHazard::LdsInMovedValue, Use,
           "'" + (D ? D->getNameAsString() : std::string("a pointer")) +
               "', which may point to LDS");
    return false;
  }

  void addLocal(const VarDecl *V) {
    if (std::find(Out.Locals.begin(), Out.Locals.end(), V) != Out.Locals.end())
      return;
    Out.Locals.push_back(V);
    movedValue(V->getInit());
  }

  /// Everything a moved expression reads: its loads' pointers, the locals
  /// and values it uses. True if every load is through a const __restrict__.
  bool movedValue(const Expr *E) {
    if (!E)
      return true;
    if (mentionsShared(E)) {
      std::vector<const DeclRefExpr *> Refs;
      collectRefs(E, Refs);
      for (const DeclRefExpr *R : Refs)
        if (isShared(R->getDecl())) {
          hazard(MoveHazard::LdsInMovedValue, R->getLocation(),
                 "'" + R->getDecl()->getNameAsString() + "'");
          break;
        }
    }
    bool Restrict = true;
    std::vector<const Expr *> Loads;
    collectGlobalLoads(E, Loads);
    for (const Expr *L : Loads) {
      Restrict &= globalPointer(storedBase(L), L->getExprLoc());
      Out.Loads.push_back(L);
    }
    std::vector<const DeclRefExpr *> Refs;
    collectRefs(E, Refs);
    for (const DeclRefExpr *R : Refs) {
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (!V || isCounter(V) || isShared(V) || V->getType()->isPointerType())
        continue;
      if (Leading.count(V))
        addLocal(V);
      else
        loopInvariant(V, R->getLocation());
    }
    return Restrict;
  }

  /// Whether E's value may differ between the threads of a block.
  bool threadDependent(const Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 8)
      return E != nullptr;
    if (isThreadCoordinate(E))
      return true;
    if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && V->hasLocalStorage() &&
                                                            !isa<ParmVarDecl>(V)) {
        if (threadDependent(V->getInit(), Depth + 1))
          return true;
        for (const LoopCounter &C : Out.Counters)
          if (C.Var == V)
            if (const auto *B = dyn_cast<BinaryOperator>(C.Update);
                B && threadDependent(B->getRHS(), Depth + 1))
              return true;
        // A counter given its start by the for's own `v = ...`.
        if (const auto *B = dyn_cast_or_null<BinaryOperator>(For->getInit()); B &&
            B->isAssignmentOp() && storedBase(B->getLHS()) == V)
          return threadDependent(B->getRHS(), Depth + 1);
        return false;
      }
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child); CE && threadDependent(CE, Depth))
        return true;
    return false;
  }

  void readCondition() {
    const Expr *Cond = For->getCond();
    if (!Cond) {
      Out.Unsupported = "the loop has no condition to clamp the next iteration's loads with";
      return;
    }
    if (Cond->HasSideEffects(Ctx)) {
      Out.Unsupported = "the loop's condition has side effects";
      return;
    }
    if (threadDependent(Cond))
      hazard(MoveHazard::NonUniformLoop, Cond->getBeginLoc(),
             "'" + std::string(Lexer::getSourceText(SM.getExpansionRange(Cond->getSourceRange()), SM,
                                               Ctx.getLangOpts())) +
                 "'");
    std::vector<const DeclRefExpr *> Refs;
    collectRefs(Cond, Refs);
    for (const DeclRefExpr *R : Refs)
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()); V && !isCounter(V))
        loopInvariant(V, R->getLocation());
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl *Kernel;
  const ForStmt *For;
  MatchedRefillLoop Out;
  LoopEffects Effects;
  std::set<const VarDecl *> Leading; ///< declared in the body before the wait
};

} // namespace

std::vector<MatchedRefillLoop> matchRefillLoops(ASTContext &Ctx) {
  std::vector<MatchedRefillLoop> Found;
  for (const FunctionDecl *Written : writtenKernels(Ctx)) {
    for (const BoundNodes &N : match(findAll(forStmt().bind("for")), *Written->getBody(), Ctx))
      if (auto M = LoopMatcher(Ctx, Written, N.getNodeAs<ForStmt>("for")).match())
        Found.push_back(std::move(*M));
  }
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Found.begin(), Found.end(), [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.Loop->getBeginLoc(), B.Loop->getBeginLoc());
  });
  return Found;
}

} // namespace lds
