//===- LoopEffects.cpp - What a loop does besides arithmetic --------------===//

#include "matchers/LoopEffects.h"
#include "matchers/IndexTranslator.h"
#include "matchers/SharedArrayInfo.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace lds {

namespace {

bool startsWithAny(StringRef Name, std::initializer_list<StringRef> Prefixes) {
  for (StringRef P : Prefixes)
    if (Name.starts_with(P))
      return true;
  return false;
}

bool isBarrierName(StringRef N) {
  return N == "__syncthreads" || N == "__syncthreads_count" || N == "__syncthreads_and" ||
         N == "__syncthreads_or" || N == "__builtin_amdgcn_s_barrier" || N == "__syncwarp" ||
         N == "sync" || N == "barrier_sync" || N.starts_with("__builtin_amdgcn_s_barrier");
}

bool isAtomicName(StringRef N) {
  return startsWithAny(N, {"atomic", "__hip_atomic", "__atomic", "__builtin_amdgcn_atomic",
                           "__builtin_amdgcn_global_atomic", "__builtin_amdgcn_ds_f",
                           "__nv_atomic", "__c11_atomic"});
}

bool isFenceName(StringRef N) {
  return startsWithAny(N, {"__threadfence", "__builtin_amdgcn_fence", "atomic_thread_fence",
                           "__atomic_thread_fence", "__atomic_signal_fence"});
}

bool isCrossLaneName(StringRef N) {
  return startsWithAny(N, {"__shfl", "__ballot", "__any", "__all", "__activemask", "__reduce_",
                           "__match_", "__builtin_amdgcn_ds_bpermute", "__builtin_amdgcn_ds_permute",
                           "__builtin_amdgcn_mov_dpp", "__builtin_amdgcn_update_dpp",
                           "__builtin_amdgcn_ds_swizzle", "__builtin_amdgcn_readlane",
                           "__builtin_amdgcn_readfirstlane", "__builtin_amdgcn_permlane",
                           "__lane_id", "__builtin_amdgcn_wave_"});
}

/// Loads through the read-only path: a load like any other.
bool isLoadName(StringRef N) {
  return N == "__ldg" || N == "__ldca" || N == "__ldcg" || N == "__ldcs" || N == "__ldlu" ||
         N == "__ldcv";
}

class Scanner {
public:
  Scanner(ASTContext &Ctx, const std::set<const Stmt *> &Allowed, LoopEffects &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Allowed(Allowed), Out(Out) {}

  void walk(const Stmt *S, unsigned Conditional, unsigned Nested) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      expr(E, Conditional, Nested);
    if (isa<AsmStmt>(S))
      hazard(MoveHazard::InlineAsm, S->getBeginLoc(), "asm");
    if (isa<ReturnStmt>(S))
      hazard(MoveHazard::EarlyExit, S->getBeginLoc(), "return");
    if (isa<GotoStmt, IndirectGotoStmt>(S))
      hazard(MoveHazard::EarlyExit, S->getBeginLoc(), "goto");
    if (isa<BreakStmt>(S) && !Nested)
      hazard(MoveHazard::EarlyExit, S->getBeginLoc(), "break");
    if (isa<ContinueStmt>(S) && !Nested)
      hazard(MoveHazard::EarlyExit, S->getBeginLoc(), "continue");
    if (isa<CXXThrowExpr, CXXTryStmt>(S))
      hazard(MoveHazard::UnknownCall, S->getBeginLoc(), "a throw");
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          if (V->getType().isVolatileQualified())
            hazard(MoveHazard::Volatile, V->getLocation(), "'" + V->getNameAsString() + "'");
          if (V->hasAttr<CUDASharedAttr>() || V->isStaticLocal())
            hazard(MoveHazard::UnknownCall, V->getLocation(),
                   "the static '" + V->getNameAsString() + "'");
        }
    if (const auto *L = dyn_cast<LambdaExpr>(S)) {
      hazard(MoveHazard::UnknownCall, L->getBeginLoc(), "a lambda");
      return;
    }
    bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    bool Switch = isa<SwitchStmt>(S);
    bool Branch = isa<IfStmt, SwitchStmt, AbstractConditionalOperator>(S) ||
                  (isa<BinaryOperator>(S) && cast<BinaryOperator>(S)->isLogicalOp());
    for (const Stmt *Child : S->children())
      walk(Child, Conditional + Branch, Nested + (Loop || Switch));
  }

private:
  void hazard(MoveHazard K, SourceLocation L, std::string What) {
    Out.Hazards.push_back({K, toSourceLoc(SM.getExpansionLoc(L), SM), std::move(What)});
    Out.Sites.push_back(SM.getExpansionLoc(L));
  }

