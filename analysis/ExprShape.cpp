//===- ExprShape.cpp - Peel the constant offset off an address ------------===//

#include "analysis/ExprShape.h"

#include "llvm/ADT/Hashing.h"

namespace lds {

namespace {

ExprRef addRest(BinaryOp Op, ExprRef A, ExprRef B, IntType T) {
  if (!B)
    return A;
  if (!A)
    return Op == BinaryOp::Add ? B : LaneExpr::unary(UnaryOp::Neg, B, T);
  return LaneExpr::binary(Op, A, B, T);
}

} // namespace

ExprShape shapeOf(const ExprRef &E) {
  if (!E)
    return {};
  if (E->isConstant())
    return {nullptr, E->Value};
  // Wrapping arithmetic is associative and distributive, so constants move
  // out of sums, differences and constant scalings of one type exactly.
  if (E->Kind == ExprKind::Binary && E->A->Ty == E->Ty) {
    const uint64_t Unit = 1;
    switch (E->BOp) {
    case BinaryOp::Add:
    case BinaryOp::Sub: {
      if (!(E->B->Ty == E->Ty))
        break;
      ExprShape A = shapeOf(E->A), B = shapeOf(E->B);
      uint64_t K = E->BOp == BinaryOp::Add ? uint64_t(A.Offset) + uint64_t(B.Offset)
                                           : uint64_t(A.Offset) - uint64_t(B.Offset);
      return {addRest(E->BOp, A.Rest, B.Rest, E->Ty), static_cast<int64_t>(K)};
    }
    case BinaryOp::Mul:
    case BinaryOp::Shl: {
      if (!E->B->isConstant())
        break;
      uint64_t Factor = E->BOp == BinaryOp::Mul                  ? uint64_t(E->B->Value)
                        : (E->B->Value >= 0 && E->B->Value < 64) ? Unit << E->B->Value
                                                                 : 0;
      if (!Factor)
        break;
      ExprShape A = shapeOf(E->A);
      ExprRef Rest = A.Rest ? LaneExpr::binary(E->BOp, A.Rest, E->B, E->Ty) : nullptr;
      return {Rest, static_cast<int64_t>(uint64_t(A.Offset) * Factor)};
    }
    default:
      break;
    }
  }
  // A widening cast keeps the value of an address that did not wrap.
  if (E->Kind == ExprKind::Cast && E->Ty.Bits >= E->A->Ty.Bits && E->Ty.Bits > 1) {
    ExprShape A = shapeOf(E->A);
    return {A.Rest ? LaneExpr::cast(A.Rest, E->Ty) : nullptr, A.Offset};
  }
  return {E, 0};
}

size_t hashExpr(const LaneExpr *E) {
  if (!E)
    return 0;
  return llvm::hash_combine(static_cast<int>(E->Kind), E->Ty.Bits, E->Ty.Signed, E->Value, E->Dim,
                            llvm::hash_value(E->Name), static_cast<int>(E->UOp),
                            static_cast<int>(E->BOp), hashExpr(E->A.get()), hashExpr(E->B.get()),
                            hashExpr(E->C.get()));
}

bool sameExpr(const LaneExpr *A, const LaneExpr *B) {
  if (A == B)
    return true;
  if (!A || !B)
    return false;
  return A->Kind == B->Kind && A->Ty == B->Ty && A->Value == B->Value && A->Dim == B->Dim &&
         A->Name == B->Name && A->UOp == B->UOp && A->BOp == B->BOp &&
         sameExpr(A->A.get(), B->A.get()) && sameExpr(A->B.get(), B->B.get()) &&
         sameExpr(A->C.get(), B->C.get());
}

} // namespace lds
