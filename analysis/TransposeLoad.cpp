//===- TransposeLoad.cpp - The lane exchange of AMD's LDS transpose loads -===//

#include "analysis/TransposeLoad.h"

namespace lds {

namespace {

// Target, mnemonic, builtin stem, element bytes, elements, vector bytes,
// group lanes, wave size, double contiguity, O (TransposeLoad.h).
const TransposeInstr Instrs[] = {
    {"gfx950", "ds_read_b64_tr_b16", "__builtin_amdgcn_ds_read_tr16_b64", 2, 4, 8, 16, 64, false, 4},
    {"gfx950", "ds_read_b64_tr_b8", "__builtin_amdgcn_ds_read_tr8_b64", 1, 8, 8, 16, 64, false, 2},
    {"gfx1250", "ds_load_tr16_b128", "__builtin_amdgcn_ds_load_tr16_b128", 2, 8, 16, 8, 32, false,
     1},
    {"gfx1250", "ds_load_tr8_b64", "__builtin_amdgcn_ds_load_tr8_b64", 1, 8, 8, 16, 32, true, 2},
};

std::string str(int64_t V) { return std::to_string(V); }

} // namespace

const TransposeInstr *transposeInstrFor(const std::string &Target, unsigned ElementBytes) {
  for (const TransposeInstr &I : Instrs)
    if (Target == I.Target && ElementBytes == I.ElementBytes)
      return &I;
  return nullptr;
}

LaneElement transposeSource(const TransposeInstr &I, unsigned Lane, unsigned Reg) {
  const unsigned G = I.GroupLanes, E = I.Elements;
  unsigned Base = Lane / G * G, In = Lane % G;
  LaneElement Out;
  Out.Element = In % E;
  if (I.DoubleContiguity)
    Out.Lane = Base + Reg % 4 + 4 * ((In / 8) % 2) + 8 * (Reg / 4);
  else
    Out.Lane = Base + (In / E) % I.OtherLanes + I.OtherLanes * Reg;
  return Out;
}

std::vector<std::vector<int64_t>> simulateTranspose(const TransposeInstr &I,
                                                    const std::vector<int64_t> &Addr) {
  std::vector<std::vector<int64_t>> Out(Addr.size(), std::vector<int64_t>(I.Elements));
  for (unsigned L = 0; L < Addr.size(); ++L)
    for (unsigned R = 0; R < I.Elements; ++R) {
      LaneElement S = transposeSource(I, L, R);
      Out[L][R] = Addr[S.Lane] + S.Element;
    }
  return Out;
}

// The inverse of transposeSource at element 0: lane p of a group is read
// by the lanes whose register r = Rows takes its element 0, and lane i of
// those reads column c0 + i % G today; so p's address is row k0 + Rows,
// column c0 + (that i % G), Columns from its own column c0 + p.
LaneShift laneShift(const TransposeInstr &I, unsigned Lane) {
  const int64_t P = Lane % I.GroupLanes;
  LaneShift S;
  if (I.DoubleContiguity) {
    S.Rows = (P & 3) + 4 * (P >> 3);
    S.Columns = 8 * ((P >> 2) & 1) - P;
  } else {
    S.Rows = P / I.OtherLanes;
    S.Columns = int64_t(I.Elements) * (P % I.OtherLanes) - P;
  }
  return S;
}

void laneShiftText(const TransposeInstr &I, const std::string &Lane, std::string &RowText,
                   std::string &ColumnText) {
  const std::string P = "(" + Lane + " & " + str(I.GroupLanes - 1) + "u)";
  if (I.DoubleContiguity) {
    RowText = "((" + Lane + " & 3u) + 4u * ((" + Lane + " >> 3) & 1u))";
    ColumnText = "(int)(8u * ((" + Lane + " >> 2) & 1u)) - (int)" + P;
    return;
  }
  switch (I.OtherLanes) {
  case 1:
    RowText = P;
    ColumnText = "-(int)" + P;
    return;
  case 2:
    RowText = "((" + Lane + " >> 1) & " + str(I.GroupLanes / 2 - 1) + "u)";
    ColumnText = "(int)(" + str(I.Elements) + "u * (" + Lane + " & 1u)) - (int)" + P;
    return;
  default: // 4
    RowText = "((" + Lane + " >> 2) & " + str(I.GroupLanes / 4 - 1) + "u)";
    ColumnText = "(int)(" + str(I.Elements) + "u * (" + Lane + " & 3u)) - (int)" + P;
    return;
  }
}

std::string proveTranspose(const TransposeInstr &I, const std::vector<std::vector<int64_t>> &Orig,
                           int64_t RowStride, uint64_t RowLength, std::vector<int64_t> &Addr) {
  Addr.clear();
  if (Orig.size() % I.GroupLanes)
    return "the wave has " + str(Orig.size()) + " lanes, not whole groups of " +
           str(I.GroupLanes);
  if (RowStride <= 0)
    return "the values a lane reads are not in rows that follow each other";
  if (RowLength && uint64_t(RowStride) != RowLength)
    return "the values a lane reads are " + str(RowStride) + " elements apart, not one row (" +
           str(RowLength) + ")";
  for (unsigned L = 0; L < Orig.size(); ++L) {
    if (Orig[L].size() != I.Elements)
      return "lane " + str(L) + " reads " + str(Orig[L].size()) + " values, " + I.Mnemonic +
             " gives each lane " + str(I.Elements);
    for (unsigned R = 1; R < I.Elements; ++R)
      if (Orig[L][R] - Orig[L][0] != int64_t(R) * RowStride)
        return "lane " + str(L) + " reads elements " + str(Orig[L][0]) + " and " +
               str(Orig[L][R]) + " as values 0 and " + str(R) + ": not " + str(R) +
               " rows of " + str(RowStride) + " apart";
    unsigned G0 = L / I.GroupLanes * I.GroupLanes;
    if (Orig[L][0] - Orig[G0][0] != int64_t(L - G0))
      return "lanes " + str(G0) + " to " + str(G0 + I.GroupLanes - 1) +
             " do not read consecutive columns (lane " + str(L) + " reads element " +
             str(Orig[L][0]) + ", lane " + str(G0) + " element " + str(Orig[G0][0]) + ")";
  }
  for (unsigned L = 0; L < Orig.size(); ++L) {
    LaneShift S = laneShift(I, L);
    int64_t A = Orig[L][0] + S.Rows * RowStride + S.Columns;
    if (A < 0)
      return "lane " + str(L) + "'s vector would start before the array";
    if (A * I.ElementBytes % I.VectorBytes)
      return "lane " + str(L) + "'s vector would start at byte " + str(A * I.ElementBytes) +
             " of the array, not a multiple of " + str(I.VectorBytes) + " (misaligned rows)";
    if (RowLength) {
      int64_t Col = Orig[L][0] % int64_t(RowLength) + S.Columns;
      if (Col < 0 || Col + I.Elements > RowLength)
        return "lane " + str(L) + "'s vector would leave its row (columns " + str(Col) + " to " +
               str(Col + I.Elements - 1) + " of " + str(RowLength) + ")";
    }
    Addr.push_back(A);
  }
  // The proof proper: what each lane receives is what it reads today.
  std::vector<std::vector<int64_t>> Got = simulateTranspose(I, Addr);
  for (unsigned L = 0; L < Orig.size(); ++L)
    for (unsigned R = 0; R < I.Elements; ++R)
      if (Got[L][R] != Orig[L][R]) {
        std::string Why = "lane " + str(L) + " would receive element " + str(Got[L][R]) +
                          " as value " + str(R) + " where it reads element " + str(Orig[L][R]);
        Addr.clear();
        return Why;
      }
  return "";
}

} // namespace lds
