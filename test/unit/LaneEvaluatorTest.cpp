//===- LaneEvaluatorTest.cpp - C integer semantics, lane by lane ----------===//

#include "analysis/LaneEvaluator.h"
#include "TestExpr.h"

#include <gtest/gtest.h>

using namespace lds;
using namespace lds::test;

namespace {

std::optional<int64_t> evalAt(const X &E, int64_t Tx, std::string *Why = nullptr,
                              const std::map<std::string, int64_t> *Syms = nullptr) {
  LaneEnv Env;
  Env.ThreadIdx = {Tx, 0, 0};
  Env.Symbols = Syms;
  return LaneEvaluator::eval(*E.E, Env, Why);
}

X u32(X A) { return LaneExpr::cast(A.E, IntType::u32()); }
X binU(BinaryOp Op, X A, X B) { return LaneExpr::binary(Op, u32(A).E, u32(B).E, IntType::u32()); }

} // namespace

TEST(LaneEvaluator, UnsignedArithmeticWraps) {
  // threadIdx.x is unsigned: 0u - 1 is UINT_MAX, and UINT_MAX + 1 is 0.
  X Minus1 = binU(BinaryOp::Sub, tx(), 1);
  EXPECT_EQ(evalAt(Minus1, 0), 4294967295LL);
  EXPECT_EQ(evalAt(binU(BinaryOp::Add, Minus1, 1), 0), 0);
  EXPECT_EQ(evalAt(binU(BinaryOp::Mul, tx(), 0x10000), 0x10000), 0);
}

TEST(LaneEvaluator, SignedArithmeticWrapsToo) {
  X Big = tx() * 0x40000000;
  EXPECT_EQ(evalAt(Big, 2), INT32_MIN);
}

TEST(LaneEvaluator, SignedDivisionTruncatesTowardZero) {
  EXPECT_EQ(evalAt(tx() / 2, -7), -3);
  EXPECT_EQ(evalAt(tx() % 2, -7), -1);
  EXPECT_EQ(evalAt(tx() / -2, 7), -3);
  EXPECT_EQ(evalAt(tx() % -2, 7), 1);
  EXPECT_EQ(evalAt(tx() / -1, INT32_MIN), INT32_MIN); // overflow wraps
}

TEST(LaneEvaluator, UnsignedDivisionIsUnsigned) {
  EXPECT_EQ(evalAt(binU(BinaryOp::Div, tx(), 2), -2), 2147483647);
}

TEST(LaneEvaluator, Shifts) {
  EXPECT_EQ(evalAt(tx() >> 1, -8), -4); // arithmetic for signed
  EXPECT_EQ(evalAt(binU(BinaryOp::Shr, tx(), 1), -8), 0x7FFFFFFC);
  EXPECT_EQ(evalAt(tx() << 31, 1), INT32_MIN);
  EXPECT_EQ(evalAt(tx() << 3, 5), 40);
  std::string Why;
  EXPECT_FALSE(evalAt(X(1) << tx(), 32, &Why));
  EXPECT_EQ(Why, "a shift by 32 (out of range for a 32-bit value)");
  EXPECT_FALSE(evalAt(X(1) << tx(), -1, &Why));
}

TEST(LaneEvaluator, CastsTruncateAndExtend) {
  auto Cast = [](X A, IntType T) { return X(LaneExpr::cast(A.E, T)); };
  EXPECT_EQ(evalAt(Cast(tx(), IntType{8, true}), 300), 44);
  EXPECT_EQ(evalAt(Cast(tx(), IntType{8, true}), 200), -56);
  EXPECT_EQ(evalAt(Cast(tx(), IntType{8, false}), 256), 0);
  EXPECT_EQ(evalAt(Cast(tx(), IntType::u32()), -1), 4294967295LL);
  EXPECT_EQ(evalAt(Cast(Cast(tx(), IntType::u32()), IntType::i64()), -1), 4294967295LL);
  EXPECT_EQ(evalAt(Cast(tx(), IntType::i64()), -1), -1);
  EXPECT_EQ(evalAt(Cast(tx(), IntType::boolean()), 2), 1);
  EXPECT_EQ(evalAt(Cast(Cast(tx(), IntType::i64()), IntType::u64()), -1), -1)
      << "u64 values travel as their bit pattern";
}

