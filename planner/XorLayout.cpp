//===- XorLayout.cpp - The general linear XOR layout's own rules ----------===//
//
// SwizzleParams' general form (FixPlanner.h): which bits it reads, how far
// it repeats, and the validity that makes it a bijection. The structured
// forms (row term, column terms) answer here too, so that callers need not
// tell them apart.
//
//===----------------------------------------------------------------------===//

#include "planner/FixPlanner.h"

#include <algorithm>

namespace lds {

namespace {

unsigned topBit(uint64_t V) { return 63 - static_cast<unsigned>(__builtin_clzll(V)); }

} // namespace

bool SwizzleParams::readsColumn() const {
  if (!isLinear())
    return hasColumnTerm();
  return std::any_of(Terms.begin(), Terms.end(),
                     [](const XorTerm &T) { return T.From == XorTerm::Unit; });
}

bool SwizzleParams::readsRow() const {
  if (!isLinear())
    return Mask != 0;
  return std::any_of(Terms.begin(), Terms.end(),
                     [](const XorTerm &T) { return T.From == XorTerm::Row; });
}

uint64_t SwizzleParams::rowPeriod() const {
  if (!isLinear())
    return (uint64_t(Mask) + 1) << Shift;
  unsigned Top = 0;
  bool Any = false;
  for (const XorTerm &T : Terms)
    if (T.From == XorTerm::Row) {
      Top = std::max(Top, T.Bit);
      Any = true;
    }
  return Any ? uint64_t(1) << (Top + 1) : 1;
}

uint64_t SwizzleParams::spanUnits() const {
  unsigned Top = 0;
  for (const XorTerm &T : Terms) {
    if (T.Vector)
      Top = std::max(Top, topBit(T.Vector));
    if (T.From == XorTerm::Unit)
      Top = std::max(Top, T.Bit);
  }
  return uint64_t(1) << (Top + 1);
}

bool SwizzleParams::validLinear() const {
  if (!isLinear() || Shift || Mask || !ColShifts.empty() || ColMask || ColVecElems)
    return false;
  unsigned TopDest = 0, LowSource = 64;
  for (size_t I = 0; I < Terms.size(); ++I) {
    const XorTerm &T = Terms[I];
    if (!T.Vector || T.Bit >= 32 || T.Vector >= (1u << 16))
      return false;
    TopDest = std::max(TopDest, topBit(T.Vector));
    if (T.From == XorTerm::Unit)
      LowSource = std::min(LowSource, T.Bit);
    for (size_t J = 0; J < I; ++J)
      if (Terms[J].From == T.From && Terms[J].Bit == T.Bit)
        return false;
  }
  // Unitriangular: u's bits that are read are above every bit changed.
  return LowSource > TopDest;
}

std::vector<SwizzleParams::Piece> SwizzleParams::pieces() const {
  std::vector<XorTerm> Sorted = Terms;
  std::stable_sort(Sorted.begin(), Sorted.end(), [](const XorTerm &A, const XorTerm &B) {
    return std::make_pair(A.From, A.Bit) < std::make_pair(B.From, B.Bit);
  });
  auto OneBit = [](unsigned V) { return V && !(V & (V - 1)); };
  std::vector<Piece> Out;
  for (size_t I = 0; I < Sorted.size();) {
    const XorTerm &T = Sorted[I];
    size_t J = I + 1;
    while (OneBit(T.Vector) && J < Sorted.size() && Sorted[J].From == T.From &&
           Sorted[J].Bit == Sorted[J - 1].Bit + 1 && Sorted[J].Vector == Sorted[J - 1].Vector << 1)
      ++J;
    Out.push_back({T.From, T.Bit, static_cast<unsigned>(J - I), T.Vector});
    I = J;
  }
  return Out;
}

} // namespace lds
