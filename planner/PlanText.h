//===- PlanText.h - The planner's wording: accesses, numbers, layouts -----===//
//
// The words the planner's refusals, --verbose lines and descriptions are
// made of, in the user's terms (rows of floats, the stride of a 1-D array).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_PLANTEXT_H
#define LDS_PLANNER_PLANTEXT_H

#include "planner/FixPlanner.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lds::planner {

/// "the load at f.hip:8:20" (or "a load" without a location).
std::string accessText(const Access &A);
/// 2, 1.5, 0.33: at most two decimals, no trailing zeros.
std::string num(double V);
/// "32-way"
std::string way(double Degree);
/// "a", "a and b", "a, b and c"
std::string joinNames(const std::vector<std::string> &Names);
/// "floats", "ints", ... or "elements" for other element types.
std::string plural(const SharedArray &Array);
/// "1 float", "2 floats", "1 element", "3 elements".
std::string elemsText(uint64_t N, const SharedArray &Array);
/// "XOR-swizzle columns in 4-byte units with bits 0-2 of the row"
std::string swizzleDescription(const SwizzleParams &S, unsigned ElemBytes);
/// A general layout's rule in bits, physical from logical: "16-byte unit
/// bits 0-2 ^= row bits 0-2, bit 0 ^= unit bit 3 ^ bit 5".
std::string linearRuleText(const SwizzleParams &S, unsigned ElemBytes);
/// The rows as the user wrote them: "rows of 16 floats" for `tile[64][16]`,
/// "'s' indexed as r * 8 + c" for a 1-D array (whose rows the user never
/// declared).
std::string rowsText(const SharedArray &Array, const Layout &Base);
/// "padding rows by 1 float", "padding the stride 8 of 's' to 9".
std::string padText(const SharedArray &Array, const Layout &Base, unsigned P);
/// A candidate in the user's terms: "rows 16 -> 18 floats", "the stride
/// 8 of 's' -> 9", "XOR-swizzle columns in 4-byte units with bit 2 of the
/// row".
std::string candidateText(const FixCandidate &C, const SharedArray &Array, const Layout &Base);

} // namespace lds::planner

#endif
