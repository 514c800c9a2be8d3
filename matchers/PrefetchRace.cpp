//===- PrefetchRace.cpp - The race check of a prefetch, on the AST --------===//

#include "matchers/PrefetchRace.h"
#include "analysis/LaneEvaluator.h"
#include "analysis/RaceCheck.h"
#include "matchers/IndexTranslator.h"
#include "matchers/LoopEffects.h"
#include "matchers/SharedArrayInfo.h"
#include "matchers/WrittenVariables.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace lds {

namespace {

/// The declarations of Body in source order.
struct Decls : RecursiveASTVisitor<Decls> {
  std::vector<const VarDecl *> Found;
  bool VisitVarDecl(VarDecl *V) {
    if (!isa<ParmVarDecl>(V))
      Found.push_back(V);
    return true;
  }
};

/// The index of `p[i]` (either side), or null for another lvalue.
const Expr *indexOf(const Expr *E, const ValueDecl *Ptr) {
  const auto *A = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
  if (!A)
    return nullptr;
  const auto *L = dyn_cast<DeclRefExpr>(A->getLHS()->IgnoreParenImpCasts());
  if (L && L->getDecl() == Ptr)
    return A->getRHS();
  const auto *R = dyn_cast<DeclRefExpr>(A->getRHS()->IgnoreParenImpCasts());
  if (R && R->getDecl() == Ptr)
    return A->getLHS();
  return nullptr;
}

class RaceQueryBuilder {
public:
  RaceQueryBuilder(ASTContext &Ctx, MatchedRefillLoop &L, const RaceSetting &S)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), L(L), S(S) {
    Config.Block = S.Block.value_or(std::array<unsigned, 3>{1, 1, 1});
    Config.WaveSize = S.WaveSize;
    Config.Assumptions = S.Assumptions;
  }

  void run(const std::vector<size_t> &Stores, const ValueDecl *Ptr) {
    auto Unproven = [&](std::string Why) {
      // LaneEvaluator's "no value for symbol n": say how to give one.
      const std::string NoValue = "no value for symbol ";
      if (size_t At = Why.find(NoValue); At != std::string::npos) {
        std::string Name = Why.substr(At + NoValue.size());
        Name = Name.substr(0, Name.find_first_of(" ;,:)"));
        Why = "it depends on '" + Name + "'; pass --assume " + Name + "=VALUE";
      }
      for (size_t I : Stores)
        L.Plain.Hazards[I].Detail = Why;
    };
    if (!S.Block)
      return Unproven("the block shape is not known; pass --block");
    IndexTranslator T(Ctx, State, Config);
    T.setQuiet(true);
    bindKernel(T);
    for (const LoopCounter &C : L.Counters)
      State.Env[C.Var].Int = LaneExpr::symbol(counterSymbol(C.Var), T.intTypeOf(C.Var->getType()));
    bindBody(T);
    PrefetchRaceQuery Q;
    Q.Block = *S.Block;
    Q.WaveSize = S.WaveSize;
    Q.ClampedRaces = S.AfterWait;
    for (const Expr *Load : L.Loads) {
      const Expr *Index = indexOf(Load, Ptr);
      if (!Index)
        return Unproven("a load is not written as " + Ptr->getNameAsString() + "[index]");
      Q.Loads.push_back({Ptr->getNameAsString(), T.translateInt(Index), loc(Load->getBeginLoc())});
    }
    for (size_t I : Stores) {
      const Expr *Index = indexOf(L.StoreTargets.at(I), Ptr);
      if (!Index)
        return Unproven("a store is not written as " + Ptr->getNameAsString() + "[index]");
      Q.Stores.push_back({Ptr->getNameAsString(), T.translateInt(Index), L.Plain.Hazards[I].Loc});
    }
    std::string Why;
    if (!iterations(T, Q.Iterations, Why))
      return Unproven(Why);
    PrefetchRace R = checkPrefetchRace(Q);
    if (R.Result == PrefetchRace::Unknown && R.Why.find("blockIdx") != std::string::npos) {
      // A race in block 0 is a race; no race there proves nothing for the
      // other blocks, which the check does not enumerate.
      PrefetchRaceQuery Block0 = Q;
      for (auto &It : Block0.Iterations)
        for (const char *B : {"blockIdx.x", "blockIdx.y", "blockIdx.z"})
          It.emplace(B, 0);
      PrefetchRace R0 = checkPrefetchRace(Block0);
      if (R0.Result == PrefetchRace::Race)
        return race(Stores, Block0, R0);
      return Unproven("the indexes depend on blockIdx, which it does not enumerate; block 0 "
                      "has no race");
    }
    if (R.Result == PrefetchRace::Unknown)
      return Unproven(R.Why);
    if (R.Result == PrefetchRace::Race)
      return race(Stores, Q, R);
    // Proven: the stores no longer forbid the move.
    std::set<size_t> Gone(Stores.begin(), Stores.end());
    RefillLoop &P = L.Plain;
    std::vector<Hazard> Hazards;
    std::vector<SourceLocation> Sites;
    for (size_t I = 0; I < P.Hazards.size(); ++I)
      if (!Gone.count(I)) {
        Hazards.push_back(P.Hazards[I]);
        Sites.push_back(L.HazardSites[I]);
      }
    P.Hazards = std::move(Hazards);
    L.HazardSites = std::move(Sites);
    L.StoreTargets.clear();
    unsigned Threads = Q.Block[0] * Q.Block[1] * Q.Block[2];
    L.RaceProof = "race check: no store of the loop writes an element of '" +
                  Ptr->getNameAsString() + "' that a moved load reads (" +
                  std::to_string(Threads) + " x " + std::to_string(Threads) + " threads, " +
                  std::to_string(Q.Iterations.size()) + " iterations)";
  }

private:
  SourceLoc loc(SourceLocation Loc) const { return toSourceLoc(SM.getExpansionLoc(Loc), SM); }

