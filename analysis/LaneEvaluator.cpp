//===- LaneEvaluator.cpp - C integer semantics for one lane ---------------===//
//
// Values travel as int64_t holding the node type's value: sign-extended for
// signed types, zero-extended for unsigned ones (an unsigned 64-bit value is
// its bit pattern). All arithmetic is done on uint64_t and wrapped back, so
// nothing here has undefined behaviour even where the C source would.
//
//===----------------------------------------------------------------------===//

#include "analysis/LaneEvaluator.h"

#include <algorithm>
#include <limits>

namespace lds {

namespace {

unsigned bitsOf(IntType T) { return std::min(std::max(T.Bits, 1u), 64u); }

/// The integer promotions: anything narrower than int computes as int.
IntType promoted(IntType T) {
  return bitsOf(T) < 32 ? IntType::i32() : IntType{bitsOf(T), T.Signed};
}

/// The usual arithmetic conversions of C, for the operands of a comparison
/// whose result type (int) says nothing about how they compare.
IntType commonType(IntType A, IntType B) {
  A = promoted(A);
  B = promoted(B);
  if (A == B)
    return A;
  if (A.Signed == B.Signed)
    return A.Bits >= B.Bits ? A : B;
  IntType U = A.Signed ? B : A;
  IntType S = A.Signed ? A : B;
  return U.Bits >= S.Bits ? U : S;
}

bool isUnsigned64(IntType T) { return !T.Signed && bitsOf(T) == 64; }

bool lessThan(int64_t A, int64_t B, IntType T) {
  if (isUnsigned64(T))
    return static_cast<uint64_t>(A) < static_cast<uint64_t>(B);
  return A < B;
}

class Evaluator {
public:
  Evaluator(const LaneEnv &Env, std::string *Why, bool *UndefinedUniform)
      : Env(Env), Why(Why), UndefinedUniform(UndefinedUniform) {}

  std::optional<int64_t> run(const LaneExpr &E) {
    switch (E.Kind) {
    case ExprKind::Const:
      return LaneEvaluator::wrap(E.Value, E.Ty);
    case ExprKind::ThreadIdx:
      return LaneEvaluator::wrap(Env.ThreadIdx[std::min(E.Dim, 2u)], E.Ty);
    case ExprKind::BlockDim:
      return LaneEvaluator::wrap(Env.BlockDim[std::min(E.Dim, 2u)], E.Ty);
    case ExprKind::LaneId:
      return LaneEvaluator::wrap(Env.LaneId, E.Ty);
    case ExprKind::WaveSize:
      return LaneEvaluator::wrap(Env.WaveSize, E.Ty);
    case ExprKind::Symbol: {
      if (Env.Symbols) {
        auto It = Env.Symbols->find(E.Name);
        if (It != Env.Symbols->end())
          return LaneEvaluator::wrap(It->second, E.Ty);
      }
      return fail("no value for symbol " + E.Name);
    }
    case ExprKind::Unknown:
      return fail(E.Name);
    case ExprKind::Unary:
      return unary(E);
    case ExprKind::Binary:
      return binary(E);
    case ExprKind::Select: {
      std::optional<int64_t> Cond = run(*E.A);
      if (!Cond)
        return std::nullopt;
      std::optional<int64_t> V = run(*Cond != 0 ? *E.B : *E.C);
      if (!V)
        return std::nullopt;
      return LaneEvaluator::wrap(*V, E.Ty);
    }
    case ExprKind::Cast: {
      std::optional<int64_t> V = run(*E.A);
      if (!V)
        return std::nullopt;
      return LaneEvaluator::wrap(*V, E.Ty);
    }
    }
    return fail("unsupported expression");
  }

private:
  std::optional<int64_t> fail(const std::string &Reason) {
    if (Why)
      *Why = Reason;
    if (UndefinedUniform)
      *UndefinedUniform = false;
    return std::nullopt;
  }
  /// Undefined behaviour in node E (see LaneEvaluator::eval).
  std::optional<int64_t> undefined(const LaneExpr &E, const std::string &Reason) {
    fail(Reason);
    if (UndefinedUniform)
      *UndefinedUniform = E.isUniform();
    return std::nullopt;
  }

