//===- Relayout.cpp - A candidate's layout, addresses and bijection check ===//
//
// The geometry of FixPlanner.h ("Layouts"): the new shape of the array
// under a pad or swizzle (layoutOf), the byte offset of an access under it
// (relayout), and the check that the new layout maps the elements
// one-to-one (isBijection).
//
//===----------------------------------------------------------------------===//

#include "analysis/LaneEvaluator.h"
#include "planner/FixPlanner.h"

#include <algorithm>
#include <map>
#include <optional>

namespace lds {

namespace {

/// Elements enumerated by isBijection at most.
constexpr uint64_t MaxEnumerated = uint64_t(1) << 24;

// ---- 64-bit expression builders ---------------------------------------------

ExprRef c64(int64_t V) { return LaneExpr::constant(V, IntType::i64()); }
ExprRef to64(const ExprRef &E) { return LaneExpr::cast(E, IntType::i64()); }
ExprRef op64(BinaryOp Op, ExprRef A, ExprRef B) {
  return LaneExpr::binary(Op, std::move(A), std::move(B), IntType::i64());
}
/// A * K, leaving out multiplications by 1 and terms times 0.
ExprRef scaled(const ExprRef &A, int64_t K) { return K == 1 ? A : op64(BinaryOp::Mul, A, c64(K)); }
ExprRef sum(const ExprRef &A, const ExprRef &B) {
  if (!A)
    return B;
  if (B->isConstant() && B->Value == 0)
    return A;
  return op64(BinaryOp::Add, A, B);
}

unsigned log2Of(unsigned V) {
  unsigned L = 0;
  while ((1u << L) < V)
    ++L;
  return L;
}

/// col ^ ((XOR over terms of ((source >> bit) & 1) * vector) * VecElems):
/// the general layout's column. Each term is one bit times its vector, so
/// the products never carry and XOR adds them over GF(2).
ExprRef linearColumn(const SwizzleParams &Z, const ExprRef &Row, const ExprRef &Col) {
  const unsigned Log2Unit = log2Of(Z.VecElems);
  ExprRef Flip;
  for (const SwizzleParams::XorTerm &T : Z.Terms) {
    const bool FromRow = T.From == SwizzleParams::XorTerm::Row;
    const unsigned By = FromRow ? T.Bit : T.Bit + Log2Unit;
    const ExprRef &Src = FromRow ? Row : Col;
    ExprRef Bit = op64(BinaryOp::And, By ? op64(BinaryOp::Shr, Src, c64(By)) : Src, c64(1));
    ExprRef Term = scaled(Bit, T.Vector);
    Flip = Flip ? op64(BinaryOp::Xor, Flip, Term) : Term;
  }
  return Flip ? op64(BinaryOp::Xor, Col, scaled(Flip, Z.VecElems)) : Col;
}

} // namespace

FixCandidate FixCandidate::pad(unsigned Elems) {
  FixCandidate C;
  C.K = Pad;
  C.PadElems = Elems;
  return C;
}

FixCandidate FixCandidate::swizzle(unsigned Shift, unsigned Mask, unsigned VecElems) {
  FixCandidate C;
  C.K = Swizzle;
  C.Swz = {Shift, Mask, VecElems};
  return C;
}

FixCandidate FixCandidate::swizzle(const SwizzleParams &S) {
  FixCandidate C;
  C.K = Swizzle;
  C.Swz = S;
  return C;
}

FixCandidate FixCandidate::padSwizzle(unsigned Elems, const SwizzleParams &S) {
  FixCandidate C;
  C.K = PadSwizzle;
  C.PadElems = Elems;
  C.Swz = S;
  return C;
}

/// "swizzle linear * 4: row3->5 unit7->2": the general layout's terms as
/// (source, bit, vector), in the order they are held.
static std::string linearStr(const SwizzleParams &Swz) {
  std::string S = "swizzle linear * " + std::to_string(Swz.VecElems) + ":";
  for (const SwizzleParams::XorTerm &T : Swz.Terms)
    S += std::string(" ") + (T.From == SwizzleParams::XorTerm::Row ? "row" : "unit") +
         std::to_string(T.Bit) + "->" + std::to_string(T.Vector);
  return S;
}

std::string FixCandidate::str() const {
  std::string Pad = "pad +" + std::to_string(PadElems);
  if (Swz.isLinear())
    return K == FixCandidate::Pad        ? Pad
           : K == FixCandidate::Swizzle ? linearStr(Swz)
                                        : Pad + ", " + linearStr(Swz);
  std::string Swizzle = "swizzle ((row >> " + std::to_string(Swz.Shift) + ") & " +
                        std::to_string(Swz.Mask) + ") * " + std::to_string(Swz.VecElems);
  for (unsigned S : Swz.hasColumnTerm() ? Swz.ColShifts : std::vector<unsigned>())
    Swizzle += " ^ ((unit >> " + std::to_string(S) + ") & " + std::to_string(Swz.ColMask) + ")";
  if (Swz.hasColumnTerm() && Swz.colUnit() != Swz.VecElems)
    Swizzle += " * " + std::to_string(Swz.colUnit());
  return K == FixCandidate::Pad ? Pad : K == FixCandidate::Swizzle ? Swizzle : Pad + ", " + Swizzle;
}

const char *FixCandidate::noun(Kind K) {
  return K == Pad ? "padding" : K == Swizzle ? "a swizzle" : "padding with a swizzle";
}

Layout layoutOf(const SharedArray &Array, const FixCandidate &C, uint64_t FlatRowLength,
                uint64_t Rows) {
  Layout L;
  const uint64_t P = C.pads() ? C.PadElems : 0;
  const std::vector<uint64_t> &Dims = Array.Dims;
  const bool Unsized = Array.Dynamic || (!Dims.empty() && Dims[0] == 0);
  if (Dims.empty()) {
    L.Why = "'" + Array.Name + "' is not an array";
    return L;
  }
  if (FlatRowLength) {
    if (Dims.size() != 1) {
      L.Why = "'" + Array.Name + "' has " + std::to_string(Dims.size()) +
              " dimensions but is indexed as a flat row-major array";
      return L;
    }
    L.Flat = true;
    L.RowLength = FlatRowLength;
    L.NewRowLength = FlatRowLength + P;
    L.Elems = Unsized ? Rows * FlatRowLength : Dims[0];
    L.Rows = (L.Elems + FlatRowLength - 1) / FlatRowLength;
    L.RowExtent = L.Rows;
    L.NewElems = L.Elems + L.Rows * P;
    L.NewDims = {Unsized ? 0 : L.NewElems};
    L.Ok = true;
    return L;
  }
  if (Dims.size() < 2) {
    L.Why = "'" + Array.Name + "' is one-dimensional and not indexed as row * W + column";
    return L;
  }
  for (size_t D = 1; D < Dims.size(); ++D)
    if (Dims[D] == 0) {
      L.Why = "an inner extent of '" + Array.Name + "' is not known";
      return L;
    }
  L.RowLength = Dims.back();
  L.NewRowLength = Dims.back() + P;
  L.RowExtent = Dims[Dims.size() - 2];
  uint64_t Outer = Dims[0] ? Dims[0] : Rows;
  if (Dims.size() == 2 && !Dims[0])
    L.RowExtent = Rows;
  uint64_t RowsTotal = Outer;
  for (size_t D = 1; D + 1 < Dims.size(); ++D)
    RowsTotal *= Dims[D];
  L.Rows = RowsTotal;
  L.Elems = RowsTotal * L.RowLength;
  L.NewElems = RowsTotal * L.NewRowLength;
  L.NewDims = Dims;
  L.NewDims.back() = L.NewRowLength;
  L.Ok = true;
  return L;
}

ExprRef relayout(const SharedArray &Array, const Access &A, const FixCandidate &C) {
  const Subscripts &S = A.Subs;
  if (!S.Valid || S.Index.empty())
    return nullptr;
  for (const ExprRef &E : S.Index)
    if (!E)
      return nullptr;
  Layout L = layoutOf(Array, C, S.FlatRowLength, 0);
  if (!L.Ok)
    return nullptr;
  const size_t N = S.Index.size();
  if (L.Flat ? N != 2 : N != Array.Dims.size())
    return nullptr;

  std::vector<ExprRef> Idx;
  for (const ExprRef &E : S.Index)
    Idx.push_back(to64(E));
  if (C.swizzles() && C.Swz.isLinear()) {
    Idx[N - 1] = linearColumn(C.Swz, Idx[N - 2], Idx[N - 1]);
  } else if (C.swizzles()) {
    const SwizzleParams &Z = C.Swz;
    ExprRef Row = Idx[N - 2], Col = Idx[N - 1];
    ExprRef RowBits, ColBits;
    if (Z.Mask)
      RowBits = op64(BinaryOp::And, Z.Shift ? op64(BinaryOp::Shr, Row, c64(Z.Shift)) : Row,
                     c64(Z.Mask));
    unsigned Log2Unit = 0;
    while ((1u << Log2Unit) < Z.colUnit())
      ++Log2Unit;
    for (unsigned S : Z.hasColumnTerm() ? Z.ColShifts : std::vector<unsigned>()) {
      unsigned By = S + Log2Unit;
      ExprRef Field =
          op64(BinaryOp::And, By ? op64(BinaryOp::Shr, Col, c64(By)) : Col, c64(Z.ColMask));
      ColBits = ColBits ? op64(BinaryOp::Xor, ColBits, Field) : Field;
    }
    // One unit: ((row bits) ^ (column bits)) * unit, as it is written.
    ExprRef Term;
    if (RowBits && ColBits && Z.colUnit() == Z.VecElems)
      Term = scaled(op64(BinaryOp::Xor, RowBits, ColBits), Z.VecElems);
    else if (RowBits && ColBits)
      Term = op64(BinaryOp::Xor, scaled(RowBits, Z.VecElems), scaled(ColBits, Z.colUnit()));
    else if (RowBits)
      Term = scaled(RowBits, Z.VecElems);
    else if (ColBits)
      Term = scaled(ColBits, Z.colUnit());
    if (Term)
      Idx[N - 1] = op64(BinaryOp::Xor, Col, Term);
  }

  // Element strides of the new layout, innermost last.
  std::vector<int64_t> Stride(N, 1);
  if (L.Flat)
    Stride[0] = static_cast<int64_t>(L.NewRowLength);
  else
    for (size_t D = N - 1; D-- > 0;)
      Stride[D] = Stride[D + 1] * static_cast<int64_t>(L.NewDims[D + 1]);

  ExprRef Elem;
  for (size_t D = 0; D < N; ++D)
    Elem = sum(Elem, scaled(Idx[D], Stride[D]));
  ExprRef Bytes = scaled(Elem, Array.ElementBytes);
  if (S.InnerBytes)
    Bytes = sum(Bytes, to64(S.InnerBytes));
  return Bytes;
}

namespace {

/// The extents isBijection enumerates, innermost last: rows by W for a flat
/// array, else the declared extents (Rows for an unsized outermost one).
std::vector<uint64_t> enumeratedExtents(const SharedArray &Array, const Layout &L,
                                        uint64_t FlatRowLength, uint64_t Rows) {
  std::vector<uint64_t> Extents;
  if (L.Flat)
    Extents = {L.Rows, FlatRowLength};
  else {
    Extents = Array.Dims;
    if (!Extents[0])
      Extents[0] = Rows;
  }
  return Extents;
}

/// The byte offset under C of element [Names[0]][Names[1]]...: one symbol
/// per subscript. Null if such subscripts do not fit the array.
ExprRef probeOffset(const SharedArray &Array, const FixCandidate &C, uint64_t FlatRowLength,
                    size_t N, std::vector<std::string> &Names) {
  Access Probe;
  Probe.Subs.Valid = true;
  Probe.Subs.FlatRowLength = FlatRowLength;
  for (size_t D = 0; D < N; ++D) {
    Names.push_back("__sub" + std::to_string(D));
    Probe.Subs.Index.push_back(LaneExpr::symbol(Names.back(), IntType::i64()));
  }
  return relayout(Array, Probe, C);
}

/// "element [2][5]"
std::string elementName(const std::vector<uint64_t> &Sub) {
  std::string S;
  for (uint64_t V : Sub)
    S += "[" + std::to_string(V) + "]";
  return "element " + S;
}

/// The new storage as isBijection fills it, element by element in order.
class NewStorage {
public:
  NewStorage(uint64_t NewElems, int64_t ElemBytes, unsigned Vec)
      : Taken(NewElems, false), ElemBytes(ElemBytes), Vec(Vec) {}

