//===- RedundantBarriersTest.cpp - Which barriers order nothing -----------===//
//
// findRedundantBarriers on hand-made models: the barrier before must be a
// fenced block barrier, only plain __syncthreads() / block sync go, a run
// keeps its first, and a place redundant in one instantiation only stays.
//
//===----------------------------------------------------------------------===//

#include "analysis/RedundantBarriers.h"

#include <gtest/gtest.h>

using namespace lds;

namespace {

SourceLoc at(unsigned Line) {
  SourceLoc L;
  L.File = "k.hip";
  L.Line = Line;
  L.Column = 3;
  L.Offset = Line * 100;
  return L;
}

/// A barrier of kernel K at Line; After: the line of the barrier before it
/// with only register code between (0: none).
Barrier barrier(const std::string &K, unsigned Line, unsigned After,
                BarrierKind Kind = BarrierKind::SyncThreads) {
  Barrier B;
  B.Kernel = K;
  B.Loc = at(Line);
  B.Kind = Kind;
  B.Removable = true;
  if (After)
    B.AfterOnlyRegisters = at(After);
  return B;
}

TEST(RedundantBarriers, TheSecondOfAPairGoes) {
  Model M;
  M.Barriers = {barrier("k", 10, 0), barrier("k", 12, 10), barrier("k", 20, 0)};
  std::vector<RedundantBarrier> R = findRedundantBarriers(M);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Barrier, 1u);
  EXPECT_EQ(R[0].Kept.Line, 10u);
  EXPECT_EQ(R[0].KeptBarrier, 0u);
  EXPECT_EQ(barrierIdentity(M, 1), "barrier|k|1");
}

TEST(RedundantBarriers, ARunKeepsItsFirst) {
  Model M;
  M.Barriers = {barrier("k", 10, 0), barrier("k", 11, 10), barrier("k", 15, 11)};
  std::vector<RedundantBarrier> R = findRedundantBarriers(M);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].Barrier, 1u);
  EXPECT_EQ(R[1].Barrier, 2u);
  EXPECT_EQ(R[0].Kept.Line, 10u);
  EXPECT_EQ(R[1].Kept.Line, 10u);
}

TEST(RedundantBarriers, TheOneBeforeMustFenceTheBlock) {
  Model M;
  // s_barrier, asm and __syncwarp order no memory of the block: the
  // __syncthreads() after them stays.
  M.Barriers = {barrier("k", 10, 0, BarrierKind::BareBarrier), barrier("k", 11, 10),
                barrier("k", 20, 0, BarrierKind::AsmBarrier), barrier("k", 21, 20),
                barrier("k", 30, 0, BarrierKind::SyncWarp), barrier("k", 31, 30),
                // A reduction fences the block: what follows it may go.
                barrier("k", 40, 0, BarrierKind::SyncThreadsReduce), barrier("k", 41, 40)};
  std::vector<RedundantBarrier> R = findRedundantBarriers(M);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(M.Barriers[R[0].Barrier].Loc.Line, 41u);
}

TEST(RedundantBarriers, OnlyPlainBlockBarriersGo) {
  Model M;
  M.Barriers = {barrier("k", 10, 0),
                barrier("k", 11, 10, BarrierKind::SyncThreadsReduce),
                barrier("k", 12, 11, BarrierKind::BareBarrier),
                barrier("k", 20, 0),
                barrier("k", 21, 20, BarrierKind::BlockSync),
                barrier("k", 30, 0),
                barrier("k", 31, 30)};
  // A macro spells it: redundant all the same (the fix leaves it, and says so).
  M.Barriers.back().Removable = false;
  std::vector<RedundantBarrier> R = findRedundantBarriers(M);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(M.Barriers[R[0].Barrier].Loc.Line, 21u);
  EXPECT_EQ(M.Barriers[R[1].Barrier].Loc.Line, 31u);
}

TEST(RedundantBarriers, EveryInstantiationMustAgree) {
  Model M;
  // k<float> and k<Boxed> share places; between 10 and 12 k<Boxed> calls.
  M.Barriers = {barrier("k<float>", 10, 0), barrier("k<float>", 12, 10), barrier("k<Boxed>", 10, 0),
                barrier("k<Boxed>", 12, 0),
                // 20 -> 22 in both: redundant.
                barrier("k<float>", 20, 0), barrier("k<float>", 22, 20), barrier("k<Boxed>", 20, 0),
                barrier("k<Boxed>", 22, 20)};
  std::vector<RedundantBarrier> R = findRedundantBarriers(M);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(M.Barriers[R[0].Barrier].Loc.Line, 22u);
  EXPECT_EQ(M.Barriers[R[0].Barrier].Kernel, "k<float>");
}

} // namespace
