//===- LdmatrixOracleTest.cpp - Every H200 ldmatrix row equals sm_90 ------===//
//
// test/oracle/ldmatrix/cases.tsv says what each measured kernel does (ld or
// st matrix, .xN, .trans, the byte address of lane l's row); truth_h200.tsv
// what Nsight Compute measured. An ldmatrix / stmatrix is what the front end
// makes of it: a Matrix access of 16 bytes per lane from lanes 0..8n-1 (one
// warp, as measured). The analysis must reproduce wavefronts_per_inst for
// every row.
//
//===----------------------------------------------------------------------===//

#include "OracleExprParser.h"
#include "analysis/ConflictAnalyzer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "TsvRows.h"

using namespace lds;

namespace {

using Row = test::TsvRow;

std::vector<Row> readRows(const std::string &Path) { return test::readTsvRows(Path); }

/// The access the front end builds for `ldmatrix ... [addr]` in one warp.
Access matrixAccess(const Row &T, ExprRef Addr) {
  Access A;
  A.Kind = T.at("op") == "st" ? AccessKind::Store : AccessKind::Load;
  A.WidthBytes = 16;
  A.Matrix = true;
  A.ByteOffset = Addr;
  unsigned Lanes = 8 * static_cast<unsigned>(std::stoul(T.at("num")));
  A.Predicate = LaneExpr::binary(BinaryOp::LT, LaneExpr::laneId(), LaneExpr::constant(Lanes),
                                 IntType::boolean());
  A.Block.Dims = {32, 1, 1};
  A.IndexText = T.at("addr");
  return A;
}

} // namespace

TEST(LdmatrixOracle, EveryH200MeasurementMatchesSm90) {
  const std::string Path = std::string(LDS_LDMATRIX_ORACLE_DIR) + "/truth_h200.tsv";
  std::vector<Row> Truth = readRows(Path);
  ASSERT_EQ(Truth.size(), 118u) << Path;

  BankModel Model = BankModel::builtin();
  ConflictAnalyzer Analyzer(Model);
  const TargetModel &Sm90 = *Model.find("sm_90");
  unsigned Matched = 0;
  for (const Row &T : Truth) {
    const std::string &Name = T.at("name");
    // The cases write lane l; the oracle parser reads tx (one warp: equal).
    std::string Text = std::regex_replace(T.at("addr"), std::regex("\\bl\\b"), "tx");
    std::string Error;
    ExprRef Addr = test::parseOracleExpr(Text, Error);
    ASSERT_TRUE(Addr) << Name << ": " << Error;
    AccessResult R = Analyzer.analyze(matrixAccess(T, Addr), Sm90);
    double Measured = std::stod(T.at("wavefronts_per_inst"));
    EXPECT_EQ(R.Status, ResultStatus::Exact) << Name << ": " << R.Reason;
    EXPECT_DOUBLE_EQ(R.Passes, Measured) << Name << " [" << T.at("addr") << "]: " << R.explain();
    if (R.Status == ResultStatus::Exact && R.Passes == Measured)
      ++Matched;
  }
  std::cout << "[ oracle  ] " << Matched << " of " << Truth.size()
            << " H200 ldmatrix rows matched\n";
  EXPECT_EQ(Matched, Truth.size());
}

// The plain 16-byte read row merges aligned lane pairs; ldmatrix does not
// (ld_x4_bcast: 4 wavefronts, where LDS.128 of one address takes 2).
TEST(LdmatrixOracle, MatrixRowIsNotThePlainReadRow) {
  BankModel Model = BankModel::builtin();
  const TargetModel &Sm90 = *Model.find("sm_90");
  const BankRule *Plain = Sm90.findRule(Direction::Read, 16);
  const BankRule *Matrix = Sm90.findRule(Direction::Read, 16, /*Matrix=*/true);
  ASSERT_TRUE(Plain && Matrix);
  EXPECT_TRUE(Plain->PairMerge);
  EXPECT_FALSE(Matrix->PairMerge);
  EXPECT_TRUE(Matrix->Matrix);
  EXPECT_FALSE(Plain->Matrix);
  // A target without matrix rows falls back to its plain rows.
  const TargetModel &Gfx942 = *Model.find("gfx942");
  EXPECT_EQ(Gfx942.findRule(Direction::Read, 16, true), Gfx942.findRule(Direction::Read, 16));
}
