//===- AmdModelTest.cpp - The AMD rows on the examples of hardware.md -----===//

#include "TestExpr.h"
#include "analysis/ConflictAnalyzer.h"

#include <gtest/gtest.h>

using namespace lds;
using namespace lds::test;

namespace {

AccessResult analyze(const BankModel &M, const char *Target, const Access &A) {
  const TargetModel *T = M.find(Target);
  EXPECT_NE(T, nullptr) << Target;
  AccessResult R = ConflictAnalyzer(M).analyze(A, *T);
  EXPECT_EQ(R.Status, ResultStatus::Exact) << R.Reason;
  return R;
}

/// One wave of 64 lanes; lane t reads fp16 element t * (64 + Pad) of a
/// [64][64 + Pad] tile: the seed's MI355X experiment.
Access fp16Column(int Pad) { return elementAccess(tx() * (64 + Pad), 2, {64, 1, 1}); }

const int Pads[] = {0, 1, 2, 4, 32};

} // namespace

// Default gfx950 reading (rocRoller: narrow reads see 32 banks, two groups of
// 32 lanes). Per group, lane t's word is t * (64 + Pad) / 2:
//   PAD 0: word 32t, all on bank 0          -> 32 per group
//   PAD 1: word 32.5t, bank t/2: two lanes per bank -> 2
//   PAD 2: word 33t, bank t                 -> 1
//   PAD 4: word 34t, bank 2t: t and t+16 collide    -> 2
//   PAD 32: word 48t, bank 0 or 16          -> 16
// The ideal is 1 per group, so degree = the per-group number.
TEST(Gfx950, Fp16ColumnDefaultModel) {
  BankModel M = BankModel::builtin();
  const double Expected[] = {32, 2, 1, 2, 16};
  for (size_t I = 0; I < std::size(Pads); ++I) {
    AccessResult R = analyze(M, "gfx950", fp16Column(Pads[I]));
    EXPECT_EQ(R.Degree, Expected[I]) << "PAD " << Pads[I];
    EXPECT_EQ(R.Banks, 32u);
  }
}

// The disputed reading (shark-ai: 64 banks, one group of 64 lanes), ideal 1:
//   PAD 1: word 32t + t/2 mod 64 is a permutation -> 1 (PAD 1 looks free)
//   PAD 4: word 34t mod 64: t and t+32 collide     -> 2
TEST(Gfx950, Fp16ColumnSixtyFourBankReading) {
  const double Expected[] = {32, 1, 1, 2, 16};

  BankModel Builtin = BankModel::builtin();
  for (size_t I = 0; I < std::size(Pads); ++I) {
    AccessResult R = analyze(Builtin, "gfx950", fp16Column(Pads[I]));
    ASSERT_EQ(R.AlternativePasses.size(), 1u);
    EXPECT_EQ(R.AlternativePasses[0], Expected[I]) << "PAD " << Pads[I];
  }

  BankModel M = BankModel::builtin();
  llvm::Error E = M.mergeJSON(R"({"targets": [{"name": "gfx950", "rules": [
      {"dir": "read", "width": 2, "banks": 64, "groups": "consecutive:64",
       "source": "shark-ai cdna4info", "confidence": "M"}]}]})",
                              "sixty-four.json");
  ASSERT_FALSE(E) << llvm::toString(std::move(E));
  for (size_t I = 0; I < std::size(Pads); ++I) {
    AccessResult R = analyze(M, "gfx950", fp16Column(Pads[I]));
    EXPECT_EQ(R.Degree, Expected[I]) << "PAD " << Pads[I];
    EXPECT_EQ(R.Banks, 64u);
    EXPECT_TRUE(R.AlternativePasses.empty()) << "a replaced row drops them";
  }
}

// gfx942 ds_read_b128 serves lanes {0-3,20-23}, {4-7,16-19}, {8-11,28-31},
// {12-15,24-27} together (then the same +32). Lane t reads float4
//   f(t) = (t & 3) + 8 * (t >> 2) + 4 * ((t >> 4) & 1)
// A float4 covers 4 banks; f mod 8 names its bank quad. Quads of lanes
// 0-15 use bank quads 0-3, lanes 16-31 bank quads 4-7. The permuted groups
// pair a low quad with a high one: every group touches 8 different bank
// quads, 1 pass each, 8 passes. Consecutive groups of 8 pair two low (or two
// high) quads: 2 passes each, 16.
TEST(Gfx942, PermutedReadB128Groups) {
  X Index = (tx() & 3) + (tx() >> 2) * 8 + ((tx() >> 4) & 1) * 4;
  Access A = elementAccess(Index, 16, {64, 1, 1});

  BankModel M = BankModel::builtin();
  AccessResult Permuted = analyze(M, "gfx942", A);
  EXPECT_EQ(Permuted.Passes, 8);
  EXPECT_EQ(Permuted.IdealPasses, 8);

  llvm::Error E = M.mergeJSON(R"({"targets": [{"name": "gfx942", "rules": [
      {"dir": "read", "width": 16, "groups": "consecutive:8"}]}]})",
                              "consecutive.json");
  ASSERT_FALSE(E) << llvm::toString(std::move(E));
  AccessResult Consecutive = analyze(M, "gfx942", A);
  EXPECT_EQ(Consecutive.Passes, 16);
  EXPECT_EQ(Consecutive.Degree, 2);
}

// Block 32x8, float tile[32][32], load tile[tx][ty]: word 32 * tx + ty.
TEST(Transpose32x8, Gfx942) {
  // Wave64 = two rows of ty; each row is one group of 32 lanes, all on bank
  // ty with 32 different words: 32 + 32 = 64 passes. Ideal: 2 groups of 32
  // consecutive floats, 1 each = 2. Degree 32.
  AccessResult R =
      analyze(BankModel::builtin(), "gfx942", elementAccess(tx() * 32 + ty(), 4, {32, 8, 1}));
  EXPECT_EQ(R.Passes, 64);
  EXPECT_EQ(R.IdealPasses, 2);
  EXPECT_EQ(R.Degree, 32);
}

TEST(Transpose32x8, Gfx1250) {
  // Wave32, 64 banks, one group: bank (32 * tx + ty) mod 64 is ty for even
  // tx and ty + 32 for odd tx: 16 different words on each, 16 passes.
  // Ideal: 32 consecutive floats on 64 banks = 1. Degree 16.
  AccessResult R =
      analyze(BankModel::builtin(), "gfx1250", elementAccess(tx() * 32 + ty(), 4, {32, 8, 1}));
  EXPECT_EQ(R.Passes, 16);
  EXPECT_EQ(R.IdealPasses, 1);
  EXPECT_EQ(R.Degree, 16);
}

TEST(Transpose32x8, PaddedIsFreeEverywhere) {
  BankModel M = BankModel::builtin();
  for (const std::string &Target : M.targetNames()) {
    AccessResult R = analyze(M, Target.c_str(), elementAccess(tx() * 33 + ty(), 4, {32, 8, 1}));
    EXPECT_EQ(R.Degree, 1) << Target;
  }
}

TEST(Gfx950, ReadB128UsesSixtyFourBanksInPermutedGroupsOf16) {
  // Lane t reads float4 t: 16 lanes x 16 bytes = 64 banks once: 1 pass per
  // group of 16, 4 groups.
  AccessResult R = analyze(BankModel::builtin(), "gfx950", elementAccess(tx(), 16, {64, 1, 1}));
  EXPECT_EQ(R.Passes, 4);
  EXPECT_EQ(R.Banks, 64u);
}
