//===- LaneEvaluator.h - Compute a LaneExpr for one lane ------------------===//
//
// C semantics: every node computes in its IntType (wrap-around for unsigned,
// truncation on casts, arithmetic shift for signed >>, integer division
// toward zero). Division by zero or an Unknown node make the value
// unavailable, with a reason.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_LANEEVALUATOR_H
#define LDS_ANALYSIS_LANEEVALUATOR_H

#include "analysis/LaneExpr.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace lds {

struct LaneEnv {
  std::array<int64_t, 3> ThreadIdx = {0, 0, 0};
  std::array<int64_t, 3> BlockDim = {1, 1, 1};
  int64_t LaneId = 0;
  int64_t WaveSize = 32;
  const std::map<std::string, int64_t> *Symbols = nullptr;
};

class LaneEvaluator {
public:
  /// The value of E for the lane described by Env, or nullopt with Why set.
  /// UndefinedUniform (if given) tells whether the failure is undefined
  /// behaviour (division by zero, a shift out of range) in a node that does
  /// not depend on the lane: the values bound to the symbols are then
  /// impossible in a correct program, rather than the lane not evaluated.
  static std::optional<int64_t> eval(const LaneExpr &E, const LaneEnv &Env,
                                     std::string *Why = nullptr, bool *UndefinedUniform = nullptr);
  /// Wraps V into T (two's complement truncation, then sign/zero extension;
  /// for bool, {1 bit, unsigned}, nonzero becomes 1 as C converts).
  static int64_t wrap(int64_t V, IntType T);
};

} // namespace lds

#endif
