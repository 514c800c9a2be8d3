//===- SoundnessTest.cpp - Nothing not evaluated ever becomes a number ---===//
//
// A false "no conflict" is the worst answer the tool can give. Each test
// hides a part that cannot be evaluated somewhere in an index whose other
// parts would be conflict-free, and checks that the access is unknown; then
// the cases where the tool may prove that the hidden part does not matter.
//
//===----------------------------------------------------------------------===//

#include "TestExpr.h"
#include "analysis/ConflictAnalyzer.h"

#include <gtest/gtest.h>

using namespace lds;
using namespace lds::test;

namespace {

AccessResult run(const Access &A, const char *Target = "sm_90") {
  return ConflictAnalyzer(builtinModel()).analyze(A, *builtinModel().find(Target));
}

X data() { return LaneExpr::unknown("value read from memory"); }

} // namespace

// An unknown anywhere but a bank-preserving product is unknown: under a
// select, as a shift amount, under a mask, inside a cast, in the guard.
TEST(Soundness, UnknownTermsAnywhereAreUnknown) {
  X Pieces[] = {
      tx() + sel(data(), 0, 1), tx() + (X(1) << data()),
      tx() + (data() & 1),      tx() + X(LaneExpr::cast(data().E, IntType::u32())) * 3,
      tx() * 2 + data() * 16, // 64 bytes: moves lanes by half the banks
  };
  for (X &P : Pieces) {
    AccessResult R = run(elementAccess(P, 4));
    EXPECT_EQ(R.Status, ResultStatus::Unknown) << P.E->str();
    EXPECT_EQ(R.Reason.rfind("value read from memory", 0), 0u) << R.Reason;
  }
  AccessResult G = run(elementAccess(tx(), 4, {32, 1, 1}, AccessKind::Load, (data() != 0).E));
  EXPECT_EQ(G.Status, ResultStatus::Unknown);
}

// A shift out of range for some lanes only: never costed from the others.
TEST(Soundness, LaneThatFailsMakesItUnknown) {
  X I = tx() * 2;
  Access A =
      elementAccess(I + bin(BinaryOp::Shr, I, X(LaneExpr::cast((X(32) + I).E, IntType::i32()))), 4);
  AccessResult R = run(A);
  ASSERT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_EQ(R.Reason, "a shift by 32 (out of range for a 32-bit value) in the "
                      "index at threadIdx (0, 0, 0)");
}

// The same failure when a free symbol's sample is what reaches it: the other
// samples must not stand in for the lanes that failed (shift_loop.cu).
TEST(Soundness, FailingFreeSampleIsUnknownNotSkipped) {
  // offset = 0 (the first value tried) evaluates everywhere and is a
  // broadcast; offset = 1 shifts lane 24 by 32.
  X Scaled = tx() * sym("offset");
  Access A = elementAccess(Scaled + (Scaled >> (sym("offset") * 8 + tx())), 4);
  A.Symbols["offset"] = kernelArgument("offset");
  AccessResult R = run(A);
  ASSERT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_NE(R.Reason.find("out of range"), std::string::npos) << R.Reason;
  EXPECT_NE(R.Reason.find("when trying offset = "), std::string::npos) << R.Reason;
}

// Undefined behaviour in a uniform part for one tried value (n = 0) is an
// impossible value, not a lane the tool failed to see: the others decide.
TEST(Soundness, UniformDivisionByATriedZeroIsPassedOver) {
  Access A = elementAccess(tx() + (X(64) / sym("n")) * 32, 4);
  A.Symbols["n"] = kernelArgument("n");
  AccessResult R = run(A);
  ASSERT_EQ(R.Status, ResultStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Passes, 1);
}

// Every iteration is evaluated; one that fails makes the whole unknown.
TEST(Soundness, FailingIterationIsUnknown) {
  Access A = elementAccess(tx() * 2 + (X(1) << (sym("d") + tx())), 4);
  A.Symbols["d"] = loopCounter({0, 1, 31});
  AccessResult R = run(A);
  ASSERT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_NE(R.Reason.find("with d = 1"), std::string::npos) << R.Reason;
}

