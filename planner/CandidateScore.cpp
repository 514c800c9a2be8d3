//===- CandidateScore.cpp - One candidate costed and judged ---------------===//

#include "planner/CandidateScore.h"
#include "planner/Occupancy.h"
#include "planner/PlanText.h"

#include <algorithm>

namespace lds::planner {

Scored scoreCandidate(const PlanInputs &In, const Evaluator &Ev, const Evaluation &Before,
                      const FixCandidate &C, uint64_t Permuted) {
  Scored S;
  S.C = C;
  S.Lay = layoutOf(In.Array, S.C, In.W, In.DynRows);
  if (C.swizzles())
    S.Lay.SwizzledColumns = Permuted;
  std::vector<ExprRef> Offsets;
  for (const Access *A : In.Accesses)
    Offsets.push_back(relayout(In.Array, *A, S.C));
  S.Eval = Ev.evaluate(Offsets);
  S.Growth = static_cast<int64_t>((S.Lay.NewElems - S.Lay.Elems) * In.Array.ElementBytes);
  if (!S.Eval.Ok) {
    S.Rejected = "cost unknown: " + S.Eval.Why;
  } else {
    S.Improves = S.Eval.Cost < Before.Cost - Eps;
    S.Worse = Ev.changedCells(Before, S.Eval, true);
    S.Better = Ev.changedCells(Before, S.Eval, false);
    S.Rejected = Ev.slower(Before, S.Eval, S.Worse);
    if (S.Rejected.empty() && In.SizeKnown && S.Growth > 0) {
      OccupancyAfter After = occupancyAfter(In, S.Growth);
      S.BlocksAfter = std::move(After.Blocks);
      S.Rejected = std::move(After.Why);
      S.OccupancyOnly = !S.Rejected.empty();
    }
  }
  if (S.BlocksAfter.empty())
    S.BlocksAfter = In.BlocksBefore;
  return S;
}

// The changed accesses tell the difference.
std::pair<double, double> targetCosts(const PlanInputs &In, const Scored &S, size_t T) {
  double After = S.Eval.TargetCost[T], Before = After;
  for (const std::vector<CellRef> *Cells : {&S.Better, &S.Worse})
    for (const CellRef &C : *Cells)
      if (C.Target == T)
        Before -= (C.To - C.From) * C.Weight;
  return {Before, After};
}

std::string consideredLine(const PlanInputs &In, const Scored &S) {
  std::string Line = S.C.str() + ": ";
  for (size_t T = 0; T < In.Targets.size() && S.Eval.Ok; ++T) {
    Line += (T ? ", " : "") + In.Targets[T]->Name + " " + way(worstDegree(S.Eval, T, false));
    if (hasAlternatives(S.Eval, T))
      Line += " (" + way(worstDegree(S.Eval, T, true)) + " disputed)";
  }
  if (S.Eval.Ok && S.Growth)
    Line += ", +" + std::to_string(S.Growth) + " B";
  if (!S.Rejected.empty())
    Line += (S.Eval.Ok ? "; rejected: " : "rejected: ") + S.Rejected;
  else if (!S.Improves)
    Line += "; no better";
  return Line;
}

namespace {

unsigned log2Of(unsigned V) {
  unsigned L = 0;
  while ((1u << L) < V)
    ++L;
  return L;
}

unsigned widthOf(unsigned Mask) {
  unsigned W = 0;
  while ((1u << W) <= Mask)
    ++W;
  return W;
}

/// Whether row swizzle Row and column swizzle Col can be one layout: the
/// bits of the column Row changes are none of those Col reads.
bool composable(const SwizzleParams &Row, const SwizzleParams &Col) {
  unsigned Lo = log2Of(Row.VecElems), Hi = Lo + widthOf(Row.Mask);
  for (unsigned S : Col.ColShifts) {
    unsigned From = log2Of(Col.colUnit()) + S, To = From + widthOf(Col.ColMask);
    if (From < Hi && Lo < To)
      return false;
  }
  return true;
}

/// Column terms combined with row swizzles, each term in its own unit: the
/// few best column-only layouts that leave a conflict, with every row
/// swizzle that improves on its own and changes no bit the column term
/// reads. One run then reaches what a second --fix on the column layout
/// would (LeetCUDA bcf: bit 1 ^= column bit 5, then bit 0 ^= row bit 2).
std::vector<std::pair<FixCandidate, uint64_t>> rowAndColumnCandidates(const std::vector<Scored> &All,
                                                                      const CandidateSet &Set) {
  constexpr size_t MaxColumnLayouts = 4;
  std::vector<const Scored *> Cols, Rows;
  for (const Scored &S : All) {
    if (S.C.K != FixCandidate::Swizzle || !S.Rejected.empty() || !S.Improves)
      continue;
    if (S.C.Swz.hasColumnTerm() && !S.C.Swz.Mask && !allIdeal(S.Eval))
      Cols.push_back(&S);
    else if (!S.C.Swz.hasColumnTerm())
      Rows.push_back(&S);
  }
  std::stable_sort(Cols.begin(), Cols.end(),
                   [](const Scored *A, const Scored *B) { return A->Eval.Cost < B->Eval.Cost; });
  if (Cols.size() > MaxColumnLayouts)
    Cols.resize(MaxColumnLayouts);
  std::vector<std::pair<FixCandidate, uint64_t>> Out;
  for (const Scored *C : Cols)
    for (const Scored *R : Rows) {
      if (!composable(R->C.Swz, C->C.Swz))
        continue;
      SwizzleParams P = C->C.Swz;
      P.ColVecElems = C->C.Swz.colUnit();
      P.VecElems = R->C.Swz.VecElems;
      P.Shift = R->C.Swz.Shift;
      P.Mask = R->C.Swz.Mask;
      Out.push_back({FixCandidate::swizzle(P),
                     std::min(R->Lay.SwizzledColumns, C->Lay.SwizzledColumns)});
    }
  (void)Set;
  return Out;
}

} // namespace

std::vector<Scored> scoreCandidates(const PlanInputs &In, const Evaluator &Ev,
                                    const Evaluation &Before, const CandidateSet &Set,
                                    std::vector<std::string> &Considered) {
  std::vector<Scored> All;
  auto Add = [&](Scored S) {
    All.push_back(std::move(S));
    All.back().Order = All.size() - 1;
    Considered.push_back(consideredLine(In, All.back()));
  };
  auto Score = [&](const FixCandidate &C, uint64_t Permuted) {
    Add(scoreCandidate(In, Ev, Before, C, Permuted));
  };
  auto Perfect = [](const Scored &S) {
    return S.Rejected.empty() && S.Improves && allIdeal(S.Eval);
  };
  for (const FixCandidate &C : Set.Pads)
    Score(C, 0);
  for (size_t I = 0; I < Set.Swizzles.size(); ++I) {
    // The layouts with a column term are many; they are needed only when
    // no simpler one is conflict-free on every target and reading.
    if (I == Set.FirstColumnSwizzle && std::any_of(All.begin(), All.end(), Perfect))
      break;
    Score(Set.Swizzles[I], Set.SwizzledColumns[I]);
  }
  // Held until the pads with swizzles are scored, which read the singles
  // only; then listed in this order, so that on equal costs the earlier
  // (simpler, classic) kind of layout keeps winning.
  std::vector<Scored> RowAndColumn, General;
  for (const auto &[C, Permuted] : rowAndColumnCandidates(All, Set))
    RowAndColumn.push_back(scoreCandidate(In, Ev, Before, C, Permuted));
  // The general linear layouts only when no structured swizzle or pad
  // leaves every access conflict-free on every target and reading: they
  // cost a search. Before the pads with swizzles, which a conflict-free
  // general layout makes needless (it costs no LDS).
  if (In.Strat != Strategy::Pad && std::none_of(All.begin(), All.end(), Perfect) &&
      std::none_of(RowAndColumn.begin(), RowAndColumn.end(), Perfect)) {
    std::vector<FixCandidate> Known;
    for (const std::vector<Scored> *V : {&All, &RowAndColumn})
      for (const Scored &S : *V)
        Known.push_back(S.C);
    for (const auto &[C, Permuted] : linearSwizzleCandidates(In, Set, Known, Considered))
      General.push_back(scoreCandidate(In, Ev, Before, C, Permuted));
  }
  if (In.Strat == Strategy::Auto && !Set.Pads.empty() && !Set.Swizzles.empty() &&
      std::none_of(General.begin(), General.end(), Perfect))
    for (const auto &[C, Permuted] : padSwizzleCandidates(All, Set))
      Score(C, Permuted);
  // Last, a pad with a general layout (issue 13 (c)): only when nothing
  // above is conflict-free everywhere, as each pad costs a search. The pads
  // come smallest first, and the first that yields a conflict-free layout
  // ends the search: a wider one could only cost more LDS.
  std::vector<Scored> PadGeneral;
  auto AnyPerfect = [&Perfect](const std::vector<Scored> &V) {
    return std::any_of(V.begin(), V.end(), Perfect);
  };
  if (In.Strat == Strategy::Auto && !Set.Pads.empty() && !AnyPerfect(All) &&
      !AnyPerfect(RowAndColumn) && !AnyPerfect(General)) {
    std::vector<FixCandidate> Known;
    for (const Scored &S : All)
      Known.push_back(S.C);
    std::vector<SwizzleParams> Seeds = linearSeeds(All);
    for (unsigned Pad : padsForLinearSearch(All)) {
      for (const auto &[C, Permuted] :
           linearSwizzleCandidates(In, Set, Known, Considered, Pad, Seeds))
        PadGeneral.push_back(scoreCandidate(In, Ev, Before, C, Permuted));
      if (AnyPerfect(PadGeneral))
        break;
    }
  }
  for (std::vector<Scored> *V : {&RowAndColumn, &General, &PadGeneral})
    for (Scored &S : *V)
      Add(std::move(S));
  return All;
}

} // namespace lds::planner
