//===- PadLinearCandidates.cpp - Which pads a general layout is tried with ===//
//
// Issue 13 (c): a pad combined with an XOR layout, where that is what
// removes the last conflict. The two do different things: a pad moves row
// r by r * P elements, onto banks no permutation inside the row reaches
// (rows of half a bank cycle all start on bank 0 or on its middle); an XOR
// separates the rows a pad leaves together, those that differ only in bits
// where 2^bit * (L + P) is a multiple of the bank cycle, and the general
// layout does so for any set of such bits, consecutive or not, where a row
// term reads consecutive ones only. So when no pad, no XOR layout and no
// pad with a structured swizzle is conflict-free everywhere, the general
// search also runs under a few pads (LinearSwizzleCandidates.cpp, Pad).
//
//===----------------------------------------------------------------------===//

#include "planner/CandidateScore.h"
#include "planner/Candidates.h"

#include <algorithm>

namespace lds::planner {

namespace {

/// Pads a general layout is searched with, at most: each costs a search.
constexpr size_t MaxPads = 4;

} // namespace

std::vector<unsigned> padsForLinearSearch(const std::vector<Scored> &Singles) {
  // A pad refused for occupancy or capacity stays refused with any XOR
  // (the same LDS); one refused for making an access worse may not be.
  std::vector<const Scored *> Pads;
  for (const Scored &S : Singles)
    if (S.C.K == FixCandidate::Pad && S.Eval.Ok && !S.OccupancyOnly)
      Pads.push_back(&S);
  // The cheapest alone first: what a pad leaves is what the XOR must fix.
  std::stable_sort(Pads.begin(), Pads.end(), [](const Scored *A, const Scored *B) {
    return A->Eval.Cost < B->Eval.Cost - Eps;
  });
  if (Pads.size() > MaxPads)
    Pads.resize(MaxPads);
  std::vector<unsigned> Out;
  for (const Scored *S : Pads)
    Out.push_back(S->C.PadElems);
  // Then smallest first, so that the first pad whose layouts are
  // conflict-free everywhere is the one that costs the least LDS.
  std::sort(Out.begin(), Out.end());
  return Out;
}

} // namespace lds::planner
