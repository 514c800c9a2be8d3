//===- Choice.cpp - The best admissible candidate, or why there is none ---===//

#include "planner/Choice.h"
#include "planner/PlanText.h"

#include <algorithm>
#include <cmath>

namespace lds::planner {

namespace {

/// Why no candidate of kind K was taken, from the lowest-cost one: "the
/// best, rows 16 -> 18 floats, makes the load at f.cu:9:5 worse on sm_90
/// (1 -> 2 passes)", or "none lowers the passes".
std::string bestAttempt(const std::vector<Scored> &All, FixCandidate::Kind K,
                        const SharedArray &Array, const Layout &Base) {
  const Scored *Best = nullptr;
  for (const Scored &S : All)
    if (S.C.K == K && S.Eval.Ok && !S.Rejected.empty() &&
        (!Best || S.Eval.Cost < Best->Eval.Cost - Eps))
      Best = &S;
  bool AnyImproves = false;
  for (const Scored &S : All)
    AnyImproves |= S.C.K == K && S.Improves;
  if (Best && AnyImproves)
    return "the best, " + candidateText(Best->C, Array, Base) + ", " + Best->Rejected;
  for (const Scored &S : All)
    if (S.C.K == K && !S.Eval.Ok)
      return "the cost of " + candidateText(S.C, Array, Base) + " is unknown: " + S.Eval.Why;
  return std::string(K == FixCandidate::Pad ? "no pad" : "no XOR swizzle") + " of " +
         rowsText(Array, Base) + " lowers the passes";
}

} // namespace

std::vector<const Scored *> rankCandidates(const std::vector<Scored> &All, Strategy Strat) {
  std::vector<const Scored *> Ranked;
  for (const Scored &S : All)
    if (S.Rejected.empty() && S.Improves)
      Ranked.push_back(&S);
  auto Less = [Strat](const Scored *A, const Scored *B) {
    if (std::fabs(A->Eval.Cost - B->Eval.Cost) > Eps)
      return A->Eval.Cost < B->Eval.Cost;
    // hardware.md: conflict-free under every plausible reading of a
    // disputed row wins whenever such a fix exists, before the kind.
    if (std::fabs(A->Eval.AltCost - B->Eval.AltCost) > Eps)
      return A->Eval.AltCost < B->Eval.AltCost;
    // Auto: a pad, then a swizzle, then both (the fewest edits).
    if (Strat == Strategy::Auto && A->C.K != B->C.K)
      return A->C.K < B->C.K;
    if (A->Growth != B->Growth)
      return A->Growth < B->Growth;
    return A->Order < B->Order;
  };
  std::stable_sort(Ranked.begin(), Ranked.end(), Less);
  return Ranked;
}

const Scored *chooseBijection(const PlanInputs &In, const std::vector<const Scored *> &Ranked,
                              std::vector<std::string> &Considered) {
  for (const Scored *S : Ranked) {
    uint64_t Rows = In.DynRows;
    if (In.Unsized && !Rows)
      Rows = S->C.swizzles() ? 2 * ((uint64_t(S->C.Swz.Mask) + 1) << S->C.Swz.Shift) : 2;
    std::string Why;
    if (isBijection(In.Array, S->C, In.W, Rows, &Why, S->Lay.SwizzledColumns))
      return S;
    Considered.push_back(S->C.str() + ": not a bijection: " + Why);
  }
  return nullptr;
}

std::string nothingChosen(const PlanInputs &In, const std::vector<Scored> &All,
                          const CandidateSet &Set) {
  const SharedArray &Array = In.Array;
  // Did a pad help but cost occupancy?
  const Scored *Blocked = nullptr;
  for (const Scored &S : All)
    if (S.OccupancyOnly && S.Improves && S.C.K == FixCandidate::Pad &&
        (!Blocked || S.Eval.Cost < Blocked->Eval.Cost - Eps))
      Blocked = &S;
  std::string PadWhy, SwizzleWhy;
  if (Blocked)
    PadWhy = padText(Array, In.Base, Blocked->C.PadElems) + " would remove conflicts but " +
             Blocked->Rejected;
  else if (!Set.Pads.empty())
    PadWhy = bestAttempt(All, FixCandidate::Pad, Array, In.Base);
  if (!Set.NoSwizzleWhy.empty())
    SwizzleWhy = Set.NoSwizzleWhy;
  else if (!Set.Swizzles.empty())
    SwizzleWhy = bestAttempt(All, FixCandidate::Swizzle, Array, In.Base);
  if (In.Strat == Strategy::Pad)
    return Blocked ? PadWhy : "no padding removes the conflict: " + PadWhy;
  if (In.Strat == Strategy::Swizzle)
    return !Set.NoSwizzleWhy.empty() ? SwizzleWhy
                                     : "no swizzle removes the conflict: " + SwizzleWhy;
  return "padding is not possible: " + PadWhy + "; a swizzle is not possible: " + SwizzleWhy;
}

} // namespace lds::planner
