//===- ExplainTest.cpp - The one-line explanation of a conflict -----------===//

#include "TestExpr.h"
#include "analysis/ConflictAnalyzer.h"

#include <gtest/gtest.h>

using namespace lds;
using namespace lds::test;

namespace {

AccessResult run(const Access &A, const char *Target = "sm_90") {
  static BankModel M = BankModel::builtin();
  return ConflictAnalyzer(M).analyze(A, *M.find(Target));
}

} // namespace

TEST(Explain, ColumnWalk) {
  AccessResult R = run(elementAccess(tx() * 32, 4));
  EXPECT_EQ(R.explain(), "lanes 0-31 all hit bank 0");
  EXPECT_EQ(R.Witness.WordsOnBank, 32u);
  EXPECT_EQ(R.Witness.GroupLanes.size(), 32u);
}

TEST(Explain, TwoWay) {
  // Stride 34 floats: bank 2t mod 32, lanes t and t+16 share a bank.
  EXPECT_EQ(run(elementAccess(tx() * 34, 4)).explain(),
            "lanes 0,16 hit bank 0 at 2 different words");
}

TEST(Explain, SecondHalfOfAWave64) {
  // gfx942: lanes 0-31 and 32-63 are separate groups; both 32-way; the
  // first wave and first group are the witness.
  AccessResult R = run(elementAccess(tx() * 32, 4, {64, 1, 1}), "gfx942");
  EXPECT_EQ(R.explain(), "lanes 0-31 all hit bank 0");
}

TEST(Explain, SharedWordsAndMerges) {
  // ld_f32_pairs_col: pairs share a word: 16 words for 32 lanes.
  EXPECT_EQ(run(elementAccess((tx() >> 1) * 32, 4)).explain(),
            "lanes 0-31 hit bank 0 at 16 different words");
  // ld_f4_dup_all: all lanes read one float4; pairs merge.
  EXPECT_EQ(run(elementAccess(X(0), 16)).explain(),
            "lanes 0-15 hit bank 0 at 1 word (pairs merged)");
}

TEST(Explain, UnknownGivesItsReason) {
  AccessResult R = run(elementAccess(tx() * sym("n"), 4));
  EXPECT_EQ(R.explain(), R.Reason);
}
