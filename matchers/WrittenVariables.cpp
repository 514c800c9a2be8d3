//===- WrittenVariables.cpp - Which variables a body writes ---------------===//

#include "matchers/WrittenVariables.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace lds {

namespace {

const ValueDecl *named(const Expr *E) {
  const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return D ? D->getDecl() : nullptr;
}

struct Writes : RecursiveASTVisitor<Writes> {
  std::set<const ValueDecl *> Written;
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      if (const ValueDecl *D = named(B->getLHS()))
        Written.insert(D);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      if (const ValueDecl *D = named(U->getSubExpr()))
        Written.insert(D);
    return true;
  }
  // Class-type assignments (HIP's float4, a user's struct) are calls.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if ((C->isAssignmentOp() || C->getOperator() == OO_PlusPlus ||
         C->getOperator() == OO_MinusMinus) &&
        C->getNumArgs() >= 1)
      if (const ValueDecl *D = named(C->getArg(0)))
        Written.insert(D);
    return true;
  }
};

} // namespace

std::set<const ValueDecl *> writtenVariables(const Stmt *S) {
  Writes W;
  W.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(W.Written);
}

} // namespace lds
