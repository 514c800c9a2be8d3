//===- RegisterCode.cpp - Statements that touch no memory -----------------===//

#include "matchers/RegisterCode.h"
#include "matchers/IndexTranslator.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace lds {

namespace {

/// A variable that lives in a register of its own thread: local, not
/// static, not __shared__, not volatile, not a reference, and a scalar
/// (an array or a struct may sit in scratch memory, which is still the
/// thread's own, but the rule keeps to what it can state simply).
bool isRegisterVariable(const ValueDecl *D) {
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V || !V->hasLocalStorage() || V->hasAttr<CUDASharedAttr>())
    return false;
  QualType T = V->getType();
  return !T.isVolatileQualified() && !T->isReferenceType() && T->isScalarType();
}

bool isRegisterExpr(const Expr *E) {
  if (!E)
    return true;
  unsigned Dim = 0;
  if (!IndexTranslator::builtinCoordinate(E, Dim).empty())
    return true;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          CXXNullPtrLiteralExpr, UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *C = dyn_cast<ConstantExpr>(E))
    return isRegisterExpr(C->getSubExpr());
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return isRegisterExpr(S->getReplacement());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<EnumConstantDecl, NonTypeTemplateParmDecl>(DRE->getDecl()) ||
           isRegisterVariable(DRE->getDecl());
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    // Reading a volatile is a memory access even of a local.
    if (C->getCastKind() == CK_LValueToRValue && C->getSubExpr()->getType().isVolatileQualified())
      return false;
    return isa<ImplicitCastExpr, CStyleCastExpr, CXXStaticCastExpr, CXXFunctionalCastExpr>(C) &&
           isRegisterExpr(C->getSubExpr());
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() != UO_Deref && U->getOpcode() != UO_AddrOf &&
           isRegisterExpr(U->getSubExpr());
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return isRegisterExpr(B->getLHS()) && isRegisterExpr(B->getRHS());
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return isRegisterExpr(C->getCond()) && isRegisterExpr(C->getTrueExpr()) &&
           isRegisterExpr(C->getFalseExpr());
  // Calls, subscripts, member accesses, lambdas, new, throw, ...: memory,
  // or not known not to be.
  return false;
}

} // namespace

bool isRegisterCode(const Stmt *S) {
  if (!S || isa<NullStmt>(S))
    return true;
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : C->body())
      if (!isRegisterCode(Child))
        return false;
    return true;
  }
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    for (const Decl *Each : D->decls()) {
      const auto *V = dyn_cast<VarDecl>(Each);
      if (!V || !isRegisterVariable(V) || !isRegisterExpr(V->getInit()))
        return false;
    }
    return true;
  }
  if (const auto *E = dyn_cast<Expr>(S))
    return isRegisterExpr(E);
  return false; // if, loops, jumps, asm, labels: control flow or memory
}

} // namespace lds
