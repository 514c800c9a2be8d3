//===- SubscriptRange.h - Do the subscripts name elements of the array? ---===//
//
// Rule 0 of FixPlanner.h, lane by lane: every lane's subscripts must name an
// element of the array, or a new layout would move the data under the
// access (`tile[0][tid]` filling a whole tile, a flat index that is not
// really row * W + column): the plan must refuse.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_SUBSCRIPTRANGE_H
#define LDS_PLANNER_SUBSCRIPTRANGE_H

#include "planner/Baseline.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lds::planner {

/// One past the last column any lane reaches; Known is false when that is
/// not fully known (a free symbol, a lane that cannot be evaluated, loop
/// values sampled).
struct ColumnReach {
  uint64_t End = 0;
  bool Known = true;
};

/// The names of the symbols A's subscripts and predicate read, and (With
/// Offset) its byte offset: what a binding of A must give values to.
std::set<std::string> symbolsRead(const Access &A, bool WithOffset);

/// Checks that every lane's subscripts name an element of the array: each
/// at least 0 and below its extent (the row subscript of a dynamic array
/// has no known bound), and a vector access's elements inside one row.
/// Loop counters with known values are enumerated (at most MaxBindings
/// combinations, evenly spread), free symbols take 0 and are named in
/// FreeUsed. Lanes whose predicate or subscripts cannot be evaluated are
/// left to the analyzer. Returns the problem as a sentence ("" if none);
/// Columns grows to the columns the lanes reach.
std::string subscriptRangeProblem(const SharedArray &Array, const Access &A, const Layout &Base,
                                  const std::vector<unsigned> &WaveSizes, const PlanOptions &Opts,
                                  std::set<std::string> &FreeUsed, ColumnReach &Columns);

/// subscriptRangeProblem for every access, under every wave size of the
/// targets: the first problem, with its access. Without one, a line per free
/// symbol checked with 0 only goes to Considered.
std::optional<Refusal> checkSubscriptRanges(const PlanInputs &In, ColumnReach &Columns,
                                            std::vector<std::string> &Considered);

} // namespace lds::planner

#endif