TEST(LaneEvaluator, ComparisonsUseTheCommonType) {
  // -1 < 0u is false in C: -1 converts to UINT_MAX.
  X SignedVsUnsigned = LaneExpr::binary(BinaryOp::LT, tx().E, u32(0).E, IntType::i32());
  EXPECT_EQ(evalAt(SignedVsUnsigned, -1), 0);
  EXPECT_EQ(evalAt(tx() < 0, -1), 1);
  X U64Big = LaneExpr::binary(BinaryOp::GT, LaneExpr::cast(tx().E, IntType::u64()),
                              LaneExpr::constant(1, IntType::u64()), IntType::i32());
  EXPECT_EQ(evalAt(U64Big, -1), 1) << "UINT64_MAX > 1";
  EXPECT_EQ(evalAt(tx() == 3, 3), 1);
  EXPECT_EQ(evalAt(tx() != 3, 3), 0);
}

TEST(LaneEvaluator, SelectEvaluatesOnlyTheBranchTaken) {
  X E = sel(tx() < 16, tx(), X(100) / (tx() - tx()));
  EXPECT_EQ(evalAt(E, 3), 3);
  std::string Why;
  EXPECT_FALSE(evalAt(E, 20, &Why));
  EXPECT_EQ(Why, "division by zero");
}

TEST(LaneEvaluator, LogicalOperatorsShortCircuit) {
  X Zero = tx() - tx();
  X And = LaneExpr::binary(BinaryOp::LogicalAnd, Zero.E, (X(1) / Zero).E, IntType::i32());
  EXPECT_EQ(evalAt(And, 4), 0);
  X Or = LaneExpr::binary(BinaryOp::LogicalOr, tx().E, (X(1) / Zero).E, IntType::i32());
  EXPECT_EQ(evalAt(Or, 4), 1);
  X Not = LaneExpr::unary(UnaryOp::LogicalNot, tx().E, IntType::i32());
  EXPECT_EQ(evalAt(Not, 0), 1);
  EXPECT_EQ(evalAt(Not, 7), 0);
}

TEST(LaneEvaluator, UnaryAndMinMax) {
  EXPECT_EQ(evalAt(LaneExpr::unary(UnaryOp::Neg, tx().E, IntType::i32()), 5), -5);
  EXPECT_EQ(evalAt(LaneExpr::unary(UnaryOp::BitNot, tx().E, IntType::i32()), 0), -1);
  EXPECT_EQ(
      evalAt(LaneExpr::binary(BinaryOp::Min, tx().E, LaneExpr::constant(3), IntType::i32()), -5),
      -5);
  EXPECT_EQ(evalAt(LaneExpr::binary(BinaryOp::Min, u32(tx()).E, u32(3).E, IntType::u32()), -5), 3)
      << "unsigned min: (unsigned)-5 is large";
  EXPECT_EQ(
      evalAt(LaneExpr::binary(BinaryOp::Max, tx().E, LaneExpr::constant(3), IntType::i32()), 9), 9);
}

TEST(LaneEvaluator, DivisionByZeroIsAnError) {
  std::string Why;
  EXPECT_FALSE(evalAt(X(1) / tx(), 0, &Why));
  EXPECT_EQ(Why, "division by zero");
  EXPECT_FALSE(evalAt(X(1) % tx(), 0, &Why));
}

TEST(LaneEvaluator, SymbolsAndLaneValues) {
  std::map<std::string, int64_t> Syms = {{"n", 7}};
  EXPECT_EQ(evalAt(sym("n") + tx(), 1, nullptr, &Syms), 8);
  std::string Why;
  EXPECT_FALSE(evalAt(sym("m"), 0, &Why, &Syms));
  EXPECT_EQ(Why, "no value for symbol m");
  EXPECT_FALSE(evalAt(X(LaneExpr::unknown("data-dependent")), 0, &Why));
  EXPECT_EQ(Why, "data-dependent");

  LaneEnv Env;
  Env.BlockDim = {32, 8, 1};
  Env.LaneId = 5;
  Env.WaveSize = 64;
  EXPECT_EQ(LaneEvaluator::eval(*LaneExpr::blockDim(1), Env), 8);
  EXPECT_EQ(LaneEvaluator::eval(*LaneExpr::laneId(), Env), 5);
  EXPECT_EQ(LaneEvaluator::eval(*LaneExpr::waveSize(), Env), 64);
}
