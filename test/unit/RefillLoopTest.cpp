//===- RefillLoopTest.cpp - Which hazard forbids a prefetch ---------------===//
//
// blockingHazard and describeHazard on hand-made refill loops: the rule a
// hazard breaks, the first rule wins (then the first line), a const
// __restrict__ source lifts a global store but not an atomic or a fence.
//
//===----------------------------------------------------------------------===//

#include "analysis/RefillLoop.h"

#include <gtest/gtest.h>

using namespace lds;

namespace {

Hazard hazard(MoveHazard K, unsigned Line, std::string What) {
  Hazard H;
  H.Kind = K;
  H.Loc.File = "k.hip";
  H.Loc.Line = Line;
  H.Loc.Offset = Line * 40;
  H.What = std::move(What);
  return H;
}

TEST(RefillLoopTest, RuleOfEachHazard) {
  EXPECT_EQ(ruleOf(MoveHazard::LdsInMovedValue), 1u);
  EXPECT_EQ(ruleOf(MoveHazard::GlobalStore), 2u);
  EXPECT_EQ(ruleOf(MoveHazard::Atomic), 2u);
  EXPECT_EQ(ruleOf(MoveHazard::Fence), 2u);
  EXPECT_EQ(ruleOf(MoveHazard::LoopCarriedValue), 3u);
  EXPECT_EQ(ruleOf(MoveHazard::BarrierResult), 3u);
  EXPECT_EQ(ruleOf(MoveHazard::GuardedRefill), 3u);
  EXPECT_EQ(ruleOf(MoveHazard::Volatile), 4u);
  EXPECT_EQ(ruleOf(MoveHazard::InlineAsm), 4u);
  EXPECT_EQ(ruleOf(MoveHazard::UnknownCall), 4u);
  EXPECT_EQ(ruleOf(MoveHazard::CrossLane), 4u);
  EXPECT_EQ(ruleOf(MoveHazard::OtherBarrier), 4u);
  EXPECT_EQ(ruleOf(MoveHazard::DivergentBarrier), 5u);
  EXPECT_EQ(ruleOf(MoveHazard::NonUniformLoop), 5u);
  EXPECT_EQ(ruleOf(MoveHazard::EarlyExit), 5u);
  EXPECT_EQ(ruleOf(MoveHazard::Registers), 7u);
}

TEST(RefillLoopTest, NoHazardNoBlock) {
  RefillLoop L;
  EXPECT_FALSE(blockingHazard(L).has_value());
}

TEST(RefillLoopTest, LowestRuleThenFirstLineBlocks) {
  RefillLoop L;
  L.Hazards = {hazard(MoveHazard::UnknownCall, 12, "'f'"),
               hazard(MoveHazard::GlobalStore, 14, "the store to 'C'"),
               hazard(MoveHazard::Atomic, 11, "'atomicAdd'")};
  ASSERT_EQ(blockingHazard(L), std::optional<size_t>(2));
  EXPECT_EQ(describeHazard(L.Hazards[2]),
            "rule 2 of barriers.md: the atomic 'atomicAdd' may order memory through the "
            "barrier (line 11)");
}

TEST(RefillLoopTest, RestrictSourcesLiftGlobalStoresOnly) {
  RefillLoop L;
  L.LoadsRestrict = true;
  L.Hazards = {hazard(MoveHazard::GlobalStore, 14, "the store to 'out'")};
  EXPECT_FALSE(blockingHazard(L).has_value());
  L.Hazards.push_back(hazard(MoveHazard::Fence, 15, "'__threadfence'"));
  EXPECT_EQ(blockingHazard(L), std::optional<size_t>(1));
  L.LoadsRestrict = false;
  EXPECT_EQ(blockingHazard(L), std::optional<size_t>(0));
  EXPECT_EQ(describeHazard(L.Hazards[0]),
            "rule 2 of barriers.md: the store to 'out' may write what the next iteration's "
            "loads read, and the pointers they load through are not 'const __restrict__' "
            "(line 14)");
}

TEST(RefillLoopTest, PlacementNames) {
  EXPECT_STREQ(placementName(PrefetchPlacement::Auto), "auto");
  EXPECT_STREQ(placementName(PrefetchPlacement::BeforeWait), "before-wait");
  EXPECT_STREQ(placementName(PrefetchPlacement::AfterWait), "after-wait");
}

} // namespace
