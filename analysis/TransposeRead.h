//===- TransposeRead.h - Proving a column read is one transpose load ------===//
//
// lds-transpose-load's proof over the model (TransposeLoad.h has the
// instructions): the reads of one source expression `a[k0 + j][c]`, j = 0
// .. N - 1, in every wave of every block shape and for every value of the
// uniform symbols they read, evaluated lane by lane (LaneEvaluator), then
// given to proveTranspose. EXEC must be all ones: every lane of every wave
// runs the read (its predicate, if any, holds everywhere; no guard was
// dropped; the block is whole waves). No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_TRANSPOSEREAD_H
#define LDS_ANALYSIS_TRANSPOSEREAD_H

#include "analysis/AccessModel.h"
#include "analysis/TransposeLoad.h"

#include <string>
#include <vector>

namespace lds {

/// The reads of one instantiation: either N accesses, one per iteration in
/// order (the front end unrolled the loop), or one access whose offset
/// reads the loop counter symbol Counter (its values must be 0 .. N - 1).
struct ColumnRead {
  std::vector<const Access *> Reads;
  std::string Counter; ///< the model's symbol of j, when not unrolled
  unsigned Count = 0;  ///< N
  uint64_t RowLength = 0; ///< the array's innermost extent
};

/// "" when one transpose load I gives every lane the N values it reads,
/// for every wave, block shape and symbol value; otherwise why not.
std::string proveColumnRead(const TransposeInstr &I, const ColumnRead &R);

} // namespace lds

#endif
