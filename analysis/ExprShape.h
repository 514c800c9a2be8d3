//===- ExprShape.h - Index expressions equal up to a uniform offset -------===//
//
// Moving every lane's address by the same multiple of 4 bytes renames the
// banks and changes no cost. So two bindings of a loop counter whose
// addresses differ only by such an offset (tile[k * 32 + tx] for each k)
// cost the same, and the analyzer computes one of them. This header finds
// that offset in an expression and compares what is left.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_EXPRSHAPE_H
#define LDS_ANALYSIS_EXPRSHAPE_H

#include "analysis/LaneExpr.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lds {

/// A widening cast the offset was moved out through: (wide)(Inner + Offset)
/// is (wide)Inner + Offset only for a lane whose Inner + Offset, computed
/// without wrapping, is a value of Ty. C makes no promise that it is: the
/// unsigned `threadIdx.y + i * 8 + j` with j = -8 wraps around 2^32 and is
/// an ordinary index again, and `threadIdx.y - 8u` wraps to 2^32 - 8 where
/// threadIdx.y < 8.
struct ShapeCondition {
  ExprRef Inner;      ///< of type Ty, no constant term left
  int64_t Offset = 0; ///< a value of Ty; unsigned ones as signed (2^32 - 8 is -8)
  IntType Ty;         ///< the narrow type the cast widens
};

/// E == Rest + Offset, exactly, for every lane where each of Conditions
/// holds (inShapeRange); otherwise only modulo 2^bits of a narrow type.
/// Offset is a value of E's type (wrapped into it).
struct ExprShape {
  ExprRef Rest; ///< null when E is a constant
  int64_t Offset = 0;
  std::vector<ShapeCondition> Conditions; ///< outermost cast last
};

/// Collects the constant terms of E's sums (through scaling by constants
/// and widening casts) into Offset, computing in each node's type as C
/// does.
ExprShape shapeOf(const ExprRef &E);

/// Whether InnerValue + C.Offset (no wrap) is a value of C.Ty: the
/// condition of C for a lane whose Inner is InnerValue.
bool inShapeRange(const ShapeCondition &C, int64_t InnerValue);

/// Structural hash and equality of trees (null allowed).
size_t hashExpr(const LaneExpr *E);
bool sameExpr(const LaneExpr *A, const LaneExpr *B);

} // namespace lds

#endif
