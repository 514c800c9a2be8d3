//===- RaceCheckTest.cpp - The prefetch's race check over threads and iterations -===//
//
// checkPrefetchRace on hand-made indexes: a store to the next row races
// with the next iteration's load (and the pair is named), a store to the
// current row does not, the last iteration's clamped reload races only
// when no barrier orders it, and an index it cannot evaluate is Unknown.
//
//===----------------------------------------------------------------------===//

#include "analysis/RaceCheck.h"

#include <gtest/gtest.h>

using namespace lds;

namespace {

SourceLoc line(unsigned L) {
  SourceLoc S;
  S.File = "k.hip";
  S.Line = L;
  return S;
}

/// row * 256 + threadIdx.x, row = i + Shift.
ExprRef rowIndex(int64_t Shift) {
  ExprRef Row = LaneExpr::add(LaneExpr::symbol("i"), LaneExpr::constant(Shift));
  return LaneExpr::add(LaneExpr::mul(Row, LaneExpr::constant(256)), LaneExpr::threadIdx(0));
}

PrefetchRaceQuery query(int64_t StoreShift, unsigned Iterations) {
  PrefetchRaceQuery Q;
  Q.Block = {256, 1, 1};
  Q.Loads = {{"data", rowIndex(0), line(9)}};
  Q.Stores = {{"data", rowIndex(StoreShift), line(11)}};
  for (unsigned I = 0; I < Iterations; ++I)
    Q.Iterations.push_back({{"i", I}});
  return Q;
}

TEST(RaceCheckTest, StoreToTheNextRowRaces) {
  PrefetchRaceQuery Q = query(1, 4);
  PrefetchRace R = checkPrefetchRace(Q);
  ASSERT_EQ(R.Result, PrefetchRace::Race);
  EXPECT_EQ(R.StoreThread, 0u);
  EXPECT_EQ(R.LoadThread, 0u);
  EXPECT_EQ(R.StoreIteration, 0u);
  EXPECT_EQ(R.LoadIteration, 1u);
  EXPECT_EQ(R.Element, 256);
  EXPECT_EQ(describeRace(Q, R),
            "thread 0 stores data[256] at line 11 in iteration 0, which thread 0 loads for "
            "iteration 1 at line 9: the prefetch would read it before the store");
}

TEST(RaceCheckTest, StoreToTheCurrentRowIsProvenBeforeTheWait) {
  PrefetchRaceQuery Q = query(0, 8);
  Q.ClampedRaces = false;
  PrefetchRace R = checkPrefetchRace(Q);
  ASSERT_EQ(R.Result, PrefetchRace::Proven);
  EXPECT_EQ(R.PairsChecked, 7u * 256 * 256);
}

TEST(RaceCheckTest, ClampedReloadRacesAfterTheWait) {
  PrefetchRaceQuery Q = query(0, 8);
  Q.ClampedRaces = true;
  PrefetchRace R = checkPrefetchRace(Q);
  ASSERT_EQ(R.Result, PrefetchRace::Race);
  EXPECT_EQ(R.StoreIteration, 7u);
  EXPECT_EQ(R.LoadIteration, 7u);
  EXPECT_EQ(R.Element, 7 * 256);
}

TEST(RaceCheckTest, AnotherThreadsElement) {
  // Thread t stores the element thread t + 1 loads in the next iteration.
  PrefetchRaceQuery Q = query(0, 3);
  Q.Stores[0].Index = LaneExpr::add(rowIndex(1), LaneExpr::constant(1));
  PrefetchRace R = checkPrefetchRace(Q);
  ASSERT_EQ(R.Result, PrefetchRace::Race);
  EXPECT_EQ(R.StoreThread, 0u);
  EXPECT_EQ(R.LoadThread, 1u);
}

TEST(RaceCheckTest, UnboundSymbolIsUnknown) {
  PrefetchRaceQuery Q = query(1, 2);
  Q.Loads[0].Index = LaneExpr::add(rowIndex(0), LaneExpr::symbol("n"));
  PrefetchRace R = checkPrefetchRace(Q);
  EXPECT_EQ(R.Result, PrefetchRace::Unknown);
  EXPECT_NE(R.Why.find("line 9"), std::string::npos);
}

} // namespace
