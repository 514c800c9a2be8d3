//===- ExprShape.cpp - Peel the constant offset off an address ------------===//

#include "analysis/ExprShape.h"

#include "analysis/LaneEvaluator.h"

#include "llvm/ADT/Hashing.h"

#include <algorithm>
#include <iterator>

namespace lds {

namespace {

ExprRef addRest(BinaryOp Op, ExprRef A, ExprRef B, IntType T) {
  if (!B)
    return A;
  if (!A)
    return Op == BinaryOp::Add ? B : LaneExpr::unary(UnaryOp::Neg, B, T);
  return LaneExpr::binary(Op, A, B, T);
}

void append(std::vector<ShapeCondition> &Into, std::vector<ShapeCondition> &&From) {
  Into.insert(Into.end(), std::make_move_iterator(From.begin()),
              std::make_move_iterator(From.end()));
}

unsigned bitsOf(IntType T) { return std::min(std::max(T.Bits, 1u), 64u); }

} // namespace

ExprShape shapeOf(const ExprRef &E) {
  if (!E)
    return {};
  if (E->isConstant())
    return {nullptr, E->Value, {}};
  const IntType T = E->Ty;
  auto Wrap = [T](uint64_t V) { return LaneEvaluator::wrap(static_cast<int64_t>(V), T); };
  // Wrapping arithmetic is associative and distributive, so constants move
  // out of sums, differences and constant scalings of one type exactly,
  // the offset wrapped into that type as the node computes it.
  if (E->Kind == ExprKind::Binary && E->A->Ty == T && bitsOf(T) > 1) {
    const uint64_t Unit = 1;
    switch (E->BOp) {
    case BinaryOp::Add:
    case BinaryOp::Sub: {
      if (!(E->B->Ty == T))
        break;
      ExprShape A = shapeOf(E->A), B = shapeOf(E->B);
      uint64_t K = E->BOp == BinaryOp::Add ? uint64_t(A.Offset) + uint64_t(B.Offset)
                                           : uint64_t(A.Offset) - uint64_t(B.Offset);
      append(A.Conditions, std::move(B.Conditions));
      return {addRest(E->BOp, A.Rest, B.Rest, T), Wrap(K), std::move(A.Conditions)};
    }
    case BinaryOp::Mul:
    case BinaryOp::Shl: {
      if (!E->B->isConstant())
        break;
      // The evaluator converts a factor to the node's type; a shift keeps
      // its amount, and one outside [0, bits) is undefined (not peeled).
      uint64_t Factor = E->BOp == BinaryOp::Mul ? uint64_t(LaneEvaluator::wrap(E->B->Value, T))
                        : (E->B->Value >= 0 && uint64_t(E->B->Value) < bitsOf(T))
                            ? Unit << E->B->Value
                            : 0;
      if (!Factor)
        break;
      ExprShape A = shapeOf(E->A);
      ExprRef Rest = A.Rest ? LaneExpr::binary(E->BOp, A.Rest, E->B, T) : nullptr;
      return {Rest, Wrap(uint64_t(A.Offset) * Factor), std::move(A.Conditions)};
    }
    default:
      break;
    }
  }
  if (E->Kind == ExprKind::Cast && bitsOf(T) > 1 && bitsOf(E->A->Ty) > 1 &&
      bitsOf(T) >= bitsOf(E->A->Ty)) {
    ExprShape A = shapeOf(E->A);
    if (!A.Rest)
      return {nullptr, Wrap(uint64_t(A.Offset)), std::move(A.Conditions)};
    ExprRef Rest = LaneExpr::cast(A.Rest, T);
    // The same width (int <-> unsigned) is the same residue: exact.
    if (bitsOf(T) == bitsOf(E->A->Ty))
      return {Rest, Wrap(uint64_t(A.Offset)), std::move(A.Conditions)};
    // A widening cast keeps Rest + Offset only where the narrow sum does
    // not wrap: the offset leaves as its signed value (an unsigned 2^32 - 8
    // is the -8 that `j = -8` converted to), and the lanes for which that
    // holds are a condition of the shape, checked where it is used.
    IntType N = E->A->Ty;
    int64_t K = LaneEvaluator::wrap(A.Offset, {bitsOf(N), true});
    A.Conditions.push_back({A.Rest, K, N});
    return {Rest, Wrap(uint64_t(K)), std::move(A.Conditions)};
  }
  return {E, 0, {}};
}

bool inShapeRange(const ShapeCondition &C, int64_t InnerValue) {
  const unsigned Bits = bitsOf(C.Ty);
  if (Bits >= 64)
    return true; // nothing is wider: no cast widens it
  __int128 V = __int128(InnerValue) + C.Offset;
  __int128 Lo = C.Ty.Signed ? -(__int128(1) << (Bits - 1)) : 0;
  __int128 Hi = C.Ty.Signed ? (__int128(1) << (Bits - 1)) - 1 : (__int128(1) << Bits) - 1;
  return V >= Lo && V <= Hi;
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
