//===- BlockCostTest.cpp - The block rule, its one copy, and symbol text --===//

#include "analysis/BlockCost.h"
#include "TestExpr.h"
#include "analysis/ConflictAnalyzer.h"
#include "analysis/SymbolText.h"
#include "analysis/WaveTrace.h"

#include <gtest/gtest.h>

using namespace lds;
using namespace lds::test;

namespace {

/// A wave of 32 lanes: lane L asks byte L * Stride; lanes from Active on
/// are off.
WaveAddresses wave(int64_t Stride, unsigned Active = 32) {
  WaveAddresses W;
  for (unsigned L = 0; L < 32; ++L) {
    W.Bytes.push_back(L * Stride);
    W.Active.push_back(L < Active);
  }
  return W;
}

} // namespace

TEST(BlockCost, DegreeAndIdeal) {
  EXPECT_EQ(conflictDegree(32, 1), 32);
  EXPECT_EQ(conflictDegree(3, 2), 1.5);
  EXPECT_EQ(conflictDegree(0, 0), 1) << "nothing executes";
  WaveAddresses W;
  W.Bytes = {100, 7, 300, 9};
  W.Active = {true, false, true, true};
  WaveAddresses Ideal = idealAddresses(W, 4);
  EXPECT_EQ(Ideal.Bytes, (std::vector<int64_t>{0, 7, 4, 8}));
  EXPECT_EQ(Ideal.Active, W.Active);
}

// sm_90, 4-byte reads, 32 banks. Wave 0: stride 32 words, 32-way; wave 1
// off; wave 2: lanes 0-15 with stride 4 words, 2-way; wave 3: consecutive.
// Executing waves 0, 2, 3: passes (32 + 2 + 1) / 3, ideal (1 + 1 + 1) / 3.
TEST(BlockCost, MeanOverTheWavesThatExecute) {
  const TargetModel &T = *builtinModel().find("sm_90");
  const BankRule &R = *T.findRule(Direction::Read, 4);
  BlockCostRule Rule(R, 4, Direction::Read);
  std::vector<WaveAddresses> Block = {wave(128), wave(4, 0), wave(16, 16), wave(4)};
  BlockPasses P = Rule.cost(Block, /*WantWitness=*/true);
  EXPECT_TRUE(P.Executed);
  EXPECT_EQ(P.ExecutingWaves, 3u);
  EXPECT_DOUBLE_EQ(P.Passes, 35.0 / 3);
  EXPECT_DOUBLE_EQ(P.IdealPasses, 1);
  EXPECT_DOUBLE_EQ(P.degree(), 35.0 / 3);
  EXPECT_EQ(P.WorstWave, 0u);
  EXPECT_EQ(P.Witness.Wave, 0u);
  EXPECT_TRUE(P.AlternativePasses.empty()) << "not asked";
  EXPECT_EQ(Rule.idealPasses(Block[2]), 1);

  BlockPasses None = Rule.cost({wave(4, 0), wave(4, 0)});
  EXPECT_FALSE(None.Executed);
  EXPECT_EQ(None.Passes, 0);
  EXPECT_EQ(None.degree(), 1);
}

// gfx950's disputed 4-byte row: 32 banks by default, 64 as the other
// reading. A wave64 reading words 32 * L: 32-way per group of 32 (64
// passes), and under 64 banks lanes split over banks 0 and 32: 32-way.
TEST(BlockCost, AlternativeReadings) {
  const TargetModel &T = *builtinModel().find("gfx950");
  const BankRule &R = *T.findRule(Direction::Read, 4);
  ASSERT_EQ(R.Alternatives.size(), 1u);
  WaveAddresses W;
  for (unsigned L = 0; L < 64; ++L) {
    W.Bytes.push_back(int64_t(L) * 128);
    W.Active.push_back(true);
  }
  BlockPasses P = BlockCostRule(R, 4, Direction::Read).cost({W}, false, true);
  EXPECT_EQ(P.Passes, 64);
  ASSERT_EQ(P.AlternativePasses.size(), 1u);
  EXPECT_EQ(P.AlternativePasses[0], 32);
}

// The analyzer and explain's trace cost the worst binding alike.
TEST(BlockCost, AnalyzerAndTraceAgree) {
  X Index = X(2) * sym("s") * tx();
  Access A = elementAccess(Index, 4, {1024, 1, 1}, AccessKind::Load, (Index < 1024).E);
  A.Symbols["s"] = loopCounter({1, 2, 4, 8, 16, 32, 64, 128, 256, 512});
  for (const char *Target : {"sm_90", "gfx942", "gfx1250"}) {
    const TargetModel &T = *builtinModel().find(Target);
    AccessResult R = ConflictAnalyzer(builtinModel()).analyze(A, T);
    ASSERT_EQ(R.Status, ResultStatus::Exact) << R.Reason;
    WaveTrace Trace = traceWorstWave(A, T, R);
    ASSERT_TRUE(Trace.Ok) << Trace.Why;
    EXPECT_DOUBLE_EQ(Trace.BlockPasses, R.Passes) << Target;
    EXPECT_DOUBLE_EQ(Trace.BlockIdealPasses, R.IdealPasses) << Target;
  }
}

TEST(SymbolText, LoopSymbols) {
  Access A;
  SymbolInfo Iteration;
  Iteration.Description = "iteration of the loop at k.hip:12";
  A.Symbols["iteration@k.hip:12"] = Iteration;
  A.Symbols["j@k.hip:20"] = loopCounter({0, 1});
  for (SymbolSpelling S : {SymbolSpelling::Full, SymbolSpelling::Short}) {
    EXPECT_EQ(symbolValueText(A, "iteration@k.hip:12", 3, S),
              "iteration of the loop at k.hip:12 = 3");
    EXPECT_EQ(symbolValueText(A, "j", 8, S), "j = 8");
    EXPECT_EQ(symbolValueText(A, "@odd", 1, S), "@odd = 1");
  }
  // The two spellings differ only in the "@file:line" of other names.
  EXPECT_EQ(symbolValueText(A, "j@k.hip:20", 8, SymbolSpelling::Full), "j@k.hip:20 = 8");
  EXPECT_EQ(symbolValueText(A, "j@k.hip:20", 8, SymbolSpelling::Short), "j = 8");
  EXPECT_EQ(symbolValueText(A, "iteration@k.hip:30", 2, SymbolSpelling::Full),
            "iteration@k.hip:30 = 2")
      << "not described by A";
  EXPECT_EQ(symbolValueText(A, "iteration@k.hip:30", 2, SymbolSpelling::Short), "iteration = 2");
}