  void assigned(const ValueDecl *D, SourceLocation L, bool FromBarrier) {
    if (const auto *V = dyn_cast_or_null<VarDecl>(D))
      Out.Assigned[V].push_back({L, FromBarrier});
  }

  static bool isBarrierCall(const Expr *E) {
    const auto *C = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
    const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
    return F && F->getIdentifier() && isBarrierName(F->getName());
  }

  /// A store to what LHS names: a local (assigned), LDS (what the barriers
  /// order, not a hazard of moving global loads), or global memory.
  void store(const Expr *LHS, SourceLocation L, const Expr *Value) {
    const ValueDecl *Base = storedBase(LHS);
    const auto *V = dyn_cast_or_null<VarDecl>(Base);
    const Expr *Stripped = LHS->IgnoreParenImpCasts();
    if (V && V->hasAttr<CUDASharedAttr>())
      return;
    if (V && isa<DeclRefExpr>(Stripped) && !V->getType()->isReferenceType()) {
      assigned(V, L, isBarrierCall(Value));
      return;
    }
    // A local array or struct written in place is the thread's own too.
    if (V && V->hasLocalStorage() && !V->getType()->isReferenceType() &&
        !V->getType()->isPointerType()) {
      assigned(V, L, false);
      return;
    }
    Out.StoreTargets[Out.Hazards.size()] = LHS;
    hazard(MoveHazard::GlobalStore, L,
           Base ? "the store to '" + Base->getNameAsString() + "'"
                : std::string("a store through a pointer"));
  }

  void call(const CallExpr *C, unsigned Conditional, unsigned Nested) {
    const FunctionDecl *F = C->getDirectCallee();
    std::string Name = F && F->getIdentifier() ? F->getName().str() : "";
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
      if (const CXXMethodDecl *M = MC->getMethodDecl(); M && M->getIdentifier())
        Name = M->getName().str();
    if (Name.empty() && F)
      Name = F->getNameAsString();
    if (isBarrierName(Name)) {
      if (Allowed.count(C))
        return;
      if (Conditional && !Nested)
        hazard(MoveHazard::DivergentBarrier, C->getBeginLoc(), "'" + Name + "'");
      else
        hazard(MoveHazard::OtherBarrier, C->getBeginLoc(), "'" + Name + "'");
      return;
    }
    if (isAtomicName(Name))
      return hazard(MoveHazard::Atomic, C->getBeginLoc(), "'" + Name + "'");
    if (isFenceName(Name))
      return hazard(MoveHazard::Fence, C->getBeginLoc(), "'" + Name + "'");
    if (isCrossLaneName(Name))
      return hazard(MoveHazard::CrossLane, C->getBeginLoc(), "'" + Name + "'");
    unsigned Dim = 0;
    if (isLoadName(Name) || isPureCallee(Name) ||
        !IndexTranslator::builtinCoordinate(C, Dim).empty())
      return;
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
      if (Op->isAssignmentOp())
        return store(Op->getArg(0), Op->getOperatorLoc(), Op->getArg(1));
      // Arithmetic on the headers' vector and half types.
      if (F && SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
        return;
    }
    if (F && F->isConstexpr())
      return;
    // A builtin that reads no memory and has no effect: the work-item ids
    // a header's threadIdx may expand to, bit counts...
    if (unsigned ID = F ? F->getBuiltinID() : 0; ID && Ctx.BuiltinInfo.isConst(ID))
      return;
    hazard(MoveHazard::UnknownCall, C->getBeginLoc(),
           Name.empty() ? std::string("a function") : "'" + Name + "'");
  }

