//===- TransposeLoadTest.cpp - The transpose loads' lane exchange ---------===//
//
// The lanes of TransposeLoad.h's sources: Triton's 16 x 4 diagram of
// ds_read_b64_tr_b16 (LinearLayoutConversions.cpp: T0 reads M0-3 of K0, T4
// M0-3 of K1, ...; lane i then holds M_i of K0-3), the 8 x 8 transpose of
// ds_load_tr16_b128, and the proofs and refusals of proveTranspose.
//
//===----------------------------------------------------------------------===//

#include "analysis/TransposeLoad.h"

#include <gtest/gtest.h>

#include <set>

using namespace lds;

namespace {

std::pair<unsigned, unsigned> src(const TransposeInstr *I, unsigned L, unsigned R) {
  LaneElement S = transposeSource(*I, L, R);
  return {S.Lane, S.Element};
}

/// Every lane reads Elements values down a column: lane l of group g reads
/// rows RowOf(g) + r, column ColOf(l); Width elements per row.
template <class RowF, class ColF>
std::vector<std::vector<int64_t>> columnReads(const TransposeInstr *I, int64_t Width, RowF RowOf,
                                              ColF ColOf) {
  std::vector<std::vector<int64_t>> Orig(I->WaveSize);
  for (unsigned L = 0; L < I->WaveSize; ++L)
    for (unsigned R = 0; R < I->Elements; ++R)
      Orig[L].push_back((RowOf(L) + R) * Width + ColOf(L));
  return Orig;
}

} // namespace

TEST(TransposeLoad, Variants) {
  EXPECT_EQ(transposeInstrFor("gfx942", 2), nullptr);
  EXPECT_EQ(transposeInstrFor("sm_90", 2), nullptr);
  EXPECT_EQ(transposeInstrFor("gfx950", 4), nullptr);
  ASSERT_NE(transposeInstrFor("gfx950", 2), nullptr);
  EXPECT_STREQ(transposeInstrFor("gfx950", 2)->Mnemonic, "ds_read_b64_tr_b16");
  EXPECT_STREQ(transposeInstrFor("gfx950", 1)->Mnemonic, "ds_read_b64_tr_b8");
  EXPECT_STREQ(transposeInstrFor("gfx1250", 2)->Mnemonic, "ds_load_tr16_b128");
  EXPECT_STREQ(transposeInstrFor("gfx1250", 1)->Mnemonic, "ds_load_tr8_b64");
  EXPECT_EQ(transposeInstrFor("gfx1250", 2)->Elements, 8u);
  EXPECT_EQ(transposeInstrFor("gfx950", 2)->Elements, 4u);
}

TEST(TransposeLoad, Gfx950Tr16MatchesTritonDiagram) {
  const TransposeInstr *I = transposeInstrFor("gfx950", 2);
  // Lane 0 holds M0 of K0..K3: element 0 of T0, T4, T8, T12.
  EXPECT_EQ(src(I, 0, 0), std::make_pair(0u, 0u));
  EXPECT_EQ(src(I, 0, 1), std::make_pair(4u, 0u));
  EXPECT_EQ(src(I, 0, 2), std::make_pair(8u, 0u));
  EXPECT_EQ(src(I, 0, 3), std::make_pair(12u, 0u));
  // Lane 1: the second 16 bits of the same lanes; lane 4: T1, T5, T9, T13.
  EXPECT_EQ(src(I, 1, 2), std::make_pair(8u, 1u));
  EXPECT_EQ(src(I, 4, 1), std::make_pair(5u, 0u));
  EXPECT_EQ(src(I, 15, 3), std::make_pair(15u, 3u));
  // The next group of 16 lanes exchanges among itself.
  EXPECT_EQ(src(I, 16 + 5, 2), std::make_pair(16u + 9u, 1u));
  EXPECT_EQ(src(I, 63, 0), std::make_pair(51u, 3u));
}

TEST(TransposeLoad, Gfx1250Tr16IsAnEightByEightTranspose) {
  const TransposeInstr *I = transposeInstrFor("gfx1250", 2);
  for (unsigned L = 0; L < 32; ++L)
    for (unsigned R = 0; R < 8; ++R)
      EXPECT_EQ(src(I, L, R), std::make_pair(L / 8 * 8 + R, L % 8));
}

TEST(TransposeLoad, EightBitForms) {
  const TransposeInstr *A = transposeInstrFor("gfx950", 1);
  // Two interleaved 8 x 8 byte transposes: lanes 0-7 from the even lanes,
  // 8-15 from the odd ones.
  EXPECT_EQ(src(A, 0, 3), std::make_pair(6u, 0u));
  EXPECT_EQ(src(A, 9, 3), std::make_pair(7u, 1u));
  EXPECT_EQ(src(A, 31, 7), std::make_pair(31u, 7u));
  const TransposeInstr *B = transposeInstrFor("gfx1250", 1);
  // Two runs of four lanes: registers 0-3 from lanes 0-3 (4-7 for lanes
  // 8-15), registers 4-7 from lanes 8-11 (12-15).
  EXPECT_EQ(src(B, 0, 0), std::make_pair(0u, 0u));
  EXPECT_EQ(src(B, 0, 3), std::make_pair(3u, 0u));
  EXPECT_EQ(src(B, 0, 4), std::make_pair(8u, 0u));
  EXPECT_EQ(src(B, 8, 0), std::make_pair(4u, 0u));
  EXPECT_EQ(src(B, 15, 7), std::make_pair(15u, 7u));
  EXPECT_EQ(src(B, 16 + 2, 5), std::make_pair(16u + 9u, 2u));
}

