//===- FlatIndexTest.cpp - A 1-D index read as row * W + column -----------===//

#include "analysis/FlatIndex.h"
#include "TestExpr.h"
#include "analysis/LaneEvaluator.h"

#include <gtest/gtest.h>

using namespace lds;
using namespace lds::test;

namespace {

X u32(X A) { return LaneExpr::cast(A.E, IntType::u32()); }
X i64(X A) { return LaneExpr::cast(A.E, IntType::i64()); }
X addU(X A, X B) { return LaneExpr::binary(BinaryOp::Add, u32(A).E, u32(B).E, IntType::u32()); }
X mulU(X A, X B) { return LaneExpr::binary(BinaryOp::Mul, u32(A).E, u32(B).E, IntType::u32()); }

int64_t at(const ExprRef &E, int64_t Tx, int64_t Ty) {
  LaneEnv Env;
  Env.ThreadIdx = {Tx, Ty, 0};
  std::optional<int64_t> V = LaneEvaluator::eval(*E, Env);
  EXPECT_TRUE(V.has_value()) << E->str();
  return V.value_or(-1);
}

} // namespace

TEST(FlatIndex, SplitsTheTermsOfASum) {
  // s[tx + ty * 33 + 5]: row ty, column tx + 5.
  FlatIndex F;
  ASSERT_TRUE(decomposeFlatIndex(i64(tx() + ty() * 33 + 5).E, F));
  EXPECT_EQ(F.RowLength, 33u);
  EXPECT_EQ(at(F.Row, 3, 7), 7);
  EXPECT_EQ(at(F.Column, 3, 7), 8);
  EXPECT_FALSE(decomposeFlatIndex(i64(tx() + 5).E, F));
}

// s[threadIdx.x * 80 + threadIdx.y + i * 8 + j] on float s[16 * 80], at
// i = 1, j = -8: the index is unsigned, j converts to 2^32 - 8, and the
// column part threadIdx.y + 8 + (2^32 - 8) wraps back to threadIdx.y, as
// the whole index wraps back to threadIdx.x * 80 + threadIdx.y. Widening
// each term to 64 bits before adding made the column 2^32 + threadIdx.y
// and the planner refused the padding ("reaches 4294967296").
TEST(FlatIndex, UnsignedPartsWrapAsTheIndexDoes) {
  ExprRef TxU = LaneExpr::threadIdx(0), TyU = LaneExpr::threadIdx(1);
  X Index = i64(addU(addU(addU(mulU(TxU, 80), TyU), 8), -8));
  FlatIndex F;
  ASSERT_TRUE(decomposeFlatIndex(Index.E, F));
  EXPECT_EQ(F.RowLength, 80u);
  for (int64_t Tx : {0, 15})
    for (int64_t Ty : {0, 7}) {
      EXPECT_EQ(at(F.Row, Tx, Ty), Tx);
      EXPECT_EQ(at(F.Column, Tx, Ty), Ty);
      EXPECT_EQ(at(Index.E, Tx, Ty), Tx * 80 + Ty);
    }

  // threadIdx.y - 8u really wraps where threadIdx.y < 8: the column is
  // the unsigned value C computes, 2^32 - 8 + threadIdx.y, outside the row.
  X Out = i64(addU(mulU(TxU, 80), addU(TyU, -8)));
  ASSERT_TRUE(decomposeFlatIndex(Out.E, F));
  EXPECT_EQ(at(F.Column, 2, 3), 4294967291LL);
  EXPECT_EQ(at(F.Column, 2, 9), 1);
  EXPECT_EQ(at(F.Row, 2, 3), 2);
}
