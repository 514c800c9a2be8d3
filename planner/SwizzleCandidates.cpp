//===- SwizzleCandidates.cpp - The XOR swizzles tried, and pad + swizzle --===//
//
// Swizzles with every mask 2^k - 1 whose span fits, shifts 0..7, skipping
// those whose top mask bit no row sets; the XOR unit is the widest access
// first, then wider ones. Then the same with a column term (higher bits of
// the unit XORed into its low bits), alone and with each row term. With Strategy::Auto, a pad and a swizzle at once
// when no single candidate is conflict-free everywhere.
//
//===----------------------------------------------------------------------===//

#include "planner/CandidateScore.h"
#include "planner/Candidates.h"
#include "planner/PlanText.h"

#include <algorithm>
#include <optional>
#include <set>

namespace lds::planner {

namespace {

/// Shifts of the row tried for a swizzle (further ones are skipped when the
/// row subscript's extent is known and has no such bits).
constexpr unsigned MaxShift = 7;
/// Column terms: shifts chosen among at most this many bits, at most
/// MaxParityBits of them at once (the parity of two bits separates 8-lane
/// and 16-lane groups together: bit 0 ^= bit 3 ^ bit 4).
constexpr unsigned MaxColumnShifts = 6;
constexpr unsigned MaxParityBits = 2;
/// Pad and swizzle at once: the swizzles with a column term combined with
/// the pads are the best few of them only (they are many).
constexpr size_t MaxColumnSwizzlesPadded = 8;

bool isPow2(uint64_t V) { return V && !(V & (V - 1)); }

/// Whether some row sets the top bit of (row >> Shift) & Mask; if none
/// does, a smaller mask is the same layout.
bool rowsReachTopBit(const PlanInputs &In, unsigned Shift, unsigned Mask) {
  return !In.Base.RowExtent || ((In.Base.RowExtent - 1) >> Shift) >= (uint64_t(Mask) + 1) / 2;
}

/// The swizzles of XOR unit Unit whose span is Span, every shift.
void addSwizzlesOfSpan(const PlanInputs &In, const ColumnReach &Columns, uint64_t Unit,
                       uint64_t Span, CandidateSet &Set) {
  std::optional<uint64_t> Permuted = permutedColumns(In, Columns, Span);
  if (!Permuted)
    return;
  unsigned Mask = static_cast<unsigned>(Span / Unit - 1);
  for (unsigned Shift = 0; Shift <= MaxShift; ++Shift) {
    if (!rowsReachTopBit(In, Shift, Mask))
      continue;
    Set.Swizzles.push_back(FixCandidate::swizzle(Shift, Mask, static_cast<unsigned>(Unit)));
    Set.SwizzledColumns.push_back(*Permuted);
  }
}

/// The layouts that XOR higher bits of the unit into its low bits, alone
/// and with a row term of the same width: `chunk ^= (chunk >> 3) & 1`
/// separates lanes that read one row 8 chunks apart (a GEMM's B tile, where
/// every lane of a wave reads the same row and no row term can help). The
/// column bits read are above the bits changed (ColShift >= the width), so
/// each aligned group of Span columns is permuted onto itself.
void addColumnSwizzlesOfSpan(const PlanInputs &In, const ColumnReach &Columns, uint64_t Unit,
                             uint64_t Span, CandidateSet &Set) {
  std::optional<uint64_t> Permuted = permutedColumns(In, Columns, Span);
  if (!Permuted)
    return;
  const uint64_t Units = *Permuted / Unit;
  unsigned UnitBits = 0; // bits that number the permuted units
  while ((uint64_t(1) << UnitBits) < Units)
    ++UnitBits;
  const unsigned Mask = static_cast<unsigned>(Span / Unit - 1);
  unsigned Width = 0;
  while ((1u << Width) <= Mask)
    ++Width;
  // Every set of shifts in [Width, UnitBits - Width], one shift first: the
  // parity of several bits (bit 0 ^= bit 3 ^ bit 4) is what separates the
  // lanes of one row on 8-lane and 16-lane groups at once.
  if (UnitBits < 2 * Width)
    return;
  const unsigned Shifts = UnitBits - 2 * Width + 1;
  if (Shifts > MaxColumnShifts)
    return;
  std::vector<std::vector<unsigned>> Sets;
  for (unsigned Bits = 1; Bits < (1u << Shifts); ++Bits) {
    if (static_cast<unsigned>(__builtin_popcount(Bits)) > MaxParityBits)
      continue;
    std::vector<unsigned> Set;
    for (unsigned I = 0; I < Shifts; ++I)
      if (Bits & (1u << I))
        Set.push_back(Width + I);
    Sets.push_back(std::move(Set));
  }
  std::stable_sort(Sets.begin(), Sets.end(),
                   [](const auto &A, const auto &B) { return A.size() < B.size(); });
  for (const std::vector<unsigned> &ColShifts : Sets) {
    SwizzleParams P;
    P.VecElems = static_cast<unsigned>(Unit);
    P.ColShifts = ColShifts;
    P.ColMask = Mask;
    Set.Swizzles.push_back(FixCandidate::swizzle(P));
    Set.SwizzledColumns.push_back(*Permuted);
    for (unsigned Shift = 0; Shift <= MaxShift; ++Shift) {
      if (!rowsReachTopBit(In, Shift, Mask))
        continue;
      P.Shift = Shift;
      P.Mask = Mask;
      Set.Swizzles.push_back(FixCandidate::swizzle(P));
      Set.SwizzledColumns.push_back(*Permuted);
    }
  }
}

} // namespace

// A span that does not divide the row is valid only when every lane stays
// inside the whole spans.
std::optional<uint64_t> permutedColumns(const PlanInputs &In, const ColumnReach &Columns,
                                        uint64_t Span) {
  const uint64_t L = In.Base.RowLength;
  const uint64_t Permuted = L / Span * Span;
  if (Permuted == 0 || (Permuted != L && (!Columns.Known || Columns.End > Permuted)))
    return std::nullopt;
  return Permuted;
}

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
  Set.SwizzleVec = VecOk ? Vec : 0;
  Set.Reach = Columns;
  // XOR units of the widest access first (the simplest swizzles), then
  // wider ones: when a wave covers a few columns of several rows (a 4x4
  // block on a row-major tile), XORing the low column bits only permutes
  // the columns a row already has, and the rows must be moved apart by
  // whole groups of columns instead.
  for (uint64_t Unit = Vec; VecOk && 2 * Unit <= L; Unit *= 2)
    for (uint64_t Span = 2 * Unit; Span <= L; Span *= 2)
      addSwizzlesOfSpan(In, Columns, Unit, Span, Set);
  // Then the column terms, after every row swizzle: among layouts of equal
  // cost the classic one is chosen (one XOR of the row, as CUTLASS writes it).
  Set.FirstColumnSwizzle = Set.Swizzles.size();
  for (uint64_t Unit = Vec; VecOk && 2 * Unit <= L; Unit *= 2)
    for (uint64_t Span = 2 * Unit; Span <= L; Span *= 2)
      addColumnSwizzlesOfSpan(In, Columns, Unit, Span, Set);
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
  // The swizzles scored (the column ones may not have been).
  const size_t Scored = std::min(Swizzles.size(), Singles.size() - Pads.size());
  // The swizzles combined with pads: every row swizzle; of those with a
  // column term, the few lowest-cost ones that improve.
  std::vector<size_t> Combined;
  std::vector<size_t> ColumnOnes;
  for (size_t J = 0; J < Scored; ++J) {
    if (J < Set.FirstColumnSwizzle) {
      Combined.push_back(J);
      continue;
    }
    const auto &S = Singles[Pads.size() + J];
    if (S.Rejected.empty() && S.Improves)
      ColumnOnes.push_back(J);
  }
  std::stable_sort(ColumnOnes.begin(), ColumnOnes.end(), [&](size_t A, size_t B) {
    return Singles[Pads.size() + A].Eval.Cost < Singles[Pads.size() + B].Eval.Cost;
  });
  if (ColumnOnes.size() > MaxColumnSwizzlesPadded)
    ColumnOnes.resize(MaxColumnSwizzlesPadded);
  Combined.insert(Combined.end(), ColumnOnes.begin(), ColumnOnes.end());
  std::set<size_t> CombinedSet(Combined.begin(), Combined.end());
  std::set<std::pair<unsigned, size_t>> Tried; // (pad, swizzle index)
  for (size_t I = 0; I < Singles.size(); ++I) {
    if (!Singles[I].Rejected.empty() || !Singles[I].Improves)
      continue;
    bool IsPad = I < Pads.size();
    if (!IsPad && !CombinedSet.count(I - Pads.size()))
      continue;
    for (size_t J = 0; J < (IsPad ? Combined.size() : Pads.size()); ++J) {
      size_t Swz = IsPad ? Combined[J] : I - Pads.size();
      unsigned Pad = IsPad ? Singles[I].C.PadElems : Pads[J].PadElems;
      if (Tried.insert({Pad, Swz}).second)
        Out.push_back({FixCandidate::padSwizzle(Pad, Swizzles[Swz].Swz), Set.SwizzledColumns[Swz]});
    }
  }
  return Out;
}

} // namespace lds::planner
