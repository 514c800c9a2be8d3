//===- PlanText.cpp - The planner's wording -------------------------------===//

#include "planner/PlanText.h"

#include <cmath>
#include <cstdio>

namespace lds::planner {

static std::string locText(const SourceLoc &L) {
  if (!L.valid())
    return "";
  return L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

std::string accessText(const Access &A) {
  std::string Loc = locText(A.Loc);
  return Loc.empty() ? std::string("a ") + accessKindName(A.Kind)
                     : std::string("the ") + accessKindName(A.Kind) + " at " + Loc;
}

std::string num(double V) {
  if (std::fabs(V - std::round(V)) < 1e-6)
    return std::to_string(static_cast<long long>(std::llround(V)));
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.2f", V);
  std::string S = Buf;
  while (S.back() == '0')
    S.pop_back();
  if (S.back() == '.')
    S.pop_back();
  return S;
}

std::string way(double Degree) { return num(Degree) + "-way"; }

std::string joinNames(const std::vector<std::string> &Names) {
  std::string S;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I)
      S += I + 1 == Names.size() ? " and " : ", ";
    S += Names[I];
  }
  return S;
}

std::string plural(const SharedArray &Array) {
  static const char *const Simple[] = {"float", "double", "int", "short", "long"};
  for (const char *S : Simple)
    if (Array.ElementType == S)
      return Array.ElementType + "s";
  return "elements";
}

std::string elemsText(uint64_t N, const SharedArray &Array) {
  return std::to_string(N) + " " +
         (N == 1 && plural(Array) != "elements" ? Array.ElementType
          : N == 1                              ? std::string("element")
                                                : plural(Array));
}

namespace {
/// "bit 3", "bits 2-5": the Mask-wide field at Shift.
std::string bitsText(unsigned Shift, unsigned Mask) {
  unsigned Bits = 0;
  while ((1u << Bits) <= Mask)
    ++Bits;
  return Bits <= 1 ? "bit " + std::to_string(Shift)
                   : "bits " + std::to_string(Shift) + "-" + std::to_string(Shift + Bits - 1);
}
} // namespace

std::string swizzleDescription(const SwizzleParams &S, unsigned ElemBytes) {
  auto Units = [&](unsigned Elems) { return std::to_string(Elems * ElemBytes) + "-byte units"; };
  std::string Row, Col;
  if (S.Mask)
    Row = bitsText(S.Shift, S.Mask) + " of the row";
  if (S.hasColumnTerm()) {
    for (size_t I = 0; I < S.ColShifts.size(); ++I)
      Col += (I == 0 ? "" : I + 1 == S.ColShifts.size() ? " and " : ", ") +
             bitsText(S.ColShifts[I], S.ColMask);
    Col += " of the unit";
  }
  if (!Row.empty() && !Col.empty() && S.colUnit() != S.VecElems)
    return "XOR-swizzle columns in " + Units(S.VecElems) + " with " + Row + ", and in " +
           Units(S.colUnit()) + " with " + Col;
  return "XOR-swizzle columns in " + Units(Col.empty() ? S.VecElems : S.colUnit()) + " with " +
         Row + (!Row.empty() && !Col.empty() ? " and " : "") + Col;
}

std::string rowsText(const SharedArray &Array, const Layout &Base) {
  if (!Base.Flat)
    return "rows of " + elemsText(Base.RowLength, Array);
  return "'" + Array.Name + "' indexed as r * " + std::to_string(Base.RowLength) + " + c";
}

std::string padText(const SharedArray &Array, const Layout &Base, unsigned P) {
  if (!Base.Flat)
    return "padding rows by " + elemsText(P, Array);
  return "padding the stride " + std::to_string(Base.RowLength) + " of '" + Array.Name + "' to " +
         std::to_string(Base.RowLength + P);
}

std::string candidateText(const FixCandidate &C, const SharedArray &Array, const Layout &Base) {
  std::string Pad = Base.Flat
                        ? "the stride " + std::to_string(Base.RowLength) + " of '" + Array.Name +
                              "' -> " + std::to_string(Base.RowLength + C.PadElems)
                        : "rows " + std::to_string(Base.RowLength) + " -> " +
                              std::to_string(Base.RowLength + C.PadElems) + " " + plural(Array);
  std::string Swz = swizzleDescription(C.Swz, Array.ElementBytes);
  return C.K == FixCandidate::Pad ? Pad : C.K == FixCandidate::Swizzle ? Swz : Pad + " and " + Swz;
}

} // namespace lds::planner