  void expr(const Expr *E, unsigned Conditional, unsigned Nested) {
    if (const auto *C = dyn_cast<CallExpr>(E))
      call(C, Conditional, Nested);
    if (isa<UnresolvedLookupExpr, UnresolvedMemberExpr, CXXDependentScopeMemberExpr>(E) &&
        !isa<CallExpr>(E))
      if (const auto *O = dyn_cast<OverloadExpr>(E))
        hazard(MoveHazard::UnknownCall, E->getBeginLoc(), "'" + O->getName().getAsString() + "'");
    if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
      store(B->getLHS(), B->getOperatorLoc(), B->getRHS());
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
      store(U->getSubExpr(), U->getOperatorLoc(), nullptr);
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
      if (const auto *V = dyn_cast_or_null<VarDecl>(storedBase(U->getSubExpr())))
        if (V->hasLocalStorage())
          assigned(V, U->getBeginLoc(), false); // its address may be written through
    if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr>(E) && E->getType().isVolatileQualified())
      if (!Volatiles.count(E->getExprLoc().getRawEncoding())) {
        Volatiles.insert(E->getExprLoc().getRawEncoding());
        const ValueDecl *D = storedBase(E);
        hazard(MoveHazard::Volatile, E->getExprLoc(),
               D ? "'" + D->getNameAsString() + "'" : std::string("through a pointer"));
      }
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const std::set<const Stmt *> &Allowed;
  LoopEffects &Out;
  std::set<unsigned> Volatiles;
};

} // namespace

const ValueDecl *storedBase(const Expr *LHS) {
  const Expr *E = LHS;
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      // Not getBase(): in a template it picks the side by the index's type,
      // and a dependent threadIdx.x index is no integer yet.
      auto IsBase = [](const Expr *X) {
        QualType T = X->IgnoreParenImpCasts()->getType();
        return T->isArrayType() || T->isPointerType();
      };
      E = IsBase(AS->getLHS()) || !IsBase(AS->getRHS()) ? AS->getLHS() : AS->getRHS();
      continue;
    }
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      E = M->getBase();
      continue;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref) {
      E = U->getSubExpr();
      continue;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp()) {
      E = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
      continue;
    }
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      E = C->getSubExpr();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

const CallExpr *barrierCallOf(const Stmt *S) {
  const Expr *E = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(S)) {
    if (DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl()))
        E = V->getInit();
  } else {
    E = dyn_cast_or_null<Expr>(S);
  }
  if (!E)
    return nullptr;
  E = E->IgnoreImplicit()->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Assign)
    E = B->getRHS()->IgnoreParenImpCasts();
  const auto *C = dyn_cast<CallExpr>(E);
  if (!C)
    return nullptr;
  const FunctionDecl *F = C->getDirectCallee();
  if (!F || !F->getIdentifier())
    return nullptr;
  StringRef N = F->getName();
  if (N == "__syncthreads" || N == "__syncthreads_count" || N == "__syncthreads_and" ||
      N == "__syncthreads_or")
    return C;
  return nullptr;
}

bool isPureCallee(StringRef Name) {
  static const llvm::StringSet<> Pure = {
      "sqrtf", "sqrt", "rsqrtf", "rsqrt", "expf", "exp", "exp2f", "exp2", "logf", "log", "log2f",
      "log2", "sinf", "sin", "cosf", "cos", "tanhf", "tanh", "powf", "pow", "fabsf", "fabs",
      "fminf", "fmaxf", "fmin", "fmax", "fmaf", "fma", "floorf", "floor", "ceilf", "ceil",
      "roundf", "round", "truncf", "trunc", "abs", "min", "max", "__expf", "__logf", "__sinf",
      "__cosf", "__powf", "__fdividef", "__frcp_rn", "__fsqrt_rn", "__frsqrt_rn", "__fmaf_rn",
      "__fmul_rn", "__fadd_rn", "__float2half", "__half2float", "__float2bfloat16",
      "__bfloat162float", "__float2int_rn", "__int2float_rn", "__hadd", "__hmul", "__hfma",
      "__umulhi", "__mulhi", "__mul24", "__umul24", "__popc", "__clz", "__ffs", "__brev",
      "make_float2", "make_float4", "make_int2", "make_int4", "make_half2", "__halves2half2",
      "__builtin_fmaf", "__builtin_fabsf", "__builtin_sqrtf", "__builtin_expect"};
  return Pure.contains(Name);
}

LoopEffects scanLoopEffects(ASTContext &Ctx, const ForStmt *Loop,
                            const std::set<const Stmt *> &Allowed) {
  LoopEffects Out;
  Scanner S(Ctx, Allowed, Out);
  S.walk(Loop->getCond(), 0, 0);
  S.walk(Loop->getInc(), 0, 0);
  S.walk(Loop->getBody(), 0, 0);
  return Out;
}

LoopEffects scanStatementEffects(ASTContext &Ctx, const Stmt *S,
                                 const std::set<const Stmt *> &Allowed) {
  LoopEffects Out;
  Scanner(Ctx, Allowed, Out).walk(S, 0, 0);
  return Out;
}

} // namespace lds