TEST(TransposeLoad, EveryElementDeliveredOnce) {
  for (auto [T, B] : {std::make_pair("gfx950", 2u), std::make_pair("gfx950", 1u),
                      std::make_pair("gfx1250", 2u), std::make_pair("gfx1250", 1u)}) {
    const TransposeInstr *I = transposeInstrFor(T, B);
    std::set<std::pair<unsigned, unsigned>> Seen;
    for (unsigned L = 0; L < I->WaveSize; ++L)
      for (unsigned R = 0; R < I->Elements; ++R) {
        auto S = src(I, L, R);
        EXPECT_EQ(S.first / I->GroupLanes, L / I->GroupLanes) << T << " " << B;
        Seen.insert(S);
      }
    EXPECT_EQ(Seen.size(), size_t(I->WaveSize) * I->Elements) << T << " " << B;
  }
}

TEST(TransposeLoad, ProvesTheColumnRead) {
  // The deep dive's B operand: an N-contiguous [K][72] fp16 tile read
  // K-contiguous; lane l reads rows 4 * (l / 16) + r, column l % 16.
  const TransposeInstr *I = transposeInstrFor("gfx950", 2);
  auto Orig = columnReads(I, 72, [](unsigned L) { return 4 * (L / 16); },
                          [](unsigned L) { return L % 16; });
  std::vector<int64_t> Addr;
  EXPECT_EQ(proveTranspose(*I, Orig, 72, 72, Addr), "");
  ASSERT_EQ(Addr.size(), 64u);
  EXPECT_EQ(Addr[0], 0);
  EXPECT_EQ(Addr[1], 4);      // row 0, columns 4-7
  EXPECT_EQ(Addr[4], 72);     // row 1, columns 0-3
  EXPECT_EQ(Addr[15], 3 * 72 + 12);
  EXPECT_EQ(Addr[16], 4 * 72);
  // What the hardware then gives lane 5 is what it reads: column 5 of rows 0-3.
  auto Got = simulateTranspose(*I, Addr);
  EXPECT_EQ(Got[5], (std::vector<int64_t>{5, 77, 149, 221}));

  const TransposeInstr *J = transposeInstrFor("gfx1250", 2);
  auto Orig2 = columnReads(J, 64, [](unsigned L) { return 8 * (L / 16); },
                           [](unsigned L) { return 16 + L % 16; });
  EXPECT_EQ(proveTranspose(*J, Orig2, 64, 64, Addr), "");
  EXPECT_EQ(Addr[9], 1 * 64 + 24); // group 8-15: row 1, columns 24-31
  const TransposeInstr *K = transposeInstrFor("gfx1250", 1);
  auto Orig3 = columnReads(K, 64, [](unsigned L) { return 8 * (L / 16); },
                           [](unsigned L) { return L % 16; });
  EXPECT_EQ(proveTranspose(*K, Orig3, 64, 64, Addr), "");
  EXPECT_EQ(Addr[4], 8);          // lane 4: row 0, columns 8-15
  EXPECT_EQ(Addr[9], 5 * 64 + 0); // lane 9: row 5
}

TEST(TransposeLoad, Refusals) {
  const TransposeInstr *I = transposeInstrFor("gfx950", 2);
  std::vector<int64_t> Addr;
  auto Odd = columnReads(I, 72, [](unsigned L) { return 4 * (L / 16); },
                         [](unsigned L) { return 1 + L % 16; });
  EXPECT_EQ(proveTranspose(*I, Odd, 72, 72, Addr),
            "lane 0's vector would start at byte 2 of the array, not a multiple of 8 "
            "(misaligned rows)");
  auto Strided = columnReads(I, 72, [](unsigned L) { return 4 * (L / 16); },
                             [](unsigned L) { return 2 * (L % 16); });
  EXPECT_EQ(proveTranspose(*I, Strided, 72, 72, Addr),
            "lanes 0 to 15 do not read consecutive columns (lane 1 reads element 2, lane 0 "
            "element 0)");
  auto Gapped = Strided;
  for (unsigned L = 0; L < 64; ++L)
    for (unsigned R = 0; R < 4; ++R)
      Gapped[L][R] = (4 * (L / 16) + 2 * R) * 72 + L % 16;
  EXPECT_EQ(proveTranspose(*I, Gapped, 72, 72, Addr),
            "lane 0 reads elements 0 and 144 as values 0 and 1: not 1 rows of 72 apart");
  auto Short = columnReads(I, 72, [](unsigned L) { return 0; }, [](unsigned L) { return L % 16; });
  for (auto &V : Short)
    V.pop_back();
  EXPECT_EQ(proveTranspose(*I, Short, 72, 72, Addr),
            "lane 0 reads 3 values, ds_read_b64_tr_b16 gives each lane 4");
  // Columns 60..75 of a 72-wide row: lane 12's vector would cross the row.
  auto Edge = columnReads(I, 72, [](unsigned L) { return 0; },
                          [](unsigned L) { return 56 + L % 16; });
  EXPECT_EQ(proveTranspose(*I, Edge, 72, 72, Addr), "");
  auto Wrap = columnReads(I, 64, [](unsigned L) { return 0; },
                          [](unsigned L) { return 56 + L % 16; });
  EXPECT_EQ(proveTranspose(*I, Wrap, 64, 64, Addr),
            "lane 2's vector would leave its row (columns 64 to 67 of 64)");
  // A wrong address vector: the simulation shows the wrong values.
  std::vector<int64_t> Plain(64);
  for (unsigned L = 0; L < 64; ++L)
    Plain[L] = 4 * L;
  auto Got = simulateTranspose(*I, Plain);
  EXPECT_EQ(Got[1], (std::vector<int64_t>{1, 17, 33, 49}));
}
