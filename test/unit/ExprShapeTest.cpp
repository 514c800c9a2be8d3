//===- ExprShapeTest.cpp - Uniform offsets peeled off, and reused costs ---===//

#include "analysis/ExprShape.h"
#include "TestExpr.h"
#include "analysis/ConflictAnalyzer.h"
#include "analysis/LaneEvaluator.h"

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

namespace {

// The column pass of the CUDA samples' convolutionSeparable:
// s[threadIdx.x][threadIdx.y + i * 8 + j] on float s[16][80], computed as C
// does: i * 8 and j are int, converted to unsigned for the sum (j = -8
// becomes 2^32 - 8), and the unsigned subscript widened to the 64-bit
// pointer offset.
X u32(X A) { return LaneExpr::cast(A.E, IntType::u32()); }
X i64(X A) { return LaneExpr::cast(A.E, IntType::i64()); }
X addU(X A, X B) { return LaneExpr::binary(BinaryOp::Add, u32(A).E, u32(B).E, IntType::u32()); }
X addL(X A, X B) { return LaneExpr::binary(BinaryOp::Add, i64(A).E, i64(B).E, IntType::i64()); }
X mulL(X A, int64_t B) {
  return LaneExpr::binary(BinaryOp::Mul, i64(A).E, LaneExpr::constant(B, IntType::i64()),
                          IntType::i64());
}
X threadY() { return LaneExpr::threadIdx(1); }

/// &s[threadIdx.x][Column] - &s[0][0], in bytes.
X columnByte(X Column) { return addL(mulL(LaneExpr::threadIdx(0), 320), mulL(Column, 4)); }

Access columnAccess(X Column, std::vector<int64_t> Is, std::vector<int64_t> Js) {
  Access A;
  A.WidthBytes = 4;
  A.ByteOffset = columnByte(Column).E;
  A.ArrayBytes = 16 * 80 * 4;
  A.ElementBytes = 4;
  A.Block.Dims = {16, 8, 1};
  A.Symbols["i"] = loopCounter(std::move(Is));
  A.Symbols["j"] = loopCounter(std::move(Js));
  return A;
}

std::vector<int64_t> range(int64_t From, int64_t To) {
  std::vector<int64_t> V;
  for (int64_t K = From; K <= To; ++K)
    V.push_back(K);
  return V;
}

} // namespace

TEST(ExprShape, OffsetsWrapInTheirTypeAndWideningIsAConditionOfTheLane) {
  // threadIdx.y + 1 * 8 + (unsigned)-8: the unsigned sum wraps to
  // threadIdx.y, so the offset moved out of it is 0, not 2^32.
  ExprShape Back = shapeOf(i64(addU(addU(threadY(), 8), -8)).E);
  EXPECT_EQ(Back.Offset, 0);
  ASSERT_TRUE(Back.Rest);
  EXPECT_EQ(Back.Rest->str(), "threadIdx.y");
  ASSERT_EQ(Back.Conditions.size(), 1u);
  EXPECT_EQ(Back.Conditions[0].Offset, 0);
  EXPECT_TRUE(Back.Conditions[0].Ty == IntType::u32());

  // threadIdx.y + (unsigned)-8 is 2^32 - 8 + threadIdx.y in C where
  // threadIdx.y < 8, threadIdx.y - 8 elsewhere: Rest + Offset is the value
  // only where the unsigned sum does not wrap.
  ExprShape Minus8 = shapeOf(i64(addU(threadY(), -8)).E);
  EXPECT_EQ(Minus8.Offset, -8);
  ASSERT_EQ(Minus8.Conditions.size(), 1u);
  const ShapeCondition &C = Minus8.Conditions[0];
  EXPECT_EQ(C.Offset, -8);
  EXPECT_FALSE(inShapeRange(C, 0));
  EXPECT_FALSE(inShapeRange(C, 7));
  EXPECT_TRUE(inShapeRange(C, 8));
  EXPECT_TRUE(inShapeRange(C, 4294967295LL)); // UINT_MAX - 8, no wrap
  ExprShape Plus8 = shapeOf(i64(addU(threadY(), 8)).E);
  EXPECT_TRUE(inShapeRange(Plus8.Conditions[0], 4294967287LL));
  EXPECT_FALSE(inShapeRange(Plus8.Conditions[0], 4294967288LL)); // wraps to 0

  // A sum of one type keeps its offset modulo 2^32 whatever the lanes
  // (int <-> unsigned has nothing to check); a signed widening is checked
  // against the int range.
  ExprShape Same = shapeOf(u32(tx() - 3).E);
  EXPECT_EQ(Same.Offset, 4294967293LL);
  EXPECT_TRUE(Same.Conditions.empty());
  ExprShape Signed = shapeOf(i64(tx() + 5).E);
  ASSERT_EQ(Signed.Conditions.size(), 1u);
  EXPECT_TRUE(inShapeRange(Signed.Conditions[0], INT32_MAX - 5));
  EXPECT_FALSE(inShapeRange(Signed.Conditions[0], INT32_MAX - 4));

  // The C value, lane by lane, as the analyzer computes it.
  LaneEnv Env;
  Env.ThreadIdx = {0, 3, 0};
  EXPECT_EQ(LaneEvaluator::eval(*i64(addU(addU(threadY(), 8), -8)).E, Env), 3);
  EXPECT_EQ(LaneEvaluator::eval(*i64(addU(threadY(), -8)).E, Env), 4294967291LL);
}

