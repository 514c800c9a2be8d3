//===- FlatIndex.h - Read a 1-D index as row * W + column -----------------===//
//
// Tiles are often flattened by hand: s[r * W + c], s[c + r * W + k],
// s[(r << 5) + c]. Padding such a tile means changing W, so the planner
// needs the row and column parts. The split is made on the LaneExpr: terms
// of the top-level sum that are multiples of one constant W >= 2 form the
// row, the rest the column. Each part is computed in the type of the sum its
// terms come from, as C computes the index: an unsigned sum that wraps
// around 2^32 (threadIdx.y + i * 8 + j with int j = -8) wraps in its part
// too, and is widened only after.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_FLATINDEX_H
#define LDS_ANALYSIS_FLATINDEX_H

#include "analysis/LaneExpr.h"

namespace lds {

struct FlatIndex {
  ExprRef Row;
  ExprRef Column;
  uint64_t RowLength = 0;
};

/// Splits I as Row * RowLength + Column; false if I has no such term.
bool decomposeFlatIndex(const ExprRef &I, FlatIndex &Out);

} // namespace lds

#endif
