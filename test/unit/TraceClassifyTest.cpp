//===- TraceClassifyTest.cpp - Measured instructions as Type A / B / C ----===//
//
// classifyTrace on hand-made kernels shaped like the ATT fixture
// (16 traced waves): each threshold on both sides, the waitcnt lists over
// row order, loops with and without global loads, and the ranking.
//
//===----------------------------------------------------------------------===//

#include "analysis/TraceClassify.h"

#include <gtest/gtest.h>

#include <optional>

using namespace lds;

namespace {

MeasuredInst inst(const char *Text, MeasuredKind K, unsigned Line, uint64_t Hit, double Stall) {
  MeasuredInst M;
  M.Text = Text;
  M.Kind = K;
  M.File = "/src/k.hip";
  M.Line = Line;
  M.Hit = Hit;
  M.Stall = Stall;
  return M;
}

MeasuredKernel kernel(std::vector<MeasuredInst> Insts) {
  MeasuredKernel K;
  K.Name = "k";
  K.Waves = 16;
  K.Insts = std::move(Insts);
  return K;
}

TEST(TraceClassify, TypeAAboveTheStallPerInstance) {
  MeasuredKernel K = kernel({inst("v_mov_b32 v0, 0", MeasuredKind::Other, 9, 16, 100),
                             inst("ds_read_b32 v3, v1", MeasuredKind::LdsLoad, 20, 256, 46080),
                             inst("ds_read_b32 v6, v1 offset:128", MeasuredKind::LdsLoad, 20, 256, 43520),
                             inst("ds_read_b32 v7, v2", MeasuredKind::LdsLoad, 21, 256, 25600)});
  TraceSummary S = classifyTrace(K, TraceThresholds());
  ASSERT_EQ(S.Findings.size(), 1u) << "100 per instance is not above 100";
  const TraceFinding &F = S.Findings[0];
  EXPECT_EQ(F.Type, TraceType::A);
  EXPECT_EQ(F.Line, 20u);
  EXPECT_EQ(F.Insts.size(), 2u);
  EXPECT_DOUBLE_EQ(F.PerInstance, 180);
  EXPECT_EQ(F.Summary, "ds_read_b32 stalls 180 cycles per instance");
  EXPECT_DOUBLE_EQ(F.Share, (46080.0 + 43520) / (100 + 46080 + 43520 + 25600));
}

TEST(TraceClassify, TypeBWaitsOnAWrite) {
  MeasuredKernel K = kernel({inst("s_load_dwordx4 s[0:3], s[4:5], 0x0", MeasuredKind::Other, 10, 16, 0),
                             inst("s_waitcnt lgkmcnt(0)", MeasuredKind::LdsWait, 10, 16, 48000),
                             inst("ds_write_b32 v1, v2", MeasuredKind::LdsStore, 18, 256, 10240),
                             inst("s_waitcnt lgkmcnt(0)", MeasuredKind::LdsWait, 19, 256, 665600)});
  TraceSummary S = classifyTrace(K, TraceThresholds());
  ASSERT_EQ(S.Findings.size(), 1u) << "the wait for the scalar load is not Type B";
  EXPECT_EQ(S.Findings[0].Type, TraceType::B);
  EXPECT_EQ(S.Findings[0].Line, 19u);
  EXPECT_EQ(S.Findings[0].Summary, "s_waitcnt stalls 2600 cycles per instance");
  // The wave file says what the wait waited on: the scalar load only.
  K.Insts[3].WaitedOn = {0};
  EXPECT_TRUE(classifyTrace(K, TraceThresholds()).Findings.empty());
  K.Insts[3].WaitedOn = {2};
  EXPECT_EQ(classifyTrace(K, TraceThresholds()).Findings.size(), 1u);
  // Without the lists, five instructions between are too many.
  K.Insts[3].WaitedOn.clear();
  for (int I = 0; I < 5; ++I)
    K.Insts.insert(K.Insts.begin() + 3, inst("v_add_u32 v1, v1, v2", MeasuredKind::Other, 18, 256, 0));
  EXPECT_TRUE(classifyTrace(K, TraceThresholds()).Findings.empty());
}

TEST(TraceClassify, TypeCCountsBarriersPerWave) {
  std::vector<MeasuredInst> Insts;
  for (unsigned L = 30; L < 35; ++L) {
    Insts.push_back(inst("ds_write_b32 v10, v8", MeasuredKind::LdsStore, L, 16, 480));
    Insts.push_back(inst("s_barrier", MeasuredKind::Barrier, L, 16, 48000));
    Insts.push_back(inst("ds_read_b32 v7, v10", MeasuredKind::LdsLoad, L, 16, 320));
  }
  MeasuredKernel K = kernel(Insts);
  TraceSummary S = classifyTrace(K, TraceThresholds());
  ASSERT_EQ(S.Findings.size(), 1u);
  const TraceFinding &F = S.Findings[0];
  EXPECT_EQ(F.Type, TraceType::C);
  EXPECT_EQ(F.Line, 30u);
  EXPECT_EQ(F.LastLine, 34u);
  EXPECT_DOUBLE_EQ(F.BarriersPerWave, 5);
  EXPECT_EQ(F.Summary, "5 barriers per wave");
  // Four are not more than four.
  K.Insts.resize(12);
  EXPECT_TRUE(classifyTrace(K, TraceThresholds()).Findings.empty());
  // A loop body with one barrier that runs 8 times per wave: a reduction
  // loop, unless it loads from global memory (a tiled loop's refill).
  MeasuredKernel Loop = kernel({inst("ds_read_b32 v7, v10", MeasuredKind::LdsLoad, 40, 128, 0),
                                inst("s_barrier", MeasuredKind::Barrier, 41, 128, 9000),
                                inst("s_cbranch_scc1 65530", MeasuredKind::Branch, 39, 128, 0)});
  Loop.Insts.back().Backward = true;
  EXPECT_EQ(classifyTrace(Loop, TraceThresholds()).Findings.size(), 1u);
  Loop.Insts.insert(Loop.Insts.begin(),
                    inst("global_load_dword v2, v[4:5], off", MeasuredKind::GlobalLoad, 40, 128, 0));
  EXPECT_TRUE(classifyTrace(Loop, TraceThresholds()).Findings.empty());
}

// The reduction loop as clang-22 compiles examples/reduction_sequential.hip
// for gfx942 (test/lit/trace/examples.test): the loop's header holds the
// fence and barrier (DWARF line 0: the barriers of lines 16 and 21 merged)
// and the exit test; the body `if (tid < s)` is skipped by
// s_cbranch_execz, itself a branch back to the header. No stretch between
// two branches holds both the barrier and an LDS access: the loop is
// [the branches' target, the last branch back].
TEST(TraceClassify, TypeCLoopFromTheBranchTarget) {
  auto branch = [](const char *Text, unsigned Line, uint64_t Hit, std::optional<size_t> To) {
    MeasuredInst M = inst(Text, MeasuredKind::Branch, Line, Hit, 0);
    M.Backward = To.has_value();
    M.Target = To;
    return M;
  };
  MeasuredKernel K = kernel({
      inst("global_load_dword v4, v[2:3], off", MeasuredKind::GlobalLoad, 15, 16, 64), // 0
      inst("ds_write_b32 v1, v4", MeasuredKind::LdsStore, 15, 16, 64),                 // 1
      branch("s_branch 1", 15, 16, std::nullopt),                                      // 2
      inst("s_lshr_b32 s3, s3, 1", MeasuredKind::Other, 18, 176, 0),                   // 3: header
      inst("s_waitcnt lgkmcnt(0)", MeasuredKind::LdsWait, 0, 176, 2816),
      inst("s_barrier", MeasuredKind::Barrier, 0, 176, 528000),
      branch("s_cbranch_scc1 14", 18, 176, std::nullopt),                              // exit
      inst("v_cmp_gt_u32_e32 vcc, s3, v0", MeasuredKind::Other, 19, 160, 0),
      branch("s_cbranch_execz 65527", 19, 160, 3),                                     // 8
      inst("ds_read_b32 v2, v2", MeasuredKind::LdsLoad, 20, 21, 210),
      inst("ds_write_b32 v1, v2", MeasuredKind::LdsStore, 20, 21, 2730),               // 10
      branch("s_branch 65516", 20, 21, 3),                                             // 11
      inst("s_endpgm", MeasuredKind::Other, 26, 16, 0)});
  TraceSummary S = classifyTrace(K, TraceThresholds());
  ASSERT_EQ(S.Findings.size(), 2u);
  const TraceFinding &C = S.Findings[0];
  EXPECT_EQ(C.Type, TraceType::C);
  EXPECT_DOUBLE_EQ(C.BarriersPerWave, 11);
  EXPECT_EQ(C.Line, 20u) << "the barrier's line 0 is no line of the region";
  EXPECT_EQ(C.LastLine, 20u);
  EXPECT_EQ(C.Insts, std::vector<size_t>({5}));
  EXPECT_DOUBLE_EQ(C.Stall, 2816 + 528000 + 210 + 2730);
  // The store stalls 130 per instance: Type A as well, inside the loop. The
  // headline counts its stall once.
  EXPECT_EQ(S.Findings[1].Type, TraceType::A);
  EXPECT_DOUBLE_EQ(S.LdsShare, (2816 + 528000 + 210 + 2730) / (64 + 64 + 2816 + 528000 + 210 + 2730.0));
  // Without the targets (the old reading: stretches between branches) no
  // stretch has both: no Type C.
  for (MeasuredInst &M : K.Insts)
    M.Target.reset();
  EXPECT_EQ(classifyTrace(K, TraceThresholds()).Findings.size(), 1u);
  for (MeasuredInst &M : K.Insts)
    if (M.Backward)
      M.Target = 3;
  // A loop that loads global memory is a tiled loop's refill, not a
  // reduction, and neither is any stretch of it.
  K.Insts[7] = inst("global_load_dword v5, v[6:7], off", MeasuredKind::GlobalLoad, 19, 160, 0);
  S = classifyTrace(K, TraceThresholds());
  ASSERT_EQ(S.Findings.size(), 1u);
  EXPECT_EQ(S.Findings[0].Type, TraceType::A);
}

TEST(TraceClassify, LoopStartsWhereItsRowsRunAsOften) {
  // test/lit/trace/Inputs/att_synth's refill loop: 16 waves x 16 trips, its
  // branch lands on the s_barrier, two rows past the global_load that runs
  // 256 times as well. The load is the loop's: a refill, no Type C, however
  // many barriers.
  MeasuredKernel K = kernel({
      inst("s_load_dwordx4 s[0:3], s[4:5], 0x0", MeasuredKind::Other, 10, 16, 0),     // 0
      inst("global_load_dword v2, v[4:5], off", MeasuredKind::GlobalLoad, 17, 256, 0), // 1
      inst("ds_write_b32 v1, v2", MeasuredKind::LdsStore, 18, 256, 0),                // 2
      inst("s_barrier", MeasuredKind::Barrier, 19, 256, 0),                           // 3
      inst("ds_read_b32 v3, v1", MeasuredKind::LdsLoad, 20, 256, 0),                  // 4
      inst("s_cbranch_scc1 65532", MeasuredKind::Branch, 16, 256, 0),                 // 5
      inst("s_endpgm", MeasuredKind::Other, 41, 16, 0)});
  K.Insts[5].Backward = true;
  K.Insts[5].Target = 3;
  EXPECT_TRUE(classifyTrace(K, TraceThresholds()).Findings.empty());
  // Once per wave before the loop (16, not 256): not the loop's; 16
  // barriers per wave over LDS with no global load is a Type C.
  K.Insts[1].Hit = 16;
  K.Insts[2].Hit = 16;
  TraceSummary S = classifyTrace(K, TraceThresholds());
  ASSERT_EQ(S.Findings.size(), 1u);
  EXPECT_EQ(S.Findings[0].Type, TraceType::C);
  EXPECT_DOUBLE_EQ(S.Findings[0].BarriersPerWave, 16);
}

TEST(TraceClassify, SamplesUseTheMeasuredConflictAndRankByStall) {
  MeasuredKernel K = kernel({inst("STS [R2], R3", MeasuredKind::LdsStore, 5, 1024, 40),
                             inst("LDS R4, [R2]", MeasuredKind::LdsLoad, 7, 1024, 90),
                             inst("STG.E [R6], R4", MeasuredKind::Other, 8, 1024, 10)});
  K.Samples = true;
  K.Insts[0].NWay = 32;
  K.Insts[1].NWay = 1;
  K.Insts[2].ShortScoreboard = 60;
  TraceSummary S = classifyTrace(K, TraceThresholds());
  ASSERT_EQ(S.Findings.size(), 2u);
  EXPECT_EQ(S.Findings[0].Type, TraceType::B) << "60 samples rank above 40";
  EXPECT_EQ(S.Findings[0].Line, 8u);
  EXPECT_EQ(S.Findings[1].Type, TraceType::A);
  EXPECT_EQ(S.Findings[1].NWay, 32);
  EXPECT_EQ(S.Findings[1].Summary, "STS measured 32-way, 40 warp-stall samples");
  EXPECT_TRUE(S.Headline);
}

} // namespace
