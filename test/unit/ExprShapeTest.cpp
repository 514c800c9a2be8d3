//===- ExprShapeTest.cpp - Uniform offsets peeled off, and reused costs ---===//

#include "analysis/ExprShape.h"
#include "TestExpr.h"
#include "analysis/ConflictAnalyzer.h"

#include <gtest/gtest.h>

using namespace lds;
using namespace lds::test;

TEST(ExprShape, PeelsConstantsOutOfScaledSums) {
  // (7 * 32 + tx) * 4 + 12 == tx * 4 + 908
  ExprShape S = shapeOf(((X(7) * 32 + tx()) * 4 + 12).E);
  EXPECT_EQ(S.Offset, 908);
  ASSERT_TRUE(S.Rest);
  EXPECT_TRUE(sameExpr(S.Rest.get(), (tx() * 4).E.get())) << S.Rest->str();

  ExprShape Widened = shapeOf(LaneExpr::cast((tx() - 3).E, IntType::i64()));
  EXPECT_EQ(Widened.Offset, -3);

  ExprShape Opaque = shapeOf(((tx() + 5) >> 1).E);
  EXPECT_EQ(Opaque.Offset, 0);

  ExprShape Constant = shapeOf(LaneExpr::constant(40));
  EXPECT_EQ(Constant.Rest, nullptr);
  EXPECT_EQ(Constant.Offset, 40);
}

TEST(ExprShape, StructuralEquality) {
  EXPECT_TRUE(sameExpr((tx() * 33 + ty()).E.get(), (tx() * 33 + ty()).E.get()));
  EXPECT_FALSE(sameExpr((tx() * 33).E.get(), (tx() * 32).E.get()));
  EXPECT_EQ(hashExpr((tx() * 33).E.get()), hashExpr((tx() * 33).E.get()));
  EXPECT_TRUE(sameExpr(nullptr, nullptr));
}

namespace {

AccessResult wordAccess(std::vector<int64_t> Ks) {
  // 4-byte loads at byte tx * 4 + 2 * k: an odd k straddles two words.
  Access A;
  A.WidthBytes = 4;
  A.ByteOffset = (tx() * 4 + sym("k") * 2).E;
  A.Block.Dims = {32, 1, 1};
  A.Symbols["k"].Dom = SymbolInfo::Values;
  A.Symbols["k"].Vals = std::move(Ks);
  static BankModel M = BankModel::builtin();
  return ConflictAnalyzer(M).analyze(A, *M.find("sm_90"));
}

} // namespace

TEST(ExprShape, ReusedCostsRespectTheByteWithinTheWord) {
  // Aligned: every lane its own word. Offset by 2 bytes: lane t reads words
  // t and t+1, so bank 0 serves word 0 (lane 0) and word 32 (lane 31).
  AccessResult Aligned = wordAccess({0, 2, 4, 6});
  EXPECT_EQ(Aligned.Passes, 1);
  EXPECT_FALSE(Aligned.VariesWithIteration);
  AccessResult Straddling = wordAccess({0, 1, 2, 3});
  EXPECT_EQ(Straddling.Passes, 2);
  EXPECT_TRUE(Straddling.VariesWithIteration);
  EXPECT_EQ(Straddling.WorstBinding.at("k"), 1);
}
