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
// search also runs under a few pads (LinearSwizzleCandidates.cpp, Pad),
// its greedy construction also starting from the best structured layouts:
// a second --fix on a pad with a row swizzle used to find the term missing.
//
//===----------------------------------------------------------------------===//

#include "planner/CandidateScore.h"
#include "planner/Candidates.h"

#include <algorithm>

namespace lds::planner {

namespace {

/// Pads a general layout is searched with, at most: each costs a search.
constexpr size_t MaxPads = 4;
/// Layouts the greedy construction also starts from.
constexpr size_t MaxSeeds = 2;

} // namespace

std::vector<unsigned> padsForLinearSearch(const std::vector<Scored> &Singles) {
  // A pad refused for occupancy or capacity stays refused with any XOR
  // (the same LDS); one refused for making an access worse may not be, and
  // one that is poor alone may be what the XOR needs (row2col: pad 4 alone
  // is 8-way, with the right XOR 1-way): so the smallest, not the cheapest.
  std::vector<unsigned> Out;
  for (const Scored &S : Singles)
    if (S.C.K == FixCandidate::Pad && S.Eval.Ok && !S.OccupancyOnly)
      Out.push_back(S.C.PadElems);
  std::sort(Out.begin(), Out.end());
  if (Out.size() > MaxPads)
    Out.resize(MaxPads);
  return Out;
}

std::vector<SwizzleParams> linearSeeds(const std::vector<Scored> &Scored) {
  std::vector<const planner::Scored *> Best;
  for (const planner::Scored &S : Scored)
    if (S.C.swizzles() && S.Rejected.empty() && S.Improves)
      Best.push_back(&S);
  std::stable_sort(Best.begin(), Best.end(), [](const planner::Scored *A, const planner::Scored *B) {
    return A->Eval.Cost < B->Eval.Cost - Eps;
  });
  std::vector<SwizzleParams> Out;
  for (size_t I = 0; I < Best.size() && I < MaxSeeds; ++I)
    Out.push_back(Best[I]->C.Swz);
  return Out;
}

} // namespace lds::planner