  static std::string counterSymbol(const VarDecl *V) { return "lds.counter." + V->getNameAsString(); }

  void race(const std::vector<size_t> &Stores, const PrefetchRaceQuery &Q, const PrefetchRace &R) {
    Hazard &H = L.Plain.Hazards[Stores[R.Store]];
    H.Kind = MoveHazard::Race;
    H.What = describeRace(Q, R);
  }

  /// The kernel's integer parameters as symbols, its locals declared
  /// before the loop (and never written) as their values.
  void bindKernel(IndexTranslator &T) {
    for (const ParmVarDecl *P : L.Kernel->parameters())
      if (P->getType()->isIntegralOrEnumerationType())
        State.Env[P].Int = LaneExpr::symbol(P->getNameAsString(), T.intTypeOf(P->getType()));
    Written = writtenVariables(L.Kernel->getBody());
    Decls D;
    D.TraverseStmt(L.Kernel->getBody());
    for (const VarDecl *V : D.Found)
      if (SM.isBeforeInTranslationUnit(V->getLocation(), L.Loop->getBeginLoc()) && V->getInit() &&
          V->getType()->isIntegralOrEnumerationType() && !Written.count(V))
        State.Env[V].Int = T.translateInt(V->getInit());
  }

  /// The loop body's own declarations, in order (the stores' indexes may
  /// use them).
  void bindBody(IndexTranslator &T) {
    Decls D;
    D.TraverseStmt(const_cast<Stmt *>(L.Loop->getBody()));
    for (const VarDecl *V : D.Found)
      if (V->getInit() && V->getType()->isIntegralOrEnumerationType() && !Written.count(V))
        State.Env[V].Int = T.translateInt(V->getInit());
  }

