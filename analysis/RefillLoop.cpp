//===- RefillLoop.cpp - Which rule of barriers.md a hazard breaks ---------===//

#include "analysis/RefillLoop.h"

#include <algorithm>

namespace lds {

unsigned ruleOf(MoveHazard H) {
  switch (H) {
  case MoveHazard::LdsInMovedValue:
    return 1;
  case MoveHazard::GlobalStore:
  case MoveHazard::Race:
  case MoveHazard::Atomic:
  case MoveHazard::Fence:
    return 2;
  case MoveHazard::LoopCarriedValue:
  case MoveHazard::BarrierResult:
  case MoveHazard::GuardedRefill:
    return 3;
  case MoveHazard::Volatile:
  case MoveHazard::InlineAsm:
  case MoveHazard::UnknownCall:
  case MoveHazard::CrossLane:
  case MoveHazard::OtherBarrier:
    return 4;
  case MoveHazard::DivergentBarrier:
  case MoveHazard::NonUniformLoop:
  case MoveHazard::EarlyExit:
    return 5;
  case MoveHazard::Registers:
    return 7;
  }
  return 0;
}

std::optional<size_t> blockingHazard(const RefillLoop &L) {
  std::optional<size_t> First;
  auto Before = [](const Hazard &A, const Hazard &B) {
    if (ruleOf(A.Kind) != ruleOf(B.Kind))
      return ruleOf(A.Kind) < ruleOf(B.Kind);
    return A.Loc.Offset < B.Loc.Offset;
  };
  for (size_t I = 0; I < L.Hazards.size(); ++I) {
    const Hazard &H = L.Hazards[I];
    if (H.Kind == MoveHazard::GlobalStore && L.LoadsRestrict)
      continue;
    if (!First || Before(H, L.Hazards[*First]))
      First = I;
  }
  return First;
}

static std::string why(const Hazard &H) {
  switch (H.Kind) {
  case MoveHazard::LdsInMovedValue:
    return "the value stored reads LDS (" + H.What + "), which the barrier protects";
  case MoveHazard::GlobalStore:
    return H.What + " may write what the next iteration's loads read, and the pointers "
                    "they load through are not 'const __restrict__'";
  case MoveHazard::Race:
    return "the move would race: " + H.What;
  case MoveHazard::Atomic:
    return "the atomic " + H.What + " may order memory through the barrier";
  case MoveHazard::Fence:
    return "the fence " + H.What + " may order memory through the barrier";
  case MoveHazard::LoopCarriedValue:
    return "the loads use " + H.What + ", which the loop computes after the barrier";
  case MoveHazard::BarrierResult:
    return "the loads use " + H.What + ", the result of a barrier";
  case MoveHazard::GuardedRefill:
    return "the refill is guarded by " + H.What + "; its guard would have to move with it";
  case MoveHazard::Volatile:
    return "the volatile access " + H.What + " must not be reordered";
  case MoveHazard::InlineAsm:
    return "inline asm may access memory or hold a barrier";
  case MoveHazard::UnknownCall:
    return "the call to " + H.What + " may access memory or hold a barrier";
  case MoveHazard::CrossLane:
    return "the cross-lane operation " + H.What + " must not be crossed";
  case MoveHazard::OtherBarrier:
    return "the loop holds a third barrier (" + H.What + ")";
  case MoveHazard::DivergentBarrier:
    return "the barrier " + H.What + " is under a condition, and every barrier must stay in "
                                     "block-uniform control flow";
  case MoveHazard::NonUniformLoop:
    return "the loop's condition reads " + H.What + ", which differs between threads";
  case MoveHazard::EarlyExit:
    return "the loop leaves its body early (" + H.What + ")";
  case MoveHazard::Registers:
    return H.What;
  }
  return H.What;
}

std::string describeHazard(const Hazard &H) {
  std::string Out = "rule " + std::to_string(ruleOf(H.Kind)) + " of barriers.md: " + why(H);
  if (H.Loc.valid() && H.Kind != MoveHazard::Registers)
    Out += " (line " + std::to_string(H.Loc.Line) + ")";
  if (!H.Detail.empty())
    Out += "; race check: " + H.Detail;
  return Out;
}

const char *placementName(PrefetchPlacement P) {
  switch (P) {
  case PrefetchPlacement::Auto:
    return "auto";
  case PrefetchPlacement::BeforeWait:
    return "before-wait";
  case PrefetchPlacement::AfterWait:
    return "after-wait";
  }
  return "auto";
}

} // namespace lds