  std::optional<int64_t> unary(const LaneExpr &E) {
    std::optional<int64_t> A = run(*E.A);
    if (!A)
      return std::nullopt;
    uint64_t U = static_cast<uint64_t>(LaneEvaluator::wrap(*A, E.Ty));
    switch (E.UOp) {
    case UnaryOp::Neg:
      return LaneEvaluator::wrap(static_cast<int64_t>(0 - U), E.Ty);
    case UnaryOp::BitNot:
      return LaneEvaluator::wrap(static_cast<int64_t>(~U), E.Ty);
    case UnaryOp::LogicalNot:
      return LaneEvaluator::wrap(*A == 0, E.Ty);
    case UnaryOp::Ffs:
    case UnaryOp::Popcount:
    case UnaryOp::Clz:
    case UnaryOp::Ctz: {
      unsigned Bits = E.A->Ty.Bits;
      uint64_t V = static_cast<uint64_t>(LaneEvaluator::wrap(*A, E.A->Ty));
      if (Bits < 64)
        V &= (uint64_t(1) << Bits) - 1;
      int64_t R = 0;
      if (E.UOp == UnaryOp::Popcount) {
        for (uint64_t X = V; X; X &= X - 1)
          ++R;
      } else if (E.UOp == UnaryOp::Ffs) {
        if (V)
          while (!((V >> R) & 1))
            ++R;
        R = V ? R + 1 : 0;
      } else if (E.UOp == UnaryOp::Ctz) {
        while (R < Bits && !((V >> R) & 1))
          ++R;
      } else {
        while (R < Bits && !((V >> (Bits - 1 - R)) & 1))
          ++R;
      }
      return LaneEvaluator::wrap(R, E.Ty);
    }
    }
    return fail("unsupported unary operator");
  }

  std::optional<int64_t> binary(const LaneExpr &E) {
    const IntType T = E.Ty;
    // && and || evaluate their right side only when C would.
    if (E.BOp == BinaryOp::LogicalAnd || E.BOp == BinaryOp::LogicalOr) {
      std::optional<int64_t> A = run(*E.A);
      if (!A)
        return std::nullopt;
      bool Left = *A != 0;
      if (E.BOp == BinaryOp::LogicalAnd ? !Left : Left)
        return LaneEvaluator::wrap(Left, T);
      std::optional<int64_t> B = run(*E.B);
      if (!B)
        return std::nullopt;
      return LaneEvaluator::wrap(*B != 0, T);
    }

    std::optional<int64_t> RawA = run(*E.A);
    if (!RawA)
      return std::nullopt;
    std::optional<int64_t> RawB = run(*E.B);
    if (!RawB)
      return std::nullopt;

    switch (E.BOp) {
    case BinaryOp::LT:
    case BinaryOp::LE:
    case BinaryOp::GT:
    case BinaryOp::GE:
    case BinaryOp::EQ:
    case BinaryOp::NE:
      return LaneEvaluator::wrap(compare(E, *RawA, *RawB), T);
    case BinaryOp::Shl:
    case BinaryOp::Shr:
      return shift(E, *RawA, *RawB);
    default:
      break;
    }

    int64_t A = LaneEvaluator::wrap(*RawA, T);
    int64_t B = LaneEvaluator::wrap(*RawB, T);
    uint64_t UA = static_cast<uint64_t>(A), UB = static_cast<uint64_t>(B);
    auto Wrapped = [&](uint64_t V) { return LaneEvaluator::wrap(static_cast<int64_t>(V), T); };
    switch (E.BOp) {
    case BinaryOp::Add:
      return Wrapped(UA + UB);
    case BinaryOp::Sub:
      return Wrapped(UA - UB);
    case BinaryOp::Mul:
      return Wrapped(UA * UB);
    case BinaryOp::And:
      return Wrapped(UA & UB);
    case BinaryOp::Or:
      return Wrapped(UA | UB);
    case BinaryOp::Xor:
      return Wrapped(UA ^ UB);
    case BinaryOp::Div:
    case BinaryOp::Rem: {
      if (B == 0)
        return undefined(E, "division by zero");
      bool IsDiv = E.BOp == BinaryOp::Div;
      if (isUnsigned64(T))
        return Wrapped(IsDiv ? UA / UB : UA % UB);
      // INT64_MIN / -1 overflows; C leaves it undefined, we wrap.
      if (A == std::numeric_limits<int64_t>::min() && B == -1)
        return Wrapped(IsDiv ? UA : 0);
      return LaneEvaluator::wrap(IsDiv ? A / B : A % B, T);
    }
    case BinaryOp::Min:
      return lessThan(B, A, T) ? B : A;
    case BinaryOp::Max:
      return lessThan(A, B, T) ? B : A;
    default:
      break;
    }
    return fail("unsupported binary operator");
  }

