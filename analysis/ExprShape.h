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

namespace lds {

/// E == Rest + Offset for every lane whose address does not wrap around its
/// integer type (a shared-memory address never does in a valid program).
struct ExprShape {
  ExprRef Rest; ///< null when E is a constant
  int64_t Offset = 0;
};

/// Collects the constant terms of E's sums (through scaling by constants
/// and widening casts) into Offset.
ExprShape shapeOf(const ExprRef &E);

/// Structural hash and equality of trees (null allowed).
size_t hashExpr(const LaneExpr *E);
bool sameExpr(const LaneExpr *A, const LaneExpr *B);

} // namespace lds

#endif
