//===- SymbolsTest.cpp - Loop counters, free and assumed symbols ----------===//

#include "TestExpr.h"
#include "analysis/ConflictAnalyzer.h"

#include <gtest/gtest.h>

using namespace lds;
using namespace lds::test;

namespace {

const BankModel &model() {
  static BankModel M = BankModel::builtin();
  return M;
}

AccessResult run(const Access &A, const char *Target = "sm_90",
                 const std::map<std::string, int64_t> &Assume = {}) {
  return ConflictAnalyzer(model()).analyze(A, *model().find(Target), Assume);
}

} // namespace

// Tree reduction: for (s = 1; s < 1024; s *= 2) { int i = 2 * s * tid;
// if (i < 1024) sdata[i] += ...; }   Block 1024, floats, sm_90.
// Only waves with an active lane execute it, and the warps that do have
// tid < 512 / s. Words 2st: s = 1: 2-way ... s = 16: one warp, 32-way;
// s = 32: 16 lanes on bank 0: 16-way; afterwards fewer lanes.
TEST(Symbols, LoopCounterReportsTheWorstIteration) {
  X Index = X(2) * sym("s") * tx();
  Access A = elementAccess(Index, 4, {1024, 1, 1}, AccessKind::Load, (Index < 1024).E);
  A.Symbols["s"] = loopCounter({1, 2, 4, 8, 16, 32, 64, 128, 256, 512});
  AccessResult R = run(A);
  ASSERT_EQ(R.Status, ResultStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Passes, 32);
  EXPECT_EQ(R.IdealPasses, 1);
  EXPECT_EQ(R.Degree, 32);
  EXPECT_TRUE(R.VariesWithIteration);
  EXPECT_EQ(R.WorstBinding, (std::map<std::string, int64_t>{{"s", 16}}));
}

TEST(Symbols, EqualCyclesPreferTheWorseDegree) {
  // The same reduction on gfx942 (wave64, groups of 32): s = 8 keeps a full
  // wave busy, 16 + 16 passes against an ideal of 2; s = 16 keeps only
  // lanes 0-31, 32 passes against an ideal of 1. Same cycles; s = 16 is the
  // 32-way conflict.
  X Index = X(2) * sym("s") * tx();
  Access A = elementAccess(Index, 4, {1024, 1, 1}, AccessKind::Load, (Index < 1024).E);
  A.Symbols["s"] = loopCounter({1, 2, 4, 8, 16, 32, 64, 128, 256, 512});
  AccessResult R = run(A, "gfx942");
  EXPECT_EQ(R.Passes, 32);
  EXPECT_EQ(R.Degree, 32);
  EXPECT_EQ(R.WorstBinding.at("s"), 16);
}

TEST(Symbols, LoopCounterThatOnlyShiftsDoesNotVary) {
  // for (k = 0; k < 8; ++k) tile[k * 32 + tx]: the same cost every time.
  Access A = elementAccess(sym("k") * 32 + tx(), 4);
  A.Symbols["k"] = loopCounter({0, 1, 2, 3, 4, 5, 6, 7});
  AccessResult R = run(A);
  ASSERT_EQ(R.Status, ResultStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Passes, 1);
  EXPECT_FALSE(R.VariesWithIteration);
  EXPECT_TRUE(R.WorstBinding.empty());
}

TEST(Symbols, FreeUniformOffsetIsExact) {
  // blockIdx.x * 256 + tx style: a uniform offset moves every lane alike.
  Access A = elementAccess(sym("n") + tx(), 4);
  A.Symbols["n"] = kernelArgument("n");
  AccessResult R = run(A);
  EXPECT_EQ(R.Status, ResultStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Passes, 1);

  // Also when nobody described the symbol.
  AccessResult Bare = run(elementAccess(tx() * 33 + sym("base"), 4));
  EXPECT_EQ(Bare.Status, ResultStatus::Exact) << Bare.Reason;
  EXPECT_EQ(Bare.Passes, 1);
}

