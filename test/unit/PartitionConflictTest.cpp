//===- PartitionConflictTest.cpp - gfx1250's LDS partition rule, plain model -===//
//
// analyzePartitions on hand-made accesses shaped like the MI450 deep dive's
// microbenchmark: a [8][8192] fp16 tile (128 KiB, two 64 KiB partitions)
// read one row per warp by 8 warps of 32 lanes. Row per warp: warps 0-3
// (pairs A, B, A, B) all read partition 0 and warps 4-7 partition 1, so both
// partitions collide (x2); the ctaLayout swizzle (row = (w % 2) * 4 + w / 2)
// gives pair A partition 0 and pair B partition 1; every warp reading row 0
// shares bytes and can never be separated; an unknown base row is unknown.
//
//===----------------------------------------------------------------------===//

#include "analysis/PartitionConflict.h"
#include "targets/BankModel.h"

#include <gtest/gtest.h>

using namespace lds;

namespace {

constexpr int64_t RowBytes = 8192 * 2;

ExprRef warp() { return LaneExpr::binary(BinaryOp::Div, LaneExpr::threadIdx(0), LaneExpr::constant(32), IntType::i32()); }
ExprRef lane() { return LaneExpr::binary(BinaryOp::Rem, LaneExpr::threadIdx(0), LaneExpr::constant(32), IntType::i32()); }

/// Byte offset of tile[Row][lane * 8 + i] (fp16).
Access rowAccess(ExprRef Row) {
  Access A;
  A.ArrayId = "rowread/tile";
  A.WidthBytes = 2;
  ExprRef Col = LaneExpr::add(LaneExpr::mul(lane(), LaneExpr::constant(8)), LaneExpr::symbol("i"));
  A.ByteOffset = LaneExpr::add(LaneExpr::mul(Row, LaneExpr::constant(RowBytes)),
                               LaneExpr::mul(Col, LaneExpr::constant(2)));
  A.Block.Dims = {256, 1, 1};
  SymbolInfo I;
  I.Dom = SymbolInfo::Values;
  I.Vals = {0, 256, 512, 7936}; // some iterations of i += 256 below 8192
  I.IsLoopCounter = true;
  I.Description = "loop counter 'i'";
  A.Symbols["i"] = I;
  return A;
}

PartitionQuery query(const Access &A, uint64_t Offset = 0) {
  PartitionQuery Q;
  Q.A = &A;
  Q.ArrayOffset = Offset;
  Q.Model = BankModel::builtin().find("gfx1250")->Partitions;
  Q.WaveSize = 32;
  return Q;
}

TEST(PartitionConflict, TableRowIsTheDeepDives) {
  BankModel M = BankModel::builtin();
  const LdsPartitionModel &P = M.find("gfx1250")->Partitions;
  EXPECT_EQ(P.Bytes, 65536u);
  EXPECT_EQ(P.Count, 5u);
  EXPECT_EQ(P.Simds, 4u);
  EXPECT_EQ(P.PairOfSimd, (std::vector<unsigned>{0, 1, 0, 1}));
  EXPECT_FALSE(M.find("gfx942")->Partitions.present());
}

TEST(PartitionConflict, RowPerWarpCollidesOnBothPartitions) {
  Access A = rowAccess(warp());
  PartitionResult R = analyzePartitions(query(A));
  ASSERT_EQ(R.Result, PartitionResult::Exact);
  EXPECT_EQ(R.Colliding, (std::vector<unsigned>{0, 1}));
  EXPECT_FALSE(R.SharedBytes);
  EXPECT_EQ(R.Factor, 2u);
  EXPECT_EQ(R.Bindings, 4u);
  EXPECT_EQ(R.CollidingBindings, 4u);
  EXPECT_EQ(R.Footprint, (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(describePair(R, 0), "warps 0, 2 -> partition 0; warps 4, 6 -> partition 1");
  EXPECT_EQ(describePair(R, 1), "warps 1, 3 -> partition 0; warps 5, 7 -> partition 1");
  // Pair A takes rows 0-3 (partition 0), pair B rows 4-7.
  std::map<unsigned, unsigned> Expected = {{0, 0}, {1, 4}, {2, 1}, {3, 5},
                                           {4, 2}, {5, 6}, {6, 3}, {7, 7}};
  EXPECT_EQ(R.TileOf, Expected);
  EXPECT_EQ(swizzleFormula(R), "tile = (warp % 2) * 4 + warp / 2");
}

TEST(PartitionConflict, CtaLayoutSwizzleSeparatesThePairs) {
  ExprRef W = warp();
  ExprRef Row = LaneExpr::add(
      LaneExpr::mul(LaneExpr::binary(BinaryOp::Rem, W, LaneExpr::constant(2), IntType::i32()),
                    LaneExpr::constant(4)),
      LaneExpr::binary(BinaryOp::Div, W, LaneExpr::constant(2), IntType::i32()));
  Access A = rowAccess(Row);
  PartitionResult R = analyzePartitions(query(A));
  ASSERT_EQ(R.Result, PartitionResult::Exact);
  EXPECT_TRUE(R.Colliding.empty());
  EXPECT_EQ(R.Factor, 1u);
  EXPECT_EQ(describePair(R, 0), "warps 0, 2, 4, 6 -> partition 0");
  EXPECT_EQ(describePair(R, 1), "warps 1, 3, 5, 7 -> partition 1");
}

TEST(PartitionConflict, ArrayOffsetMovesThePartitions) {
  // The same row-per-warp read of an array the compiler put at 64 KiB: rows
  // 0-3 in partition 1, rows 4-7 in partition 2.
  Access A = rowAccess(warp());
  PartitionResult R = analyzePartitions(query(A, 65536));
  EXPECT_EQ(R.Colliding, (std::vector<unsigned>{1, 2}));
  // At 32 KiB: rows 0-1 in partition 0, rows 2-5 in 1, rows 6-7 in 2.
  PartitionResult S = analyzePartitions(query(A, 32768));
  EXPECT_EQ(describePair(S, 0), "warp 0 -> partition 0; warps 2, 4 -> partition 1; warp 6 -> "
                                "partition 2");
  EXPECT_EQ(S.Colliding, (std::vector<unsigned>{0, 1, 2}));
}

TEST(PartitionConflict, SameBytesCanNeverBeSeparated) {
  Access A = rowAccess(LaneExpr::constant(0));
  PartitionResult R = analyzePartitions(query(A));
  ASSERT_EQ(R.Result, PartitionResult::Exact);
  EXPECT_EQ(R.Colliding, (std::vector<unsigned>{0}));
  EXPECT_TRUE(R.SharedBytes);
  EXPECT_TRUE(R.TileOf.empty());
}

TEST(PartitionConflict, OneWarpPerPairOnly) {
  // 2 warps (64 threads): warp 0 is pair A, warp 1 pair B.
  Access A = rowAccess(warp());
  A.Block.Dims = {64, 1, 1};
  PartitionResult R = analyzePartitions(query(A));
  EXPECT_EQ(R.Colliding, (std::vector<unsigned>{0}));
  EXPECT_TRUE(R.TileOf.empty()); // both rows lie in partition 0
}

TEST(PartitionConflict, UnknownSymbolIsUnknownNotClean) {
  Access A = rowAccess(LaneExpr::add(warp(), LaneExpr::symbol("base")));
  SymbolInfo Base;
  Base.Description = "kernel argument 'base'";
  A.Symbols["base"] = Base;
  PartitionResult R = analyzePartitions(query(A));
  EXPECT_EQ(R.Result, PartitionResult::Unknown);
  EXPECT_EQ(R.Why, "the address depends on kernel argument 'base', whose value is not known "
                   "(pass --assume base=VALUE)");
  PartitionQuery Q = query(A);
  Q.Assumptions["base"] = 0;
  EXPECT_EQ(analyzePartitions(Q).Colliding, (std::vector<unsigned>{0, 1}));
}

TEST(PartitionConflict, PartitionList) {
  EXPECT_EQ(partitionList({0, 1, 2, 4}), "0-2, 4");
  EXPECT_EQ(partitionList({0, 1}), "0, 1");
  EXPECT_EQ(partitionList({3}), "3");
}

} // namespace

namespace {

TEST(PartitionConflict, BankModelFileOverridesTheRow) {
  BankModel M = BankModel::builtin();
  llvm::Error E = M.mergeJSON(R"({"targets": [{"name": "gfx1250", "lds_partitions":
      {"bytes": 32768, "simd_pairs": [0, 0, 1, 1], "source": "my measurement"}}]})",
                              "model.json");
  ASSERT_FALSE(bool(E)) << llvm::toString(std::move(E));
  const LdsPartitionModel &P = M.find("gfx1250")->Partitions;
  EXPECT_EQ(P.Bytes, 32768u);
  EXPECT_EQ(P.Count, 5u);
  EXPECT_EQ(P.PairOfSimd, (std::vector<unsigned>{0, 0, 1, 1}));
  EXPECT_EQ(P.Source, "my measurement");
  llvm::Error Bad = M.mergeJSON(
      R"({"targets": [{"name": "gfx1250", "lds_partitions": {"simd_pairs": [0, 2, 0, 1]}}]})",
      "bad.json");
  EXPECT_TRUE(bool(Bad));
  llvm::consumeError(std::move(Bad));
}

} // namespace
