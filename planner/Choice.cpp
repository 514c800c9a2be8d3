//===- Choice.cpp - The best admissible candidate, or why there is none ---===//

#include "planner/Choice.h"
#include "planner/PlanText.h"

#include <algorithm>
#include <map>
#include <cmath>

namespace lds::planner {

namespace {

/// The single target on which all of S's worse accesses lie; npos if none
/// or several.
size_t onlyWorseTarget(const Scored &S) {
  if (S.Worse.empty())
    return std::string::npos;
  for (const CellRef &W : S.Worse)
    if (W.Target != S.Worse.front().Target)
      return std::string::npos;
  return S.Worse.front().Target;
}

bool changes(const std::vector<CellRef> &Cells, const CellRef &C) {
  for (const CellRef &X : Cells)
    if (X.Target == C.Target && X.Access == C.Access)
      return true;
  return false;
}

/// "the load at f.cu:9:5 on sm_90 from 1 to 2 passes (now lanes 0,16 hit
/// bank 0 at 2 different words)": what a candidate does to one access, with
/// the lanes that collide after it (worse) or did before it (better).
std::string cellText(const PlanInputs &In, const CellRef &C) {
  std::string T = accessText(*In.Accesses[C.Access]) + " on " + In.Targets[C.Target]->Name +
                  " from " + num(C.From) + " to " + num(C.To) + " passes";
  if (!C.Lanes.empty())
    T += std::string(C.To > C.From ? " (now " : " (before, ") + C.Lanes + ")";
  return T;
}

/// The proof that no candidate of kind K helps, as one line: each of the
/// Trades (the candidates of kind K that lower some access's passes, all
/// rejected for making another worse) is shown to by the best of them,
/// which lanes of which access collide after it on which target, whether
/// they all hurt that access, and which target alone forbids some of them.
std::string tradeProof(const PlanInputs &In, const std::vector<const Scored *> &Trades) {
  const Scored &Best = *Trades.front();
  const char *Plural = Best.C.K == FixCandidate::Pad ? "pads" : "XOR layouts";
  const CellRef &Hurt = Best.Worse.front();
  const char *Singular = Best.C.K == FixCandidate::Pad ? "pad" : "XOR layout";
  // The access it hurts may be the one it helps, on another target.
  const bool SameAccess = Hurt.Access == Best.Better.front().Access;
  std::string Why = Trades.size() == 1
                        ? std::string("one ") + Singular + " lowers an access's passes and makes " +
                              (SameAccess ? "them worse on another target: " : "another's worse: ")
                        : std::to_string(Trades.size()) + " " + Plural +
                              " lower an access's passes and each makes another's worse; the "
                              "best, ";
  Why += candidateText(Best.C, In.Array, In.Base) + ", takes " +
         cellText(In, Best.Better.front()) + " but " + cellText(In, Hurt);
  auto [Before, After] = targetCosts(In, Best, Hurt.Target);
  Why += ": " + In.Targets[Hurt.Target]->Name + "'s weighted passes " + num(Before) + " -> " +
         num(After);
  size_t Same = 0;
  for (const Scored *S : Trades)
    Same += changes(S->Worse, Hurt);
  if (Trades.size() > 1)
    Why += Same == Trades.size() ? "; every one of them makes that access worse"
                                 : "; " + std::to_string(Same) + " of them make that access worse";
  // A target that alone forbids some: a layout that hurts only there and
  // helps another target, which the others would take.
  for (size_t Tg = 0; Tg < In.Targets.size() && In.Targets.size() > 1; ++Tg) {
    const Scored *Allowed = nullptr;
    size_t Count = 0;
    auto HelpsElsewhere = [Tg](const Scored &S) {
      for (const CellRef &B : S.Better)
        if (B.Target != Tg)
          return true;
      return false;
    };
    for (const Scored *S : Trades)
      if (onlyWorseTarget(*S) == Tg && HelpsElsewhere(*S)) {
        ++Count;
        Allowed = Allowed ? Allowed : S;
      }
    if (Allowed)
      Why += "; only " + In.Targets[Tg]->Name + " forbids " +
             (Trades.size() == 1 ? std::string("it")
              : Count == 1       ? std::string("one of them")
                                 : std::to_string(Count) + " of them") +
             " (" +
             candidateText(Allowed->C, In.Array, In.Base) +
             " lowers the passes elsewhere and makes nothing worse there)";
  }
  return Why;
}

/// Candidates of kind K that lower some access's passes but make another's
/// worse, the lowest cost first.
std::vector<const Scored *> tradesOf(const std::vector<Scored> &All, FixCandidate::Kind K) {
  std::vector<const Scored *> Out;
  for (const Scored &S : All)
    if (S.C.K == K && S.Eval.Ok && !S.Better.empty() && !S.Worse.empty())
      Out.push_back(&S);
  std::stable_sort(Out.begin(), Out.end(), [](const Scored *A, const Scored *B) {
    return A->Eval.Cost < B->Eval.Cost - Eps;
  });
  return Out;
}

/// Why no candidate of kind K was taken: occupancy or an unknown cost from
/// the lowest-cost one, else the proof above when some lower an access's
/// passes, else "none lowers the passes".
std::string bestAttempt(const PlanInputs &In, const std::vector<Scored> &All,
                        FixCandidate::Kind K) {
  const SharedArray &Array = In.Array;
  const Scored *Best = nullptr;
  for (const Scored &S : All)
    if (S.C.K == K && S.Eval.Ok && !S.Rejected.empty() && S.Worse.empty() && S.Improves &&
        (!Best || S.Eval.Cost < Best->Eval.Cost - Eps))
      Best = &S;
  if (Best) // rejected for something else than an access made worse
    return "the best, " + candidateText(Best->C, Array, In.Base) + ", " + Best->Rejected;
  std::vector<const Scored *> Trades = tradesOf(All, K);
  if (!Trades.empty())
    return tradeProof(In, Trades);
  for (const Scored &S : All)
    if (S.C.K == K && !S.Eval.Ok)
      return "the cost of " + candidateText(S.C, Array, In.Base) + " is unknown: " + S.Eval.Why;
  std::string Why = std::string(K == FixCandidate::Pad ? "no pad" : "no XOR swizzle") + " of " +
                    rowsText(Array, In.Base) + " lowers the passes";
  // The class searched: XOR units keep the widest access whole.
  const Access *Widest = nullptr;
  for (const Access *A : In.Accesses)
    if (!Widest || A->WidthBytes > Widest->WidthBytes)
      Widest = A;
  if (K == FixCandidate::Swizzle && Widest && Array.ElementBytes &&
      Widest->WidthBytes > Array.ElementBytes)
    Why += " (in units of " + std::to_string(Widest->WidthBytes) + " bytes or more: " +
           accessText(*Widest) + " keeps its " + std::to_string(Widest->WidthBytes) +
           " bytes together)";
  return Why;
}

} // namespace

std::vector<const Scored *> rankCandidates(const std::vector<Scored> &All, Strategy Strat) {
  std::vector<const Scored *> Ranked;
  for (const Scored &S : All)
    if (S.Rejected.empty() && S.Improves)
      Ranked.push_back(&S);
  // Issue 13's order across targets: conflict-free on every target under
  // every reading first, then the slowest target (against its own ideal),
  // then the weighted passes summed over the targets.
  std::map<const Scored *, std::pair<bool, double>> Key;
  for (const Scored *S : Ranked)
    Key[S] = {allIdeal(S->Eval), worstTargetFactor(S->Eval)};
  auto Less = [Strat, &Key](const Scored *A, const Scored *B) {
    const auto &[IdealA, WorstA] = Key.at(A);
    const auto &[IdealB, WorstB] = Key.at(B);
    if (IdealA != IdealB)
      return IdealA;
    if (std::fabs(WorstA - WorstB) > Eps)
      return WorstA < WorstB;
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

bool equallyGood(const Scored &A, const Scored &B) {
  return allIdeal(A.Eval) == allIdeal(B.Eval) &&
         std::fabs(worstTargetFactor(A.Eval) - worstTargetFactor(B.Eval)) <= Eps &&
         std::fabs(A.Eval.Cost - B.Eval.Cost) <= Eps &&
         std::fabs(A.Eval.AltCost - B.Eval.AltCost) <= Eps && A.C.K == B.C.K &&
         A.Growth == B.Growth;
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
      Rows = S->C.swizzles() ? 2 * S->C.Swz.rowPeriod() : 2;
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
    W.Pad = bestAttempt(In, All, FixCandidate::Pad);
  if (!Set.NoSwizzleWhy.empty())
    W.Swizzle = Set.NoSwizzleWhy;
  else if (!Set.Swizzles.empty())
    W.Swizzle = bestAttempt(In, All, FixCandidate::Swizzle);
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