  int64_t compare(const LaneExpr &E, int64_t RawA, int64_t RawB) {
    IntType C = commonType(E.A->Ty, E.B->Ty);
    int64_t A = LaneEvaluator::wrap(RawA, C);
    int64_t B = LaneEvaluator::wrap(RawB, C);
    switch (E.BOp) {
    case BinaryOp::LT:
      return lessThan(A, B, C);
    case BinaryOp::LE:
      return !lessThan(B, A, C);
    case BinaryOp::GT:
      return lessThan(B, A, C);
    case BinaryOp::GE:
      return !lessThan(A, B, C);
    case BinaryOp::EQ:
      return A == B;
    default:
      return A != B;
    }
  }

  /// The shift amount keeps its own type (C does not convert it to the
  /// left operand's). Amounts outside [0, bits) are undefined in C: refuse
  /// rather than guess what the hardware would do.
  std::optional<int64_t> shift(const LaneExpr &E, int64_t RawA, int64_t Amount) {
    const IntType T = E.Ty;
    if (lessThan(Amount, 0, E.B->Ty) || static_cast<uint64_t>(Amount) >= bitsOf(T))
      return undefined(E, "a shift by " + std::to_string(Amount) + " (out of range for a " +
                              std::to_string(bitsOf(T)) + "-bit value)");
    int64_t A = LaneEvaluator::wrap(RawA, T);
    if (E.BOp == BinaryOp::Shl)
      return LaneEvaluator::wrap(static_cast<int64_t>(static_cast<uint64_t>(A) << Amount), T);
    if (T.Signed)
      return LaneEvaluator::wrap(A >> Amount, T); // arithmetic on int64_t
    return LaneEvaluator::wrap(static_cast<int64_t>(static_cast<uint64_t>(A) >> Amount), T);
  }

  const LaneEnv &Env;
  std::string *Why;
  bool *UndefinedUniform;
};

} // namespace

int64_t LaneEvaluator::wrap(int64_t V, IntType T) {
  // Conversion to bool is "nonzero", not truncation to the low bit.
  if (T.Bits == 1 && !T.Signed)
    return V != 0;
  unsigned Bits = bitsOf(T);
  if (Bits == 64)
    return V;
  uint64_t Mask = (uint64_t(1) << Bits) - 1;
  uint64_t U = static_cast<uint64_t>(V) & Mask;
  if (T.Signed && ((U >> (Bits - 1)) & 1))
    U |= ~Mask;
  return static_cast<int64_t>(U);
}

std::optional<int64_t> LaneEvaluator::eval(const LaneExpr &E, const LaneEnv &Env, std::string *Why,
                                           bool *UndefinedUniform) {
  return Evaluator(Env, Why, UndefinedUniform).run(E);
}

} // namespace lds