// The unsigned index that wraps back into the array is an ordinary access:
// 8-way on sm_90 (16 columns of 80 floats, a warp is threadIdx.x 0..15 of
// rows threadIdx.y 0..1: even columns share a bank, 80 = 2.5 x 32), as ncu
// measured on the H200 (wavefronts 2359296 / ideal 294912), and 8-way on
// gfx942 (a wave is rows 0..3, read as two groups of 32 lanes, each 8-way:
// 16 passes, ideal 2), for every iteration.
TEST(ExprShape, UnsignedIndexThatWrapsBackIsCostedExactly) {
  X Column = addU(addU(threadY(), sym("i") * 8), sym("j"));
  Access A = columnAccess(Column, range(1, 8), range(-8, 8));
  const struct {
    const char *Target;
    double Passes, Ideal;
  } Expected[] = {{"sm_90", 8, 1}, {"gfx942", 16, 2}};
  for (const auto &E : Expected) {
    AccessResult R = ConflictAnalyzer(builtinModel()).analyze(A, *builtinModel().find(E.Target));
    ASSERT_EQ(R.Status, ResultStatus::Exact) << E.Target << ": " << R.Reason;
    EXPECT_EQ(R.Passes, E.Passes) << E.Target;
    EXPECT_EQ(R.IdealPasses, E.Ideal) << E.Target;
    EXPECT_EQ(R.Degree, 8) << E.Target;
    EXPECT_FALSE(R.VariesWithIteration) << E.Target;
  }
}

// threadIdx.y + j with j = -8 is 2^32 - 8 + threadIdx.y for every lane of
// the block: really outside the array, and said of that iteration, with
// the lane of the highest address (threadIdx (15, 7): element 15 * 80 +
// 2^32 - 1), never shifted from another iteration's cost.
TEST(ExprShape, UnsignedIndexThatWrapsOutIsOutsideTheArray) {
  Access A = columnAccess(addU(threadY(), sym("j")), {0}, range(-8, 8));
  AccessResult R = ConflictAnalyzer(builtinModel()).analyze(A, *builtinModel().find("sm_90"));
  ASSERT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_EQ(R.Reason.rfind("the access falls outside the array (byte 17179873980, element "
                           "4294968495 of 1280) at threadIdx (15, 7, 0) with j = -8 under "
                           "block shape 16x8x1",
                           0),
            0u)
      << R.Reason;

  // Only threadIdx.y = 0 wraps at j = -1; the iterations from j = 0 up
  // are costed first and must not stand for it.
  A = columnAccess(addU(threadY(), sym("j")), {0}, {0, 1, -1});
  R = ConflictAnalyzer(builtinModel()).analyze(A, *builtinModel().find("sm_90"));
  ASSERT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_EQ(R.Reason.rfind("the access falls outside the array (byte 17179873980, element "
                           "4294968495 of 1280) at threadIdx (15, 0, 0) with j = -1",
                           0),
            0u)
      << R.Reason;
}
