//===- KernelStatements.cpp - A kernel's body as statements between barriers //

#include "matchers/KernelStatements.h"
#include "matchers/IndexTranslator.h"
#include "matchers/LoopEffects.h"
#include "matchers/SharedArrayInfo.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace lds {

namespace {

/// Every lvalue S reads or writes as memory, for the completeness check:
/// each must be an access the walker evaluated, or the thread's own.
struct AccessedLValues : RecursiveASTVisitor<AccessedLValues> {
  std::vector<const Expr *> Found;
  void add(const Expr *E) {
    if (E && E->isGLValue())
      Found.push_back(E->IgnoreParens());
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      add(C->getSubExpr());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      add(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      add(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp())
      for (const Expr *A : C->arguments())
        add(A);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (C->getConstructor()->isCopyOrMoveConstructor() && C->getNumArgs() == 1)
      add(C->getArg(0)->IgnoreImpCasts());
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; } // opaque anyway
};

/// A namespace-scope constant or __constant__ variable: nothing writes it.
bool isReadOnlyVariable(const VarDecl *V) {
  return V->hasGlobalStorage() && !V->hasAttr<CUDASharedAttr>() &&
         (V->hasAttr<CUDAConstantAttr>() ||
          V->getASTContext().getBaseElementType(V->getType()).isConstQualified());
}

/// The thread's own storage: a variable itself (a pointer's value too, not
/// what it points to), a local array or struct, the builtin coordinates.
bool isThreadsOwn(const Expr *E) {
  unsigned Dim = 0;
  if (!IndexTranslator::builtinCoordinate(E, Dim).empty())
    return true;
  if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts())) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (!V || V->getName() == "warpSize")
      return true; // an enumerator, a function, warpSize
    if (V->hasLocalStorage() && !V->getType()->isReferenceType())
      return true;
    if (isReadOnlyVariable(V))
      return true; // a constant: reading it orders nothing
  }
  const auto *V = dyn_cast_or_null<VarDecl>(storedBase(E));
  if (!V || V->hasAttr<CUDASharedAttr>() || !V->hasLocalStorage())
    return false;
  QualType T = V->getType();
  return !T->isPointerType() && !T->isReferenceType();
}

std::string lineOf(const SourceManager &SM, SourceLocation L) {
  SourceLoc S = toSourceLoc(L, SM);
  return std::to_string(S.Line) + ":" + std::to_string(S.Column);
}

std::string opaqueEffect(const Hazard &H) {
  std::string At = " at line " + std::to_string(H.Loc.Line);
  switch (H.Kind) {
  case MoveHazard::Atomic:
    return "the atomic " + H.What + At;
  case MoveHazard::Fence:
    return "the fence " + H.What + At;
  case MoveHazard::Volatile:
    return "the volatile access " + H.What + At;
  case MoveHazard::InlineAsm:
    return "inline asm" + At;
  case MoveHazard::UnknownCall:
    return "the call to " + H.What + At + " (calls are not followed)";
  default:
    return "";
  }
}

} // namespace

std::vector<KernelStatement>
scanKernelStatements(ASTContext &Ctx, const FunctionDecl *Kernel, const std::string &KernelName,
                     const std::map<const Stmt *, size_t> &BarrierSites,
                     const std::set<unsigned> &Evaluated) {
  std::vector<KernelStatement> Out;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel->getBody());
  if (!Body)
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<const Stmt *> Allowed;
  for (const auto &[Site, I] : BarrierSites)
    Allowed.insert(Site);
  for (const Stmt *S : Body->body()) {
    KernelStatement K;
    K.Kernel = KernelName;
    SourceLoc B = toSourceLoc(S->getBeginLoc(), SM), E = toSourceLoc(S->getEndLoc(), SM);
    K.File = B.File;
    K.Begin = B.Offset;
    K.End = E.Offset;
    K.Line = B.Line;
    K.EndLine = E.Line;
    const Stmt *Inner = S;
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(S))
      Inner = EWC->getSubExpr();
    if (auto It = BarrierSites.find(Inner); It != BarrierSites.end())
      K.Barrier = static_cast<int>(It->second);
    // A __shared__ declaration allocates; it does nothing at run time.
    bool SharedDecl = false;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      SharedDecl = std::all_of(DS->decl_begin(), DS->decl_end(), [](const Decl *D) {
        const auto *V = dyn_cast<VarDecl>(D);
        return V && V->hasAttr<CUDASharedAttr>() && !V->hasInit();
      });
    if (!SharedDecl)
      for (const Hazard &H : scanStatementEffects(Ctx, S, Allowed).Hazards)
        if (std::string O = opaqueEffect(H); !O.empty())
          K.Opaque.push_back(O);
    AccessedLValues A;
    A.TraverseStmt(const_cast<Stmt *>(S));
    for (const Expr *L : A.Found)
      if (!isThreadsOwn(L) && !Evaluated.count(toSourceLoc(L->getBeginLoc(), SM).Offset))
        K.Opaque.push_back("the access at line " + lineOf(SM, L->getBeginLoc()) +
                           ", which the front end did not evaluate");
    Out.push_back(std::move(K));
  }
  return Out;
}

} // namespace lds