TEST(Symbols, FreeStrideIsUnknown) {
  Access A = elementAccess(tx() * sym("n"), 4);
  A.Symbols["n"] = kernelArgument("n");
  AccessResult R = run(A);
  EXPECT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_NE(R.Reason.find("kernel argument 'n'"), std::string::npos) << R.Reason;
  EXPECT_NE(R.Reason.find("--assume n=VALUE"), std::string::npos) << R.Reason;
  EXPECT_FALSE(R.conflicts());
}

TEST(Symbols, TheCulpritIsNamedAmongSeveral) {
  Access A = elementAccess(tx() * sym("stride") + sym("offset"), 4);
  A.Symbols["offset"] = kernelArgument("offset");
  AccessResult R = run(A);
  ASSERT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_EQ(R.Reason, "depends on 'stride'; pass --assume stride=VALUE");
}

TEST(Symbols, AssumptionMakesItExact) {
  Access A = elementAccess(tx() * sym("n"), 4);
  A.Symbols["n"] = kernelArgument("n");
  AccessResult Padded = run(A, "sm_90", {{"n", 33}});
  EXPECT_EQ(Padded.Status, ResultStatus::Exact) << Padded.Reason;
  EXPECT_EQ(Padded.Passes, 1);
  AccessResult Column = run(A, "sm_90", {{"n", 32}});
  EXPECT_EQ(Column.Passes, 32);
  EXPECT_TRUE(Column.conflicts());

  // An Assumed-domain symbol takes its single value.
  A.Symbols["n"].Dom = SymbolInfo::Assumed;
  A.Symbols["n"].Vals = {32};
  EXPECT_EQ(run(A).Passes, 32);
}

TEST(Symbols, BoundsCheckOnAFreeSizeStaysExact) {
  // if (tx < n) tile[tx]: samples where no lane runs do not count.
  Access A = elementAccess(tx(), 4, {256, 1, 1}, AccessKind::Load, (tx() < sym("n")).E);
  A.Symbols["n"] = kernelArgument("n");
  AccessResult R = run(A);
  EXPECT_EQ(R.Status, ResultStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Passes, 1);
}

TEST(Symbols, UnknownNodesAndFailuresAreUnknown) {
  X Data = LaneExpr::unknown("index read from memory ('perm[tx]')");
  AccessResult R = run(elementAccess(Data, 4));
  EXPECT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_EQ(R.Reason, "index read from memory ('perm[tx]')");

  AccessResult Div = run(elementAccess(X(64) / (tx() - 3), 4));
  EXPECT_EQ(Div.Status, ResultStatus::Unknown);
  EXPECT_NE(Div.Reason.find("division by zero"), std::string::npos) << Div.Reason;

  // The same division guarded by the predicate is fine.
  AccessResult Guarded =
      run(elementAccess(X(64) / (tx() - 3), 4, {32, 1, 1}, AccessKind::Load, (tx() != 3).E));
  EXPECT_EQ(Guarded.Status, ResultStatus::Exact) << Guarded.Reason;
}

TEST(Symbols, NoRuleIsUnknown) {
  TargetModel Empty = *model().find("sm_90");
  Empty.Rules.clear();
  AccessResult R = ConflictAnalyzer(model()).analyze(elementAccess(tx(), 4), Empty);
  EXPECT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_FALSE(R.Reason.empty());
}

TEST(Symbols, PartialLastWaveAndIdleWaves) {
  // 48 threads on wave64: one wave, lanes 48-63 inactive; 16 lanes per bank
  // group... lanes 0-31 and 32-47 in two groups, column walk: 32 + 16.
  AccessResult R = run(elementAccess(tx() * 32, 4, {48, 1, 1}), "gfx942");
  EXPECT_EQ(R.Passes, 48);
  EXPECT_EQ(R.IdealPasses, 2);
}
