//===- FlatIndex.cpp - Read a 1-D index as row * W + column ---------------===//

#include "analysis/FlatIndex.h"

#include <vector>

namespace lds {

namespace {
struct Term {
  ExprRef E;
  bool Negative;
};

const LaneExpr *skipCasts(const LaneExpr *E) {
  // Widening or same-width casts do not change which terms there are; the
  // planner re-evaluates the result anyway.
  while (E->Kind == ExprKind::Cast && E->A && E->A->Ty.Bits <= E->Ty.Bits)
    E = E->A.get();
  return E;
}

void collectTerms(const ExprRef &E, bool Negative, std::vector<Term> &Out) {
  const LaneExpr *S = skipCasts(E.get());
  if (S->Kind == ExprKind::Binary && (S->BOp == BinaryOp::Add || S->BOp == BinaryOp::Sub)) {
    collectTerms(S->A, Negative, Out);
    collectTerms(S->B, S->BOp == BinaryOp::Sub ? !Negative : Negative, Out);
    return;
  }
  Out.push_back({E, Negative});
}

/// X if T is X * W, W * X or X << k (W = 2^k), with W >= 2.
ExprRef multipleOf(const ExprRef &T, uint64_t &W) {
  const LaneExpr *S = skipCasts(T.get());
  if (S->Kind != ExprKind::Binary)
    return nullptr;
  if (S->BOp == BinaryOp::Mul) {
    if (S->B->isConstant() && S->B->Value >= 2) {
      W = S->B->Value;
      return S->A;
    }
    if (S->A->isConstant() && S->A->Value >= 2) {
      W = S->A->Value;
      return S->B;
    }
  }
  if (S->BOp == BinaryOp::Shl && S->B->isConstant() && S->B->Value >= 1 && S->B->Value < 32) {
    W = uint64_t(1) << S->B->Value;
    return S->A;
  }
  return nullptr;
}

ExprRef sum(ExprRef Acc, const ExprRef &X, bool Negative) {
  ExprRef V = LaneExpr::cast(X, IntType::i64());
  if (!Acc)
    return Negative ? LaneExpr::unary(UnaryOp::Neg, V, IntType::i64()) : V;
  return LaneExpr::binary(Negative ? BinaryOp::Sub : BinaryOp::Add, Acc, V, IntType::i64());
}
} // namespace

bool decomposeFlatIndex(const ExprRef &I, FlatIndex &Out) {
  std::vector<Term> Terms;
  collectTerms(I, false, Terms);
  uint64_t W = 0;
  ExprRef Row, Col;
  for (const Term &T : Terms) {
    uint64_t TW = 0;
    ExprRef X = multipleOf(T.E, TW);
    if (X && (W == 0 || TW == W) && !T.E->isConstant()) {
      W = TW;
      Row = sum(Row, X, T.Negative);
    } else {
      Col = sum(Col, T.E, T.Negative);
    }
  }
  if (W == 0 || !Row)
    return false;
  Out.Row = Row;
  Out.Column = Col ? Col : LaneExpr::constant(0, IntType::i64());
  Out.RowLength = W;
  return true;
}

} // namespace lds
