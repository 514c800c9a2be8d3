//===- LaneExpr.h - Index expressions as a per-lane computation -----------===//
//
// The plain, Clang-free form of an index expression. The matchers translate a
// clang::Expr into a LaneExpr tree; the LaneEvaluator computes it for every
// lane of a wave. Keeping it free of Clang types lets the analyzer be tested
// without parsing anything.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_LANEEXPR_H
#define LDS_ANALYSIS_LANEEXPR_H

#include "analysis/UnknownCause.h"

#include <cstdint>
#include <memory>
#include <string>

namespace lds {

/// The C integer type a node computes in. Every node carries one so that
/// unsigned wrap-around, truncation and sign extension follow C exactly.
struct IntType {
  unsigned Bits = 32;
  bool Signed = true;

  static IntType i32() { return {32, true}; }
  static IntType u32() { return {32, false}; }
  static IntType i64() { return {64, true}; }
  static IntType u64() { return {64, false}; }
  static IntType boolean() { return {1, false}; }
  bool operator==(const IntType &O) const { return Bits == O.Bits && Signed == O.Signed; }
};

enum class ExprKind {
  Const,     ///< Value
  ThreadIdx, ///< threadIdx.{x,y,z}; Dim selects the component
  BlockDim,  ///< blockDim.{x,y,z}
  LaneId,    ///< lane within the wave (__lane_id())
  WaveSize,  ///< warpSize / wavefront size of the target
  Symbol,    ///< a value uniform across the wave, named by Name
  Unknown,   ///< differs per lane in a way we cannot know (data); Name = why
  Unary,
  Binary,
  Select, ///< A ? B : C
  Cast,   ///< convert A to Ty
};

/// Ffs, Popcount, Clz and Ctz count bits of the operand in the operand's own
/// type (__ffs, __popc, __clz, __builtin_ctz): thread-index arithmetic such
/// as `__ffs(blockDim.x) - 3` uses them.
enum class UnaryOp { Neg, BitNot, LogicalNot, Ffs, Popcount, Clz, Ctz };

enum class BinaryOp {
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  And,
  Or,
  Xor,
  LT,
  LE,
  GT,
  GE,
  EQ,
  NE,
  LogicalAnd,
  LogicalOr,
  Min,
  Max
};

class LaneExpr;
using ExprRef = std::shared_ptr<const LaneExpr>;

class LaneExpr {
public:
  ExprKind Kind;
  IntType Ty;
  int64_t Value = 0; // Const
  unsigned Dim = 0;  // ThreadIdx / BlockDim
  std::string Name;  // Symbol name, or the reason for Unknown
  /// Unknown: the reason as data (what the user could give), when the
  /// builder was given one; Name is its text in lds-rewrite's words.
  std::shared_ptr<const UnknownCause> Cause;
  UnaryOp UOp = UnaryOp::Neg;
  BinaryOp BOp = BinaryOp::Add;
  ExprRef A, B, C;
  /// Nodes of the tree below, shared parts counted each time (what a
  /// traversal costs); the builders keep it under a bound.
  uint32_t Size = 1;

  // Builders. They fold constants so that trees built from template
  // instantiations stay small.
  static ExprRef constant(int64_t V, IntType T = IntType::i32());
  static ExprRef threadIdx(unsigned Dim);
  static ExprRef blockDim(unsigned Dim);
  static ExprRef laneId();
  static ExprRef waveSize();
  static ExprRef symbol(const std::string &Name, IntType T = IntType::i32());
  static ExprRef unknown(const std::string &Why, IntType T = IntType::i32());
  static ExprRef unknown(const UnknownCause &Why, IntType T = IntType::i32());
  static ExprRef unary(UnaryOp Op, ExprRef A, IntType T);
  static ExprRef binary(BinaryOp Op, ExprRef A, ExprRef B, IntType T);
  static ExprRef select(ExprRef Cond, ExprRef A, ExprRef B, IntType T);
  static ExprRef cast(ExprRef A, IntType T);

  /// Convenience for the common "a + b" / "a * b" in the result type of A.
  static ExprRef add(ExprRef A, ExprRef B);
  static ExprRef mul(ExprRef A, ExprRef B);

  bool isConstant() const { return Kind == ExprKind::Const; }
  /// True when no node below depends on the lane (thread ids, lane id, or
  /// per-lane unknowns).
  bool isUniform() const;
  /// True if an Unknown node is reachable; sets Why to its reason.
  bool findUnknown(std::string &Why) const;
  /// The same, with the reason as data.
  bool findUnknown(UnknownCause &Why) const;
  /// Calls F for every Symbol name below this node.
  template <typename Fn> void forEachSymbol(Fn F) const {
    if (Kind == ExprKind::Symbol)
      F(Name);
    for (const ExprRef &E : {A, B, C})
      if (E)
        E->forEachSymbol(F);
  }

  /// The first Unknown node reachable (depth first, A before B before C).
  const LaneExpr *firstUnknown() const;

  /// C-like rendering for messages and tests (not for rewriting source).
  std::string str() const;
};

} // namespace lds

#endif
