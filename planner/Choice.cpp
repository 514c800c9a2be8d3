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

namespace {

/// Draft as the rewrite needs it: the choice, its layout, and which
/// accesses are read as a linear index.
FixPlan draftOf(const PlanInputs &In, const Scored &S) {
  FixPlan Draft;
  Draft.Choice = S.C;
  Draft.NewLayout = S.Lay;
  for (const Access *A : In.Accesses)
    Draft.Linear.push_back(A->Subs.Linear);
  return Draft;
}

/// A runner-up that differs from one taken before it only by a wider pad,
/// at no lower cost, is that layout with LDS wasted: not worth listing.
bool widerPadOfTaken(const Scored &S, const std::vector<const Scored *> &Taken) {
  if (!S.C.pads())
    return false;
  auto ShapeOf = [](FixCandidate C) {
    C.PadElems = 0;
    return C.str();
  };
  for (const Scored *T : Taken)
    if (T->C.K == S.C.K && ShapeOf(T->C) == ShapeOf(S.C) && T->Growth <= S.Growth &&
        T->Eval.Cost <= S.Eval.Cost + Eps && T->Eval.AltCost <= S.Eval.AltCost + Eps)
      return true;
  return false;
}

} // namespace

std::vector<const Scored *> chooseWritable(const PlanInputs &In,
                                           const std::vector<const Scored *> &Ranked,
                                           size_t Want, std::vector<Unwritable> &Refused,
                                           std::vector<std::string> &Considered) {
  std::vector<const Scored *> Taken;
  for (const Scored *S : Ranked) {
    if (Taken.size() >= Want)
      break;
    if (widerPadOfTaken(*S, Taken))
      continue;
    // Past the first one taken, the search only lists the runners-up: its
    // lines and refusals explain the choice, not them.
    std::vector<std::string> Unused;
    std::vector<std::string> &Lines = Taken.empty() ? Considered : Unused;
    uint64_t Rows = In.DynRows;
    if (In.Unsized && !Rows)
      Rows = S->C.swizzles() ? 2 * ((uint64_t(S->C.Swz.Mask) + 1) << S->C.Swz.Shift) : 2;
    std::string Why;
    if (!isBijection(In.Array, S->C, In.W, Rows, &Why, S->Lay.SwizzledColumns)) {
      Lines.push_back(S->C.str() + ": not a bijection: " + Why);
      continue;
    }
    std::optional<std::string> Cannot;
    if (In.Opts.Rewriter)
      Cannot = In.Opts.Rewriter->cannotRewrite(draftOf(In, *S));
    if (!Cannot) {
      Taken.push_back(S);
      continue;
    }
    Lines.push_back(S->C.str() + ": cannot be written: " + *Cannot);
    if (!Taken.empty())
      continue;
    bool KindSeen = false;
    for (const Unwritable &U : Refused)
      KindSeen |= U.Kind == S->C.K;
    if (!KindSeen)
      Refused.push_back({true, S->C.K, *Cannot, S->Eval.Cost});
    // Only Strategy::Auto looks further: the other strategies name one kind,
    // and the rewrite refuses a kind, not one of its sizes.
    if (In.Strat != Strategy::Auto)
      break;
  }
  return Taken;
}

namespace {

/// Why no pad (Pad) or no swizzle (Swizzle) was taken, as the strategy that
/// names that kind words it; also the parts of Auto's "padding is not
/// possible: ...; a swizzle is not possible: ...".
struct KindWhys {
  std::string Pad, Swizzle;
  bool PadBlocked = false; ///< a pad helped but cost occupancy
};

KindWhys kindWhys(const PlanInputs &In, const std::vector<Scored> &All, const CandidateSet &Set) {
  const SharedArray &Array = In.Array;
  KindWhys W;
  // Did a pad help but cost occupancy?
  const Scored *Blocked = nullptr;
  for (const Scored &S : All)
    if (S.OccupancyOnly && S.Improves && S.C.K == FixCandidate::Pad &&
        (!Blocked || S.Eval.Cost < Blocked->Eval.Cost - Eps))
      Blocked = &S;
  W.PadBlocked = Blocked;
  if (Blocked)
    W.Pad = padText(Array, In.Base, Blocked->C.PadElems) + " would remove conflicts but " +
            Blocked->Rejected;
  else if (!Set.Pads.empty())
    W.Pad = bestAttempt(All, FixCandidate::Pad, Array, In.Base);
  if (!Set.NoSwizzleWhy.empty())
    W.Swizzle = Set.NoSwizzleWhy;
  else if (!Set.Swizzles.empty())
    W.Swizzle = bestAttempt(All, FixCandidate::Swizzle, Array, In.Base);
  return W;
}

std::string padRefusal(const KindWhys &W) {
  return W.PadBlocked ? W.Pad : "no padding removes the conflict: " + W.Pad;
}

std::string swizzleRefusal(const KindWhys &W, const CandidateSet &Set) {
  return !Set.NoSwizzleWhy.empty() ? W.Swizzle : "no swizzle removes the conflict: " + W.Swizzle;
}

/// Auto, when the favourite could not be written: why it could not, then
/// why each other kind was not taken (the rewrite's reason when it refused
/// one of that kind too, else the planner's).
std::string unwritableRefusal(const PlanInputs &In, const std::vector<Scored> &All,
                              const CandidateSet &Set, const std::vector<Unwritable> &Refused) {
  const Unwritable &Favourite = Refused.front();
  const KindWhys W = kindWhys(In, All, Set);
  std::string Why =
      std::string(FixCandidate::noun(Favourite.Kind)) + " is not possible: " + Favourite.Why;
  for (FixCandidate::Kind K : {FixCandidate::Pad, FixCandidate::Swizzle}) {
    if (K == Favourite.Kind)
      continue;
    std::string KindWhy = K == FixCandidate::Pad ? padRefusal(W) : swizzleRefusal(W, Set);
    for (const Unwritable &U : Refused)
      if (U.Kind == K) {
        KindWhy = U.Why;
        break;
      }
    Why += std::string("; ") + FixCandidate::noun(K) + " is not possible: " + KindWhy;
  }
  return Why;
}

} // namespace

std::string nothingChosen(const PlanInputs &In, const std::vector<Scored> &All,
                          const CandidateSet &Set, const std::vector<Unwritable> &Refused) {
  if (!Refused.empty())
    return In.Strat == Strategy::Auto ? unwritableRefusal(In, All, Set, Refused)
                                      : Refused.front().Why;
  const KindWhys W = kindWhys(In, All, Set);
  if (In.Strat == Strategy::Pad)
    return padRefusal(W);
  if (In.Strat == Strategy::Swizzle)
    return swizzleRefusal(W, Set);
  return "padding is not possible: " + W.Pad + "; a swizzle is not possible: " + W.Swizzle;
}

} // namespace lds::planner