  /// The counters' values in each iteration, from the init, the condition
  /// and the increment, all uniform (a thread-dependent condition forbids
  /// the move before this runs).
  bool iterations(IndexTranslator &T, std::vector<std::map<std::string, int64_t>> &Out,
                  std::string &Why) {
    std::map<std::string, int64_t> Now = S.Assumptions;
    LaneEnv Env;
    Env.BlockDim = {Config.Block[0], Config.Block[1], Config.Block[2]};
    Env.WaveSize = S.WaveSize;
    for (const LoopCounter &C : L.Counters) {
      const Expr *Init = C.Var->getInit();
      if (const auto *B = dyn_cast_or_null<BinaryOperator>(L.Loop->getInit());
          B && B->getOpcode() == BO_Assign && storedBase(B->getLHS()) == C.Var)
        Init = B->getRHS();
      if (!Init) {
        Why = "the start of '" + C.Var->getNameAsString() + "' is not known";
        return false;
      }
      Env.Symbols = &Now;
      auto V = LaneEvaluator::eval(*T.translateInt(Init), Env, &Why);
      if (!V)
        return false;
      Now[counterSymbol(C.Var)] = *V;
    }
    ExprRef Cond = T.translateInt(L.Loop->getCond());
    std::vector<ExprRef> Next;
    for (const LoopCounter &C : L.Counters)
      Next.push_back(nextValue(T, C));
    for (unsigned K = 0;; ++K) {
      Env.Symbols = &Now;
      auto Go = LaneEvaluator::eval(*Cond, Env, &Why);
      if (!Go)
        return false;
      if (!*Go)
        return true;
      if (K == 4096) {
        Why = "the loop runs more than 4096 iterations";
        return false;
      }
      Out.push_back(Now);
      std::map<std::string, int64_t> After = Now;
      for (size_t I = 0; I < L.Counters.size(); ++I) {
        auto V = LaneEvaluator::eval(*Next[I], Env, &Why);
        if (!V)
          return false;
        After[counterSymbol(L.Counters[I].Var)] = *V;
      }
      Now = std::move(After);
    }
  }

  ExprRef nextValue(IndexTranslator &T, const LoopCounter &C) {
    IntType Ty = T.intTypeOf(C.Var->getType());
    ExprRef Self = LaneExpr::symbol(counterSymbol(C.Var), Ty);
    if (const auto *U = dyn_cast<UnaryOperator>(C.Update))
      return LaneExpr::binary(U->isIncrementOp() ? BinaryOp::Add : BinaryOp::Sub, Self,
                              LaneExpr::constant(1, Ty), Ty);
    const auto *B = cast<BinaryOperator>(C.Update);
    ExprRef Step = T.translateInt(B->getRHS());
    switch (B->getOpcode()) {
    case BO_Assign:
      return Step;
    case BO_AddAssign:
      return LaneExpr::binary(BinaryOp::Add, Self, Step, Ty);
    case BO_SubAssign:
      return LaneExpr::binary(BinaryOp::Sub, Self, Step, Ty);
    case BO_MulAssign:
      return LaneExpr::binary(BinaryOp::Mul, Self, Step, Ty);
    case BO_ShlAssign:
      return LaneExpr::binary(BinaryOp::Shl, Self, Step, Ty);
    case BO_ShrAssign:
      return LaneExpr::binary(BinaryOp::Shr, Self, Step, Ty);
    default:
      return LaneExpr::unknown("an increment the race check does not follow", Ty);
    }
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  MatchedRefillLoop &L;
  const RaceSetting &S;
  WalkState State;
  WalkConfig Config;
  std::set<const ValueDecl *> Written;
};

} // namespace

void checkPrefetchRace(ASTContext &Ctx, MatchedRefillLoop &L, const RaceSetting &S) {
  RefillLoop &P = L.Plain;
  if (P.LoadsRestrict || !L.Unsupported.empty())
    return;
  std::vector<size_t> Stores;
  for (size_t I = 0; I < P.Hazards.size(); ++I) {
    if (P.Hazards[I].Kind != MoveHazard::GlobalStore)
      return; // another hazard forbids the move anyway
    Stores.push_back(I);
  }
  if (Stores.empty())
    return;
  // One pointer for every moved load and every store: nothing else can
  // alias, so disjoint indexes are a proof.
  const ValueDecl *Ptr = nullptr;
  for (const Expr *Load : L.Loads) {
    const ValueDecl *B = storedBase(Load);
    if (!B || (Ptr && B != Ptr))
      return;
    Ptr = B;
  }
  for (size_t I : Stores) {
    auto It = L.StoreTargets.find(I);
    if (It == L.StoreTargets.end() || storedBase(It->second) != Ptr)
      return;
  }
  if (!Ptr || !isa<ParmVarDecl>(Ptr))
    return;
  RaceQueryBuilder(Ctx, L, S).run(Stores, Ptr);
}

} // namespace lds
