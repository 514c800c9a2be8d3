//===- OracleTest.cpp - Every H200 measurement must equal sm_90 passes ----===//
//
// test/oracle/cases.tsv says what each measured kernel does (element
// type, block, index, lane predicate); truth_h200.tsv says what Nsight
// Compute measured. The analysis must reproduce wavefronts_per_inst for
// every row (docs/design.md, "What one access costs").
//
//===----------------------------------------------------------------------===//

#include "OracleExprParser.h"
#include "analysis/ConflictAnalyzer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "TsvRows.h"

using namespace lds;

namespace {

using Row = test::TsvRow;

/// Rows of a tab-separated file with a header line, by their "name" column.
std::map<std::string, Row> readTable(const std::string &Path) {
  std::map<std::string, Row> Rows;
  for (Row &R : test::readTsvRows(Path))
    Rows[R["name"]] = R;
  return Rows;
}

unsigned elementBytes(const std::string &CType) {
  static const std::map<std::string, unsigned> Sizes = {{"float", 4},  {"__half", 2},
                                                        {"double", 8}, {"float4", 16},
                                                        {"float2", 8}, {"unsigned char", 1}};
  auto It = Sizes.find(CType);
  return It == Sizes.end() ? 0 : It->second;
}

} // namespace

TEST(Oracle, EveryH200MeasurementMatchesSm90) {
  const std::string Dir = LDS_ORACLE_DIR;
  std::ifstream Probe(Dir + "/truth_h200.tsv");
  ASSERT_TRUE(Probe) << "no " << Dir << "/truth_h200.tsv (test/oracle is part of the repository)";
  std::map<std::string, Row> Truth = readTable(Dir + "/truth_h200.tsv");
  std::map<std::string, Row> Cases = readTable(Dir + "/cases.tsv");
  ASSERT_EQ(Truth.size(), 129u);

  BankModel Model = BankModel::builtin();
  ConflictAnalyzer Analyzer(Model);
  const TargetModel &Sm90 = *Model.find("sm_90");
  unsigned Matched = 0;
  for (const auto &[Name, T] : Truth) {
    ASSERT_TRUE(Cases.count(Name)) << Name << " missing from cases.tsv";
    const Row &C = Cases[Name];
    std::string Error;
    ExprRef Index = test::parseOracleExpr(C.at("index"), Error);
    ASSERT_TRUE(Index) << Name << ": " << Error;
    ExprRef Pred = test::parseOracleExpr(C.at("pred"), Error);
    ASSERT_TRUE(Pred) << Name << ": " << Error;
    unsigned Bytes = elementBytes(C.at("ctype"));
    ASSERT_NE(Bytes, 0u) << Name << ": element type " << C.at("ctype");

    Access A;
    A.Kind = C.at("op") == "st" ? AccessKind::Store : AccessKind::Load;
    A.WidthBytes = Bytes;
    A.ByteOffset = LaneExpr::mul(Index, LaneExpr::constant(Bytes));
    A.Predicate = Pred->isConstant() && Pred->Value != 0 ? nullptr : Pred;
    A.Block.Dims = {static_cast<unsigned>(std::stoul(C.at("bx"))),
                    static_cast<unsigned>(std::stoul(C.at("by"))), 1};
    A.IndexText = C.at("index");

    AccessResult R = Analyzer.analyze(A, Sm90);
    double Measured = std::stod(T.at("wavefronts_per_inst"));
    EXPECT_EQ(R.Status, ResultStatus::Exact) << Name << ": " << R.Reason;
    EXPECT_DOUBLE_EQ(R.Passes, Measured) << Name << " (" << C.at("ctype") << " s[" << C.at("index")
                                         << "] if " << C.at("pred") << "): " << R.explain();
    if (R.Status == ResultStatus::Exact && R.Passes == Measured)
      ++Matched;
  }
  std::cout << "[ oracle  ] " << Matched << " of " << Truth.size() << " H200 rows matched\n";
  EXPECT_EQ(Matched, Truth.size());
}
