//===- TestExpr.h - Writing index expressions in tests as C --------------===//
//
// X wraps an ExprRef so a test can write `Tx * 33 + Ty` instead of nested
// LaneExpr::binary calls. Everything computes in int, as the oracle kernels
// do (`int tx = threadIdx.x`).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TEST_TESTEXPR_H
#define LDS_TEST_TESTEXPR_H

#include "analysis/AccessModel.h"
#include "analysis/LaneExpr.h"
#include "targets/BankModel.h"

#include <array>
#include <string>
#include <vector>

namespace lds::test {

struct X {
  ExprRef E;
  X(ExprRef E) : E(std::move(E)) {}
  X(int V) : E(LaneExpr::constant(V)) {}
};

inline X bin(BinaryOp Op, X A, X B) { return LaneExpr::binary(Op, A.E, B.E, IntType::i32()); }
inline X operator+(X A, X B) { return bin(BinaryOp::Add, A, B); }
inline X operator-(X A, X B) { return bin(BinaryOp::Sub, A, B); }
inline X operator*(X A, X B) { return bin(BinaryOp::Mul, A, B); }
inline X operator/(X A, X B) { return bin(BinaryOp::Div, A, B); }
inline X operator%(X A, X B) { return bin(BinaryOp::Rem, A, B); }
inline X operator<<(X A, X B) { return bin(BinaryOp::Shl, A, B); }
inline X operator>>(X A, X B) { return bin(BinaryOp::Shr, A, B); }
inline X operator&(X A, X B) { return bin(BinaryOp::And, A, B); }
inline X operator^(X A, X B) { return bin(BinaryOp::Xor, A, B); }
inline X operator<(X A, X B) { return bin(BinaryOp::LT, A, B); }
inline X operator==(X A, X B) { return bin(BinaryOp::EQ, A, B); }
inline X operator!=(X A, X B) { return bin(BinaryOp::NE, A, B); }
inline X sel(X C, X A, X B) { return LaneExpr::select(C.E, A.E, B.E, IntType::i32()); }

/// The built-in bank model, built once for all tests.
inline const BankModel &builtinModel() {
  static BankModel M = BankModel::builtin();
  return M;
}

/// A loop counter with the given values, and a kernel argument nobody gave.
inline SymbolInfo loopCounter(std::vector<int64_t> Vals) {
  SymbolInfo S;
  S.Dom = SymbolInfo::Values;
  S.Vals = std::move(Vals);
  S.Description = "loop counter 's'";
  S.IsLoopCounter = true;
  return S;
}

inline SymbolInfo kernelArgument(const char *Name) {
  SymbolInfo S;
  S.Dom = SymbolInfo::Free;
  S.Description = std::string("kernel argument '") + Name + "'";
  return S;
}

inline X tx() { return LaneExpr::cast(LaneExpr::threadIdx(0), IntType::i32()); }
inline X ty() { return LaneExpr::cast(LaneExpr::threadIdx(1), IntType::i32()); }
inline X sym(const char *Name) { return LaneExpr::symbol(Name); }

/// An access to element Index of an array of ElemBytes-byte elements.
inline Access elementAccess(X Index, unsigned ElemBytes, std::array<unsigned, 3> Block = {32, 1, 1},
                            AccessKind Kind = AccessKind::Load, ExprRef Predicate = nullptr) {
  Access A;
  A.Kind = Kind;
  A.WidthBytes = ElemBytes;
  A.ByteOffset = (Index * X(static_cast<int>(ElemBytes))).E;
  A.Predicate = std::move(Predicate);
  A.Block.Dims = Block;
  return A;
}

} // namespace lds::test

#endif