  /// Element Sub lands at byte Byte of the new layout: why that breaks the
  /// bijection, or "".
  std::string place(const std::vector<uint64_t> &Sub, int64_t Byte) {
    if (Byte % ElemBytes != 0)
      return elementName(Sub) + " maps to byte " + std::to_string(Byte) +
             ", not on an element boundary";
    int64_t New = Byte / ElemBytes;
    if (New < 0 || static_cast<uint64_t>(New) >= Taken.size())
      return elementName(Sub) + " maps to element " + std::to_string(New) + ", outside the " +
             std::to_string(Taken.size()) + " elements of the new layout";
    if (Taken[New])
      return elementName(Sub) + " maps to element " + std::to_string(New) +
             ", which another element already took";
    Taken[New] = true;
    if (Sub.back() % Vec != 0 && New != Previous + 1)
      return elementName(Sub) + " is separated from its group of " + std::to_string(Vec) +
             " elements";
    Previous = New;
    return "";
  }

private:
  std::vector<bool> Taken;
  int64_t ElemBytes;
  unsigned Vec;
  int64_t Previous = -1;
};

} // namespace

bool isBijection(const SharedArray &Array, const FixCandidate &C, uint64_t FlatRowLength,
                 uint64_t Rows, std::string *Why, uint64_t Columns) {
  auto Fail = [Why](const std::string &S) {
    if (Why)
      *Why = S;
    return false;
  };
  Layout L = layoutOf(Array, C, FlatRowLength, Rows);
  if (!L.Ok)
    return Fail(L.Why);
  if (L.Elems == 0)
    return Fail("the number of rows of '" + Array.Name + "' is not known");
  if (L.Elems > MaxEnumerated || L.NewElems > MaxEnumerated)
    return Fail("'" + Array.Name + "' is too large to enumerate");

  const std::vector<uint64_t> Extents = enumeratedExtents(Array, L, FlatRowLength, Rows);
  const size_t N = Extents.size();
  std::vector<std::string> Names;
  ExprRef Offset = probeOffset(Array, C, FlatRowLength, N, Names);
  if (!Offset)
    return Fail("the subscripts do not fit '" + Array.Name + "'");

  const unsigned Vec = C.swizzles() ? std::max(C.Swz.VecElems, 1u) : 1;
  // Columns no access reaches (past a swizzle's last whole span) are not
  // enumerated: nothing is stored there.
  const uint64_t RowLen = Extents[N - 1];
  const uint64_t Used = Columns && Columns < RowLen ? Columns : RowLen;
  NewStorage Storage(L.NewElems, Array.ElementBytes, Vec);
  std::map<std::string, int64_t> Values;
  LaneEnv Env;
  Env.Symbols = &Values;
  std::vector<uint64_t> Sub(N, 0);
  for (uint64_t Linear = 0; Linear < L.Elems; ++Linear) {
    uint64_t Rest = Linear;
    for (size_t D = N; D-- > 0;) {
      Sub[D] = Rest % Extents[D];
      Rest /= Extents[D];
      Values[Names[D]] = static_cast<int64_t>(Sub[D]);
    }
    if (Sub[N - 1] >= Used)
      continue;
    std::string EvalWhy;
    std::optional<int64_t> Byte = LaneEvaluator::eval(*Offset, Env, &EvalWhy);
    if (!Byte)
      return Fail(elementName(Sub) + ": " + EvalWhy);
    std::string Broken = Storage.place(Sub, *Byte);
    if (!Broken.empty())
      return Fail(Broken);
  }
  return true;
}

} // namespace lds
