//===- PlanText.cpp - The planner's wording -------------------------------===//

#include "planner/PlanText.h"

#include <algorithm>
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

namespace {
/// "row bit 3", "unit bits 4-5": a piece's source bits.
std::string sourceText(const SwizzleParams::Piece &P, bool SayKind) {
  std::string Kind = P.From == SwizzleParams::XorTerm::Row ? "row " : "unit ";
  return (SayKind ? Kind : std::string()) +
         (P.Width == 1 ? "bit " + std::to_string(P.Bit)
                       : "bits " + std::to_string(P.Bit) + "-" + std::to_string(P.Bit + P.Width - 1));
}
} // namespace

std::string linearRuleText(const SwizzleParams &S, unsigned ElemBytes) {
  // The diagonal runs as ranges ("bits 0-2 ^= row bits 0-2"), then each
  // destination bit with the single source bits that flip it.
  std::vector<std::string> Parts;
  std::vector<std::vector<SwizzleParams::Piece>> PerDest(32);
  for (const SwizzleParams::Piece &P : S.pieces()) {
    if (P.Width > 1) {
      unsigned T = static_cast<unsigned>(__builtin_ctz(P.Vector));
      Parts.push_back("bits " + std::to_string(T) + "-" + std::to_string(T + P.Width - 1) +
                      " ^= " + sourceText(P, true));
      continue;
    }
    for (unsigned J = 0; J < 32; ++J)
      if (P.Vector >> J & 1)
        PerDest[J].push_back(P);
  }
  // Destination bits flipped by the same sources are said together: "bits
  // 2 and 3 ^= row bit 2" (one source bit times the vector 0b11).
  std::vector<std::pair<std::vector<unsigned>, std::string>> Rules; // dests, sources
  for (unsigned J = 0; J < 32; ++J) {
    if (PerDest[J].empty())
      continue;
    std::string Sources;
    for (size_t I = 0; I < PerDest[J].size(); ++I)
      Sources += (I ? " ^ " : "") + sourceText(PerDest[J][I], I == 0 || PerDest[J][I].From !=
                                                                          PerDest[J][I - 1].From);
    auto Same = std::find_if(Rules.begin(), Rules.end(),
                             [&](const auto &R) { return R.second == Sources; });
    if (Same != Rules.end())
      Same->first.push_back(J);
    else
      Rules.push_back({{J}, Sources});
  }
  for (const auto &[Dests, Sources] : Rules) {
    std::vector<std::string> Names;
    for (unsigned J : Dests)
      Names.push_back(std::to_string(J));
    Parts.push_back((Dests.size() == 1 ? "bit " : "bits ") + joinNames(Names) + " ^= " + Sources);
  }
  std::string Text = std::to_string(S.VecElems * ElemBytes) + "-byte unit ";
  for (size_t I = 0; I < Parts.size(); ++I)
    Text += (I ? ", " : "") + Parts[I];
  return Text;
}

std::string swizzleDescription(const SwizzleParams &S, unsigned ElemBytes) {
  if (S.isLinear())
    return "XOR-swizzle columns by bits (" + linearRuleText(S, ElemBytes) + ")";
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
