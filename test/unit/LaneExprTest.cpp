//===- LaneExprTest.cpp - Builders fold constants; rendering is C-like ----===//

#include "analysis/LaneExpr.h"
#include "TestExpr.h"

#include <gtest/gtest.h>

using namespace lds;
using namespace lds::test;

TEST(LaneExpr, FoldsConstantOperands) {
  ExprRef E =
      LaneExpr::binary(BinaryOp::Add, LaneExpr::constant(2), LaneExpr::constant(3), IntType::i32());
  ASSERT_TRUE(E->isConstant());
  EXPECT_EQ(E->Value, 5);
}

TEST(LaneExpr, FoldsInTheNodeType) {
  ExprRef E = LaneExpr::binary(BinaryOp::Sub, LaneExpr::constant(0, IntType::u32()),
                               LaneExpr::constant(1, IntType::u32()), IntType::u32());
  ASSERT_TRUE(E->isConstant());
  EXPECT_EQ(E->Value, 4294967295LL);
  EXPECT_EQ(LaneExpr::cast(LaneExpr::constant(300), IntType{8, true})->Value, 44);
}

TEST(LaneExpr, DropsIdentityOperands) {
  EXPECT_EQ((X(0) + tx()).E->str(), "threadIdx.x");
  EXPECT_EQ((tx() * 1 - 0).E->str(), "threadIdx.x");
  EXPECT_EQ((tx() << 0).E->str(), "threadIdx.x");
  // Not when the operand would change type: 0u + (int)x is unsigned.
  ExprRef U = LaneExpr::binary(BinaryOp::Add, LaneExpr::constant(0, IntType::u32()), tx().E,
                               IntType::u32());
  EXPECT_EQ(U->Kind, ExprKind::Binary);
}

TEST(LaneExpr, LeavesFailingConstantsForTheAnalysis) {
  ExprRef E =
      LaneExpr::binary(BinaryOp::Div, LaneExpr::constant(1), LaneExpr::constant(0), IntType::i32());
  EXPECT_FALSE(E->isConstant());
}

TEST(LaneExpr, ConstantConditionPicksItsBranch) {
  X E = sel(X(1), tx(), X(5) / X(0));
  EXPECT_EQ(E.E->str(), "threadIdx.x");
}

TEST(LaneExpr, RendersLikeC) {
  EXPECT_EQ((tx() * 33 + ty()).E->str(), "((threadIdx.x * 33) + threadIdx.y)");
  EXPECT_EQ(LaneExpr::blockDim(2)->str(), "blockDim.z");
  EXPECT_EQ((sym("n") + tx()).E->str(), "(n + threadIdx.x)");
  EXPECT_EQ(sel(tx() < 16, tx(), 100).E->str(), "((threadIdx.x < 16) ? threadIdx.x : 100)");
  EXPECT_EQ(LaneExpr::cast(tx().E, IntType{16, false})->str(), "(unsigned short)threadIdx.x");
  EXPECT_EQ(LaneExpr::binary(BinaryOp::Min, tx().E, LaneExpr::constant(7), IntType::i32())->str(),
            "min(threadIdx.x, 7)");
}

TEST(LaneExpr, UniformityAndUnknowns) {
  EXPECT_TRUE((sym("n") * 4 + LaneExpr::blockDim(0)).E->isUniform());
  EXPECT_FALSE((sym("n") + tx()).E->isUniform());
  EXPECT_FALSE((sym("n") + LaneExpr::laneId()).E->isUniform());
  std::string Why;
  EXPECT_FALSE((sym("n") + tx()).E->findUnknown(Why));
  X Data = LaneExpr::unknown("read from global memory");
  EXPECT_TRUE((tx() + Data).E->findUnknown(Why));
  EXPECT_EQ(Why, "read from global memory");
}

TEST(LaneExpr, ListsSymbols) {
  std::vector<std::string> Names;
  (sym("a") * tx() + sym("b")).E->forEachSymbol([&](const std::string &N) { Names.push_back(N); });
  EXPECT_EQ(Names, (std::vector<std::string>{"a", "b"}));
}

// An unknown built from a cause keeps it for the analysis; its text is the
// cause in lds-rewrite's words.
TEST(LaneExpr, UnknownCarriesItsCause) {
  ExprRef E = LaneExpr::add(LaneExpr::threadIdx(0),
                            LaneExpr::unknown(assumeCause("'i' starts at 'n'", "n")));
  UnknownCause Why;
  ASSERT_TRUE(E->findUnknown(Why));
  EXPECT_EQ(Why.Advice, AdviceKind::Assume);
  EXPECT_EQ(Why.Symbol, "n");
  std::string Text;
  ASSERT_TRUE(E->findUnknown(Text));
  EXPECT_EQ(Text, "'i' starts at 'n'; pass --assume n=VALUE");
  appendToCause(Why, "; more");
  EXPECT_EQ(causeText(Why), "'i' starts at 'n'; pass --assume n=VALUE; more");
  ASSERT_TRUE(LaneExpr::unknown("data")->findUnknown(Why));
  EXPECT_EQ(Why.Advice, AdviceKind::None);
  EXPECT_EQ(causeText(Why), "data");
}
