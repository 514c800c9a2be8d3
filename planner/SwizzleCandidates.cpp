//===- SwizzleCandidates.cpp - The XOR swizzles tried, and pad + swizzle --===//
//
// Swizzles with every mask 2^k - 1 whose span fits, shifts 0..7, skipping
// those whose top mask bit no row sets; the XOR unit is the widest access
// first, then wider ones. With Strategy::Auto, a pad and a swizzle at once
// when no single candidate is conflict-free everywhere.
//
//===----------------------------------------------------------------------===//

#include "planner/CandidateScore.h"
#include "planner/Candidates.h"
#include "planner/PlanText.h"

#include <algorithm>
#include <set>

namespace lds::planner {

namespace {

/// Shifts of the row tried for a swizzle (further ones are skipped when the
/// row subscript's extent is known and has no such bits).
constexpr unsigned MaxShift = 7;

bool isPow2(uint64_t V) { return V && !(V & (V - 1)); }

/// The swizzles of XOR unit Unit whose span is Span, every shift: none when
/// the span leaves columns that a lane reaches unpermuted.
void addSwizzlesOfSpan(const PlanInputs &In, const ColumnReach &Columns, uint64_t Unit,
                       uint64_t Span, CandidateSet &Set) {
  const uint64_t L = In.Base.RowLength;
  // A span that does not divide the row permutes its first whole
  // spans only: valid when no lane reaches past them.
  const uint64_t Permuted = L / Span * Span;
  if (Permuted != L && (!Columns.Known || Columns.End > Permuted))
    return;
  unsigned Mask = static_cast<unsigned>(Span / Unit - 1);
  for (unsigned Shift = 0; Shift <= MaxShift; ++Shift) {
    if (In.Base.RowExtent) {
      uint64_t MaxRowBits = (In.Base.RowExtent - 1) >> Shift;
      if (MaxRowBits < (uint64_t(Mask) + 1) / 2)
        continue; // the top bit of the mask is never set: a smaller mask
    }
    Set.Swizzles.push_back(FixCandidate::swizzle(Shift, Mask, static_cast<unsigned>(Unit)));
    Set.SwizzledColumns.push_back(Permuted);
  }
}

} // namespace

void addSwizzleCandidates(const PlanInputs &In, const ColumnReach &Columns, CandidateSet &Set,
                          std::vector<std::string> &Considered) {
  const SharedArray &Array = In.Array;
  unsigned MaxWidth = 0;
  for (const Access *A : In.Accesses)
    MaxWidth = std::max(MaxWidth, A->WidthBytes);
  unsigned Vec = 1;
  bool VecOk = true;
  if (MaxWidth > Array.ElementBytes) {
    VecOk = MaxWidth % Array.ElementBytes == 0 && isPow2(MaxWidth / Array.ElementBytes);
    Vec = VecOk ? MaxWidth / Array.ElementBytes : 1;
  }
  if (!VecOk) {
    Set.NoSwizzleWhy = "the widest access (" + std::to_string(MaxWidth) +
                       " B) is not a power-of-two number of elements";
    Considered.push_back("no swizzle: " + Set.NoSwizzleWhy);
  }
  const uint64_t L = In.Base.RowLength;
  // XOR units of the widest access first (the simplest swizzles), then
  // wider ones: when a wave covers a few columns of several rows (a 4x4
  // block on a row-major tile), XORing the low column bits only permutes
  // the columns a row already has, and the rows must be moved apart by
  // whole groups of columns instead.
  for (uint64_t Unit = Vec; VecOk && 2 * Unit <= L; Unit *= 2)
    for (uint64_t Span = 2 * Unit; Span <= L; Span *= 2)
      addSwizzlesOfSpan(In, Columns, Unit, Span, Set);
  if (VecOk && Set.Swizzles.empty())
    Set.NoSwizzleWhy = "no XOR swizzle fits " + rowsText(Array, In.Base) + ": the " +
                       (In.Base.Flat ? "stride" : "row length") +
                       " must be a multiple of the XOR span (2, 4, 8, ...), or "
                       "every access stay in the columns of the whole spans";
}

std::vector<std::pair<FixCandidate, uint64_t>>
padSwizzleCandidates(const std::vector<Scored> &Singles, const CandidateSet &Set) {
  // Both at once, when no single candidate leaves every access
  // conflict-free under every reading: otherwise a second --fix on the
  // result would find the pad (or swizzle) this run did not write. A second
  // run starts from the chosen single candidate, one that improves: each
  // admissible swizzle that improves is combined with every pad, each
  // admissible pad that improves with every swizzle.
  std::vector<std::pair<FixCandidate, uint64_t>> Out;
  for (const Scored &S : Singles)
    if (S.Rejected.empty() && S.Improves && allIdeal(S.Eval))
      return Out;
  const std::vector<FixCandidate> &Pads = Set.Pads, &Swizzles = Set.Swizzles;
  std::set<std::pair<unsigned, size_t>> Tried; // (pad, swizzle index)
  for (size_t I = 0; I < Singles.size(); ++I) {
    if (!Singles[I].Rejected.empty() || !Singles[I].Improves)
      continue;
    bool IsPad = I < Pads.size();
    for (size_t J = 0; J < (IsPad ? Swizzles.size() : Pads.size()); ++J) {
      size_t Swz = IsPad ? J : I - Pads.size();
      unsigned Pad = IsPad ? Singles[I].C.PadElems : Pads[J].PadElems;
      if (Tried.insert({Pad, Swz}).second)
        Out.push_back({FixCandidate::padSwizzle(Pad, Swizzles[Swz].Swz), Set.SwizzledColumns[Swz]});
    }
  }
  return Out;
}

} // namespace lds::planner
