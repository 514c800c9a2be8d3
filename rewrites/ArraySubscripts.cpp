//===- ArraySubscripts.cpp - The subscripts of an array inside an access --===//

#include "rewrites/ArraySubscripts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace lds {

bool refersTo(const Expr *E, const VarDecl *VD) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == VD;
}

static void search(const Stmt *S, const VarDecl *VD, std::vector<const Expr *> &Best) {
  if (!S)
    return;
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S)) {
    std::vector<const Expr *> Chain;
    const Expr *Cur = ASE;
    while (const auto *A = dyn_cast<ArraySubscriptExpr>(Cur->IgnoreParenImpCasts())) {
      Chain.insert(Chain.begin(), A->getIdx());
      Cur = A->getBase();
    }
    if (refersTo(Cur, VD) && Chain.size() > Best.size())
      Best = Chain;
  }
  for (const Stmt *C : S->children())
    search(C, VD, Best);
}

std::vector<const Expr *> subscriptsOf(const Expr *Access, const VarDecl *VD) {
  std::vector<const Expr *> Best;
  search(Access, VD, Best);
  return Best;
}

static void collect(const Expr *E, bool Negative, std::vector<SumTerm> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) {
      collect(BO->getLHS(), Negative, Out);
      collect(BO->getRHS(), BO->getOpcode() == BO_Sub ? !Negative : Negative, Out);
      return;
    }
  Out.push_back({E, Negative});
}

std::vector<SumTerm> sumTerms(const Expr *E) {
  std::vector<SumTerm> Out;
  collect(E, false, Out);
  return Out;
}

/// Collects the integer terms of the pointer sum E; true if its pointer is VD.
static bool pointerSum(const Expr *E, const VarDecl *VD, bool Negative, std::vector<SumTerm> &Out) {
  E = E->IgnoreParenImpCasts();
  if (refersTo(E, VD))
    return !Negative;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub))
    return false;
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  bool RNeg = BO->getOpcode() == BO_Sub ? !Negative : Negative;
  if (L->getType()->isPointerType() && !R->getType()->isPointerType()) {
    if (!pointerSum(L, VD, Negative, Out))
      return false;
    collect(R, RNeg, Out);
    return true;
  }
  if (R->getType()->isPointerType() && !L->getType()->isPointerType() &&
      BO->getOpcode() == BO_Add) {
    collect(L, Negative, Out);
    return pointerSum(R, VD, Negative, Out);
  }
  return false;
}

bool pointerOffsetTerms(const Expr *Access, const VarDecl *VD, std::vector<SumTerm> &Terms) {
  Terms.clear();
  if (!Access->IgnoreParenImpCasts()->getType()->isPointerType())
    return false;
  return pointerSum(Access, VD, false, Terms) && !Terms.empty();
}

const Expr *multipleOfW(const Expr *T, uint64_t W, const ASTContext &Ctx, const Expr *&ConstSide) {
  T = T->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(T);
  if (!BO)
    return nullptr;
  auto IsW = [&](const Expr *X, uint64_t Want) {
    Expr::EvalResult R;
    return !X->isValueDependent() && X->EvaluateAsInt(R, Ctx) &&
           R.Val.getInt().getExtValue() == static_cast<int64_t>(Want);
  };
  if (BO->getOpcode() == BO_Mul) {
    if (IsW(BO->getRHS(), W)) {
      ConstSide = BO->getRHS();
      return BO->getLHS();
    }
    if (IsW(BO->getLHS(), W)) {
      ConstSide = BO->getLHS();
      return BO->getRHS();
    }
  }
  if (BO->getOpcode() == BO_Shl && W && (W & (W - 1)) == 0) {
    unsigned K = 0;
    while ((uint64_t(1) << K) < W)
      ++K;
    if (IsW(BO->getRHS(), K)) {
      ConstSide = nullptr;
      return BO->getLHS();
    }
  }
  return nullptr;
}

} // namespace lds
