//===- FlatIndex.cpp - Read a 1-D index as row * W + column ---------------===//

#include "analysis/FlatIndex.h"

#include <vector>

namespace lds {

namespace {

/// A cast the split may look through: to a type as wide or wider (not to
/// or from bool). The parts below are computed in the narrow type, so an
/// unsigned sum keeps its wrap-around (C's modulo 2^32), and widened after.
bool splitsThrough(const LaneExpr &E) {
  return E.Kind == ExprKind::Cast && E.A && E.Ty.Bits > 1 && E.A->Ty.Bits > 1 &&
         E.A->Ty.Bits <= E.Ty.Bits;
}

/// X if T is X * W, W * X or X << k (W = 2^k), with W >= 2.
ExprRef multipleOf(const LaneExpr &T, uint64_t &W) {
  if (T.Kind != ExprKind::Binary)
    return nullptr;
  if (T.BOp == BinaryOp::Mul) {
    if (T.B->isConstant() && T.B->Value >= 2) {
      W = T.B->Value;
      return T.A;
    }
    if (T.A->isConstant() && T.A->Value >= 2) {
      W = T.A->Value;
      return T.B;
    }
  }
  if (T.BOp == BinaryOp::Shl && T.B->isConstant() && T.B->Value >= 1 && T.B->Value < 32) {
    W = uint64_t(1) << T.B->Value;
    return T.A;
  }
  return nullptr;
}

ExprRef combine(ExprRef Acc, ExprRef X, bool Negative, IntType T) {
  if (!X)
    return Acc;
  X = LaneExpr::cast(X, T);
  if (!Acc)
    return Negative ? LaneExpr::unary(UnaryOp::Neg, X, T) : X;
  return LaneExpr::binary(Negative ? BinaryOp::Sub : BinaryOp::Add, Acc, X, T);
}

/// E as Row * W + Column, both in E's type and computed as E is: the terms
/// of its sums that are multiples of W (the first such W found, W >= 2)
/// make the row, the rest the column.
void split(const ExprRef &E, uint64_t &W, ExprRef &Row, ExprRef &Column) {
  const IntType T = E->Ty;
  // An operand of another type converts to E's, as the evaluator does:
  // each part is cast, which keeps the residue modulo 2^bits.
  if (E->Kind == ExprKind::Binary && (E->BOp == BinaryOp::Add || E->BOp == BinaryOp::Sub)) {
    ExprRef RA, CA, RB, CB;
    split(E->A, W, RA, CA);
    split(E->B, W, RB, CB);
    bool Sub = E->BOp == BinaryOp::Sub;
    Row = combine(combine(nullptr, RA, false, T), RB, Sub, T);
    Column = combine(combine(nullptr, CA, false, T), CB, Sub, T);
    return;
  }
  if (splitsThrough(*E)) {
    ExprRef R, C;
    split(E->A, W, R, C);
    Row = R ? LaneExpr::cast(R, T) : nullptr;
    Column = C ? LaneExpr::cast(C, T) : nullptr;
    return;
  }
  uint64_t TW = 0;
  ExprRef X = multipleOf(*E, TW);
  if (X && (W == 0 || TW == W) && !E->isConstant()) {
    W = TW;
    Row = LaneExpr::cast(X, T);
    return;
  }
  Column = E;
}
} // namespace

bool decomposeFlatIndex(const ExprRef &I, FlatIndex &Out) {
  uint64_t W = 0;
  ExprRef Row, Col;
  split(I, W, Row, Col);
  if (W == 0 || !Row)
    return false;
  Out.Row = LaneExpr::cast(Row, IntType::i64());
  Out.Column = Col ? LaneExpr::cast(Col, IntType::i64()) : LaneExpr::constant(0, IntType::i64());
  Out.RowLength = W;
  return true;
}

} // namespace lds