// Outside the array under the shape: not a cost (default_block_oob.cu).
TEST(Soundness, OutsideTheArrayIsUnknownAndBlamesTheShape) {
  Access A = elementAccess(tx() * 2, 4, {256, 1, 1});
  A.ArrayBytes = 32 * 4;
  A.ElementBytes = 4;
  AccessResult R = run(A);
  ASSERT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_EQ(R.Reason, "the access falls outside the array (byte 2040, element 510 of 32) "
                      "at threadIdx (255, 0, 0) under block shape 256x1x1, which was "
                      "assumed (no launch with constant dimensions and no "
                      "__launch_bounds__ give one): the block shape is probably wrong; "
                      "pass --block=X[,Y[,Z]]");
  // The advice is data: another front end names its own setting.
  EXPECT_EQ(R.Cause.Advice, AdviceKind::Block);
  AdviceWords Tidy{"set the option Assume to ", "set the option Block"};
  EXPECT_EQ(causeText(R.Cause, Tidy).substr(R.Cause.Before.size()), "set the option Block");
  A.Block.Dims = {16, 1, 1};
  EXPECT_EQ(run(A).Status, ResultStatus::Exact);
}

// s[value * 128 + lane]: every lane keeps its bank whatever value is, and
// no two lanes share one, so the cost is exact; the proof is recorded.
TEST(Soundness, DataScaledByWholeBankRoundsIsExact) {
  AccessResult R = run(elementAccess(data() * 128 + tx(), 4));
  ASSERT_EQ(R.Status, ResultStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Passes, 1);
  EXPECT_EQ(R.DataIndependence, "the data in the index (value read from memory), scaled by 512 "
                                "bytes, a multiple of 128, changes no lane's bank, and no two "
                                "lanes of a group share a bank");
  // gfx1250's 64 banks: 512 bytes is still a whole number of rounds.
  EXPECT_EQ(run(elementAccess(data() * 128 + tx(), 4), "gfx1250").Status, ResultStatus::Exact);
}

// Two lanes on one bank: data may split their shared word or join two, so
// the cost depends on it (a broadcast today, a conflict tomorrow).
TEST(Soundness, DataWithLanesSharingABankIsUnknown) {
  AccessResult R = run(elementAccess(data() * 128 + tx() / 2, 4));
  ASSERT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_EQ(R.Reason, "value read from memory; lanes 0 and 1 of one lane group "
                      "ask bank 0, so the value decides the cost");
}

// A guard the tool had to drop (it depends on a runtime value) leaves lanes
// active that would not run: a tried value that puts them outside the array
// proves nothing about the value, so the cost depends on the symbol (the
// prescan of prescan_upsweep.cu without --assume n, where only offset = 1
// stayed inside and was reported as exact 2-way).
TEST(Soundness, OutsideTheArrayUnderATriedValueIsUnknown) {
  Access A = elementAccess(tx() * 2 * sym("offset") + sym("offset") - 1, 4);
  A.Symbols["offset"] = kernelArgument("offset");
  A.ArrayBytes = 64 * 4;
  A.ElementBytes = 4;
  A.Notes = {std::string("guard at f.cu:11 depends on 'd'; ") + DroppedGuardNote};
  AccessResult R = run(A);
  ASSERT_EQ(R.Status, ResultStatus::Unknown);
  EXPECT_EQ(R.Reason, "depends on kernel argument 'offset'; pass --assume offset=VALUE");
  EXPECT_EQ(R.Cause.Advice, AdviceKind::Assume);
  EXPECT_EQ(R.Cause.Symbol, "offset");
  EXPECT_EQ(causeText(R.Cause, {"set the option Assume to ", "set the option Block"}),
            "depends on kernel argument 'offset'; set the option Assume to offset=VALUE");
  // Without a dropped guard every lane counted runs it: a tried offset that
  // leaves the array is impossible, but one costed value is still no proof.
  A.Notes.clear();
  EXPECT_EQ(run(A).Status, ResultStatus::Unknown);
}
