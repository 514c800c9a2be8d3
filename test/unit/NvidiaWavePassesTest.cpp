//===- NvidiaWavePassesTest.cpp - sm_90 rule against hand-built oracle rows ===//
//
// Each expectation is the `wavefronts_per_inst` that Nsight Compute measured
// on an H200 for that row of test/oracle/truth_h200.tsv. OracleTest.cpp
// checks all 129 rows from the file; these stay readable on their own.
//
//===----------------------------------------------------------------------===//

#include "TestExpr.h"
#include "analysis/ConflictAnalyzer.h"

#include <gtest/gtest.h>

#include <functional>

using namespace lds;
using namespace lds::test;

namespace {

const BankModel &model() {
  static BankModel M = BankModel::builtin();
  return M;
}

double sm90(const Access &A) {
  const TargetModel *T = model().find("sm_90");
  AccessResult R = ConflictAnalyzer(model()).analyze(A, *T);
  EXPECT_EQ(R.Status, ResultStatus::Exact) << R.Reason;
  return R.Passes;
}

/// One warp, lane t asks for byte Byte(t) when Active(t).
double warp(
    Direction Dir, unsigned Width, std::function<int64_t(int)> Byte,
    std::function<bool(int)> Active = [](int) { return true; }) {
  const BankRule *R = model().find("sm_90")->findRule(Dir, Width);
  EXPECT_NE(R, nullptr);
  WaveAddresses W;
  for (int T = 0; T < 32; ++T) {
    W.Bytes.push_back(Byte(T));
    W.Active.push_back(Active(T));
  }
  return ConflictAnalyzer::wavePasses(*R, Width, Dir, W);
}

} // namespace

TEST(NvidiaWavePasses, FloatColumnWalk) {
  EXPECT_EQ(sm90(elementAccess(tx() * 32, 4)), 32); // ld_f32_col_pad0
  EXPECT_EQ(sm90(elementAccess(tx() * 33, 4)), 1);  // ld_f32_col_pad1
}

TEST(NvidiaWavePasses, NarrowAndWideElements) {
  EXPECT_EQ(sm90(elementAccess(tx() * 65, 2)), 2);   // ld_f16_col_pad1
  EXPECT_EQ(sm90(elementAccess(tx() * 33, 8)), 2);   // ld_f64_col_pad1
  EXPECT_EQ(sm90(elementAccess(tx() * 9, 16)), 4);   // ld_f4_col_pad1
  EXPECT_EQ(sm90(elementAccess(tx() * 128, 1)), 32); // ld_u8_stride128
}

TEST(NvidiaWavePasses, PairMergeOfIdenticalPairs) {
  // ld_f4_dup_all: every pair identical, 128-bit groups become 2 x 16.
  EXPECT_EQ(warp(Direction::Read, 16, [](int) { return 0; }), 2);
  // st_f4_dup_pairs: stores never merge, 4 groups of 8.
  EXPECT_EQ(warp(Direction::Write, 16, [](int T) { return (T >> 1) * 16; }), 4);
  // ld_f4_active_lt8: lanes 0-7 differ, no merge, one busy group of 8.
  EXPECT_EQ(
      warp(Direction::Read, 16, [](int T) { return T * 16; }, [](int T) { return T < 8; }), 1);
  // ld_f4_pairs_last_inactive: the pair (30, 31) has one lane off and does
  // not block the merge.
  EXPECT_EQ(
      warp(
          Direction::Read, 16, [](int T) { return (T >> 1) * 16; }, [](int T) { return T != 31; }),
      2);
}

TEST(NvidiaWavePasses, PairMergeWithInactivePartners) {
  // ld_f2_even_disjoint2way: only even lanes, so no pair has two active
  // lanes; the groups merge into one of 32 that holds a 2-way conflict.
  X Index = (tx() >> 2) + ((tx() >> 1) & 1) * 16;
  Access A = elementAccess(Index, 8, {32, 1, 1}, AccessKind::Load, ((tx() & 1) == 0).E);
  EXPECT_EQ(sm90(A), 2);
}

TEST(NvidiaWavePasses, PartialPairsDoNotMerge) {
  // ld_f2_pairs_first_quarter: pairs repeat only in lanes 0-7.
  X Index = sel(tx() < 8, tx() >> 1, tx() + 8);
  EXPECT_EQ(sm90(elementAccess(Index, 8)), 3);
}

TEST(NvidiaWavePasses, TransposeAveragesOverWarps) {
  // ld_transpose_32x8_pad0: 8 warps, each 32-way.
  EXPECT_EQ(sm90(elementAccess(tx() * 32 + ty(), 4, {32, 8, 1})), 32);
  // ld_16x16_col_pad1: one warp spans rows ty and ty+1.
  EXPECT_EQ(sm90(elementAccess(tx() * 17 + ty(), 4, {16, 16, 1})), 2);
}

TEST(NvidiaWavePasses, StoresOfPairs) {
  // st_f4_dup_pairs through the whole analysis.
  EXPECT_EQ(sm90(elementAccess(tx() >> 1, 16, {32, 1, 1}, AccessKind::Store)), 4);
}
