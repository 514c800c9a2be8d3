//===- PadCandidates.cpp - The row paddings tried, smallest first ---------===//
//
// Pads P = k * step for k = 1, 2, ..., where step keeps the widest access
// aligned (a float4 read of a float array: 4), up to one bank cycle of the
// widest bank model (banks * 4 B / element size) and at most L
// (PlanOptions::MaxPad overrides).
//
//===----------------------------------------------------------------------===//

#include "planner/Candidates.h"

#include <algorithm>
#include <numeric>

namespace lds::planner {

/// Alignment that the widest access needs, as a number of elements of pad.
static unsigned padStep(const std::vector<const Access *> &Accesses, unsigned ElemBytes) {
  unsigned Step = 1;
  for (const Access *A : Accesses) {
    unsigned Align = A->WidthBytes & (~A->WidthBytes + 1); // lowest set bit
    if (Align > ElemBytes && ElemBytes)
      Step = std::max(Step, Align / std::gcd(Align, ElemBytes));
  }
  return Step;
}

std::vector<FixCandidate> padCandidates(const PlanInputs &In) {
  unsigned MaxBanks = 0;
  for (const TargetModel *T : In.Targets)
    for (const BankRule &R : T->Rules) {
      MaxBanks = std::max(MaxBanks, R.Banks);
      for (const BankRule &Alt : R.Alternatives)
        MaxBanks = std::max(MaxBanks, Alt.Banks);
    }
  uint64_t Bound = std::max<uint64_t>(1, MaxBanks * 4 / In.Array.ElementBytes);
  Bound = std::min<uint64_t>(Bound, In.Base.RowLength);
  if (In.Opts.MaxPad)
    Bound = In.Opts.MaxPad;
  unsigned Step = padStep(In.Accesses, In.Array.ElementBytes);
  Bound = std::max<uint64_t>(Bound, Step);
  std::vector<FixCandidate> Pads;
  for (uint64_t P = Step; P <= Bound; P += Step)
    Pads.push_back(FixCandidate::pad(static_cast<unsigned>(P)));
  return Pads;
}

} // namespace lds::planner
