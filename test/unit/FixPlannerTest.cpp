//===- FixPlannerTest.cpp - Pads and swizzles chosen for the issue's cases -===//
//
// Every expected number is derived by hand in the comment above its test.
// Words are 4-byte words; on 32 banks a word w is on bank w % 32. A 16-byte
// access covers a bank quad (4 banks); on 32 banks there are 8 quads.
//
//===----------------------------------------------------------------------===//

#include "planner/FixPlanner.h"
#include "planner/Occupancy.h"
#include "PlannerFixtures.h"
#include "TestExpr.h"
#include "analysis/ConflictAnalyzer.h"
#include "analysis/LaneEvaluator.h"

#include <gtest/gtest.h>
#include <iostream>

#include <optional>
#include <set>

using namespace lds;
using namespace lds::test;

namespace {

// ---- The 32x32 transpose ----------------------------------------------------
// float tile[32][32], block 32x8, for (j = 0; j < 32; j += 8):
//   store tile[ty + j][tx]  (row-contiguous)   load tile[tx][ty + j]
SharedArray tile() { return array("tile", "float", 4, {32, 32}); }

std::vector<Access> transposeAccesses(const SharedArray &Tile) {
  std::vector<Access> V;
  V.push_back(access(Tile, {ty() + sym("j"), tx()}, 4, {32, 8, 1}, AccessKind::Store, 0, 7));
  V.push_back(access(Tile, {tx(), ty() + sym("j")}, 4, {32, 8, 1}, AccessKind::Load, 0, 9));
  for (Access &A : V) {
    A.Symbols["j"] = loop({0, 8, 16, 24});
    A.LoopDepth = 1;
  }
  return V;
}

} // namespace

// Load words 32 tx + ty + j: every lane of a 32-lane group on bank ty + j,
// 32 different words: 32-way on gfx942, gfx950 (default 32 banks) and sm_90.
// Pad 1: words 33 tx + ty, bank (tx + ty) % 32, distinct: 1-way. The store
// stays one row per 32-lane group: 1-way. Growth: 32 rows * 1 * 4 B = 128 B.
// The disputed gfx950 reading (64 banks, one group of 64 lanes = rows ty and
// ty + 1): before, the load's words 32 tx + ty put 16 words on each bank:
// 16-way, the store 1-way. After pad 1, the store's two rows start 33 words
// apart: [0, 32) and [33, 65) overlap on bank 0 mod 64: 2-way; the load's
// banks 33 tx + ty mod 64 collide only at tx = 0, ty = y and tx = 31,
// ty = y + 1 (33 * 31 + 1 = 1024): 2-way. Every pad < 64 makes that store
// 2-way under 64 banks, so the swizzle (conflict-free under both readings)
// ties with pad 1 under the default readings, and Auto prefers the pad.
TEST(FixPlanner, TransposePadsTo33) {
  SharedArray Tile = tile();
  std::vector<Access> V = transposeAccesses(Tile);
  FixPlan P = planFix(Tile, ptrs(V), targets({"gfx942", "sm_90"}), 4096, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal << "\n" << considered(P);
  EXPECT_EQ(P.Choice.K, FixCandidate::Pad);
  EXPECT_EQ(P.Choice.PadElems, 1u);
  ASSERT_EQ(P.Outcomes.size(), 2u);
  for (const TargetOutcome &O : P.Outcomes) {
    EXPECT_EQ(O.DegreeBefore, 32) << O.Target;
    EXPECT_EQ(O.DegreeAfter, 1) << O.Target;
    EXPECT_EQ(O.BlocksPerCUBefore, O.BlocksPerCUAfter) << O.Target;
  }
  // sm_90: store 1 + load 32 passes before, 1 + 1 after.
  EXPECT_EQ(P.Outcomes[1].PassesBefore, 33);
  EXPECT_EQ(P.Outcomes[1].PassesAfter, 2);
  EXPECT_EQ(P.LDSBytesBefore, 4096u);
  EXPECT_EQ(P.LDSBytesAfter, 4096u + 128);
  EXPECT_EQ(P.ArrayBytesAfter, 4224u);
  EXPECT_EQ(P.NewLayout.NewDims, (std::vector<uint64_t>{32, 33}));
  EXPECT_EQ(P.Description, "pad rows 32 -> 33 floats: 32-way -> 1-way on gfx942 and sm_90, "
                           "+128 B LDS, occupancy unchanged");
}

// With gfx950 among the targets, pad 33 is 1-way under the default 32-bank
// reading of narrow reads but 2-way under the disputed 64-bank one (rows of
// 33 words: lanes tx and tx + 32 of a wave... the two rows of a wave land
// 33 * 32 = 1056 = 32 mod 64 words apart, so pairs meet). The swizzle
// (mask 31) is 1-way under both (see StrategyRestrictsTheSearch), and
// hardware.md asks for the fix that holds under every plausible reading
// whenever one exists: it wins over the pad.
TEST(FixPlanner, DisputedReadingPrefersSwizzleOnGfx950) {
  SharedArray Tile = tile();
  std::vector<Access> V = transposeAccesses(Tile);
  FixPlan P =
      planFix(Tile, ptrs(V), targets({"gfx942", "gfx950", "sm_90"}), 4096, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal << "\n" << considered(P);
  EXPECT_EQ(P.Choice.K, FixCandidate::Swizzle);
  ASSERT_EQ(P.Outcomes.size(), 3u);
  for (const TargetOutcome &O : P.Outcomes)
    EXPECT_EQ(O.DegreeAfter, 1) << O.Target;
  EXPECT_EQ(P.Outcomes[1].AltBanks, 64u);
  EXPECT_EQ(P.Outcomes[1].AltDegreeBefore, 16);
  EXPECT_EQ(P.Outcomes[1].AltDegreeAfter, 1);
  EXPECT_EQ(P.LDSBytesAfter, 4096u);
}

// Strategy::Swizzle: the load's column becomes (ty + j) ^ ((tx >> S) & M) on
// bank c' (rows are 32 words = 0 mod 32); 32 lanes with distinct tx need all
// five bits: M = 31, S = 0. Under 64 banks the two rows y, y ^ 1 of a wave
// put lane (tx, y) on 32 (tx & 1) + (y ^ tx): a collision needs tx' = tx ^ 1,
// of the other parity: none. The store permutes each row: 1-way.
TEST(FixPlanner, StrategyRestrictsTheSearch) {
  SharedArray Tile = tile();
  std::vector<Access> V = transposeAccesses(Tile);
  auto Ts = targets({"gfx942", "gfx950", "sm_90"});

  FixPlan Swz = planFix(Tile, ptrs(V), Ts, 4096, Strategy::Swizzle, model());
  ASSERT_TRUE(Swz.Found) << Swz.Refusal;
  EXPECT_EQ(Swz.Choice.K, FixCandidate::Swizzle);
  EXPECT_EQ(Swz.Choice.Swz.Shift, 0u);
  EXPECT_EQ(Swz.Choice.Swz.Mask, 31u);
  EXPECT_EQ(Swz.Choice.Swz.VecElems, 1u);
  EXPECT_EQ(Swz.LDSBytesAfter, 4096u);
  EXPECT_EQ(Swz.Description, "XOR-swizzle columns in 4-byte units with bits 0-4 of the row: "
                             "32-way -> 1-way on gfx942, gfx950 and sm_90, no extra LDS; under "
                             "the disputed 64-bank reading: 16-way -> 1-way on gfx950");
  for (const std::string &L : Swz.Considered)
    EXPECT_EQ(L.find("pad"), std::string::npos) << L;

  FixPlan Pad = planFix(Tile, ptrs(V), Ts, 4096, Strategy::Pad, model());
  ASSERT_TRUE(Pad.Found) << Pad.Refusal;
  EXPECT_EQ(Pad.Choice.K, FixCandidate::Pad);
  EXPECT_EQ(Pad.Choice.PadElems, 1u);
  for (const std::string &L : Pad.Considered)
    EXPECT_EQ(L.find("swizzle"), std::string::npos) << L;
}

/// A rewrite that cannot write some kinds (RewriteQuery.h): the planner
/// must ask it, and take only what it can write.
class RefusingRewriter : public RewriteQuery {
public:
  explicit RefusingRewriter(std::set<FixCandidate::Kind> Refused) : Refused(std::move(Refused)) {}
  std::optional<std::string> cannotRewrite(const FixPlan &Draft) override {
    ++Asked;
    bool No = Refused.count(Draft.Choice.K) ||
              (Draft.Choice.K == FixCandidate::PadSwizzle &&
               (Refused.count(FixCandidate::Pad) || Refused.count(FixCandidate::Swizzle)));
    if (!No)
      return std::nullopt;
    return std::string(Draft.Choice.pads() && Refused.count(FixCandidate::Pad) ? "no pad here"
                                                                               : "no swizzle here");
  }
  std::set<FixCandidate::Kind> Refused;
  unsigned Asked = 0;
};

// TransposePadsTo33's favourite is pad 1; a rewrite that cannot pad leaves
// the swizzle of StrategyRestrictsTheSearch (mask 31, shift 0), chosen in the
// same search, with the pad set aside and its reason kept for the report.
TEST(FixPlanner, TakesTheBestCandidateTheRewriteCanWrite) {
  SharedArray Tile = tile();
  std::vector<Access> V = transposeAccesses(Tile);
  RefusingRewriter NoPad({FixCandidate::Pad});
  PlanOptions Opts;
  Opts.Rewriter = &NoPad;
  FixPlan P =
      planFix(Tile, ptrs(V), targets({"gfx942", "sm_90"}), 4096, Strategy::Auto, model(), Opts);
  ASSERT_TRUE(P.Found) << P.Refusal << "\n" << considered(P);
  EXPECT_EQ(P.Choice.K, FixCandidate::Swizzle);
  EXPECT_EQ(P.Choice.Swz.Mask, 31u);
  EXPECT_EQ(P.Choice.Swz.Shift, 0u);
  ASSERT_TRUE(P.SetAside.Valid);
  EXPECT_EQ(P.SetAside.Kind, FixCandidate::Pad);
  EXPECT_EQ(P.SetAside.Why, "no pad here");
  EXPECT_GE(NoPad.Asked, 2u);

  // Strategy::Pad names one kind: the rewrite's reason is the refusal.
  FixPlan Pad =
      planFix(Tile, ptrs(V), targets({"gfx942", "sm_90"}), 4096, Strategy::Pad, model(), Opts);
  EXPECT_FALSE(Pad.Found);
  EXPECT_EQ(Pad.Refusal, "no pad here");

  // Neither kind can be written: each is named with its reason.
  RefusingRewriter Neither({FixCandidate::Pad, FixCandidate::Swizzle});
  Opts.Rewriter = &Neither;
  FixPlan None =
      planFix(Tile, ptrs(V), targets({"gfx942", "sm_90"}), 4096, Strategy::Auto, model(), Opts);
  EXPECT_FALSE(None.Found);
  EXPECT_EQ(None.Refusal,
            "padding is not possible: no pad here; a swizzle is not possible: no swizzle here");
}

// The re-layout itself: tile[tx][ty + j] under pad 1 is (33 tx + ty + j) * 4,
// under swizzle(0, 31, 1) it is (32 tx + ((ty + j) ^ (tx & 31))) * 4.
TEST(FixPlanner, RelayoutComputesTheNewAddresses) {
  SharedArray Tile = tile();
  std::vector<Access> V = transposeAccesses(Tile);
  std::map<std::string, int64_t> Syms = {{"j", 8}};
  LaneEnv Env;
  Env.ThreadIdx = {5, 3, 0};
  Env.Symbols = &Syms;
  ExprRef Pad = relayout(Tile, V[1], FixCandidate::pad(1));
  ExprRef Swz = relayout(Tile, V[1], FixCandidate::swizzle(0, 31, 1));
  ExprRef Same = relayout(Tile, V[1], FixCandidate::pad(0));
  ASSERT_TRUE(Pad && Swz && Same);
  EXPECT_EQ(*LaneEvaluator::eval(*Pad, Env), (33 * 5 + 3 + 8) * 4);
  EXPECT_EQ(*LaneEvaluator::eval(*Swz, Env), (32 * 5 + ((3 + 8) ^ 5)) * 4);
  EXPECT_EQ(*LaneEvaluator::eval(*Same, Env), *LaneEvaluator::eval(*V[1].ByteOffset, Env));
}

// A flattened float s[32 * 32] indexed s[tx * 32 + ty] (and stored
// s[ty * 32 + tx]): the same words as the transpose, so pad 1: rows of 33,
// declared 32 * 33 = 1056 floats, +128 B.
TEST(FixPlanner, FlatTilePadsTheRowStride) {
  SharedArray S = array("s", "float", 4, {1024});
  std::vector<Access> V;
  V.push_back(access(S, {ty(), tx()}, 4, {32, 8, 1}, AccessKind::Store, 32));
  V.push_back(access(S, {tx(), ty()}, 4, {32, 8, 1}, AccessKind::Load, 32));
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90", "gfx942"}), 4096, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.Choice.K, FixCandidate::Pad);
  EXPECT_EQ(P.Choice.PadElems, 1u);
  EXPECT_TRUE(P.NewLayout.Flat);
  EXPECT_EQ(P.NewLayout.NewRowLength, 33u);
  EXPECT_EQ(P.NewLayout.NewDims, (std::vector<uint64_t>{1056}));
  EXPECT_EQ(P.ArrayBytesAfter, 4224u);
  EXPECT_EQ(P.Description, "pad rows 32 -> 33 floats: 32-way -> 1-way on sm_90 "
                           "and gfx942, +128 B LDS, occupancy unchanged");
  // (r * 33 + c) * 4 for r = tx = 2, c = ty = 7.
  LaneEnv Env;
  Env.ThreadIdx = {2, 7, 0};
  EXPECT_EQ(*LaneEvaluator::eval(*relayout(S, V[1], P.Choice), Env), (2 * 33 + 7) * 4);
}

// float s[16][80], block 16x16: a 32-lane group is tx 0..15 of two rows
// ty = 2w, 2w + 1. Load s[tx][ty]: word 80 tx + ty, bank 16 (tx & 1) + ty:
// eight tx on each bank: 8-way (sm_90; gfx942's groups of 32 are the same).
// Pad 1: bank 17 tx + ty: tx even -> tx + ty, odd -> 16 + tx + ty. For
// ty = 2w: {0, 2, ..., 14} u {17, 19, ..., 31} (+2w); for ty = 2w + 1 the
// same plus one: tx = 15 there hits 17 * 15 + 1 = 256 = 0 mod 32, the bank
// of tx = 0 in the first row: 2-way. Pad 2: bank 18 tx + ty = 2 tx (+16 for
// odd tx) + ty: the first row takes the 16 even banks, the second the odd
// ones: 1-way. Growth 16 rows * 2 * 4 B = 128 B.
TEST(FixPlanner, SixteenWideBlockNeedsPadTwo) {
  SharedArray S = array("s", "float", 4, {16, 80});
  std::vector<Access> V = {access(S, {tx(), ty()}, 4, {16, 16, 1})};
  for (const char *T : {"sm_90", "gfx942"}) {
    EXPECT_EQ(analyzeUnder(S, V[0], FixCandidate::pad(0), T).Degree, 8) << T;
    EXPECT_EQ(analyzeUnder(S, V[0], FixCandidate::pad(1), T).Degree, 2) << T;
    EXPECT_EQ(analyzeUnder(S, V[0], FixCandidate::pad(2), T).Degree, 1) << T;
  }
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90", "gfx942"}), 5120, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.Choice.K, FixCandidate::Pad);
  EXPECT_EQ(P.Choice.PadElems, 2u);
  EXPECT_EQ(P.Description, "pad rows 80 -> 82 floats: 8-way -> 1-way on sm_90 "
                           "and gfx942, +128 B LDS, occupancy unchanged");
}

// rocm-examples' shared_memory transpose (corpus re-02): a flat float
// s[64 * 64] indexed y * 64 + x, block 4x4, so a wave holds 4 columns of 4
// rows: words 64 ty + tx (+ a uniform offset), bank tx: 4-way on gfx942.
// XOR of the low column bits with the row (units of 1) only permutes the 4
// columns a row already has: still 4-way. XOR in units of 4 columns moves
// each row to its own group of 4 banks: x ^ ((y & 3) * 4), 1-way, no LDS.
// (Padding also works, but 64 x 68 floats lowers the workgroups per CU that
// LDS allows from 4 to 3 on gfx942, so the plan is the swizzle.)
TEST(FixPlanner, SmallBlockSwizzlesWholeColumnGroups) {
  SharedArray S = array("s", "float", 4, {64 * 64});
  X Y = X(4) * sym("by") + ty(), Xc = X(4) * sym("bx") + tx();
  std::vector<Access> V;
  V.push_back(access(S, {Y, Xc}, 4, {4, 4, 1}, AccessKind::Store, 64));
  V.push_back(access(S, {Y, Xc}, 4, {4, 4, 1}, AccessKind::Load, 64));
  EXPECT_EQ(analyzeUnder(S, V[0], FixCandidate::swizzle(0, 3, 1), "gfx942").Degree, 4);
  EXPECT_EQ(analyzeUnder(S, V[0], FixCandidate::swizzle(0, 3, 4), "gfx942").Degree, 1);
  FixPlan P = planFix(S, ptrs(V), targets({"gfx942"}), 16384, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal << "\n" << considered(P);
  EXPECT_EQ(P.Choice.K, FixCandidate::Swizzle);
  EXPECT_EQ(P.Choice.Swz.Shift, 0u);
  EXPECT_EQ(P.Choice.Swz.Mask, 3u);
  EXPECT_EQ(P.Choice.Swz.VecElems, 4u);
  EXPECT_EQ(P.ArrayBytesAfter, 16384u);
  std::string Why;
  EXPECT_TRUE(isBijection(S, P.Choice, 64, 64, &Why)) << Why;
}

// The seed's MI355X case: __half s[64][64 + PAD], one wave of 64 lanes, lane
// t reads s[t][0] (2 bytes). gfx950 default reading (32 banks, two groups of
// 32; AmdModelTest derives it): PAD 1 2-way, PAD 2 1-way. The disputed
// reading (64 banks, one group of 64): PAD 1 and PAD 2 both 1-way. So PAD 1
// is conflict-free only under the 64-bank reading, and the plan is PAD 2.
TEST(FixPlanner, Gfx950Fp16ColumnPadsByTwo) {
  SharedArray S = array("s", "__half", 2, {64, 64});
  std::vector<Access> V = {access(S, {tx(), 0}, 2, {64, 1, 1})};

  AccessResult Pad1 = analyzeUnder(S, V[0], FixCandidate::pad(1), "gfx950");
  EXPECT_EQ(Pad1.Degree, 2);
  ASSERT_EQ(Pad1.AlternativePasses.size(), 1u);
  EXPECT_EQ(Pad1.AlternativePasses[0], 1); // the 64-bank ideal is 1 pass
  AccessResult Pad2 = analyzeUnder(S, V[0], FixCandidate::pad(2), "gfx950");
  EXPECT_EQ(Pad2.Degree, 1);
  EXPECT_EQ(Pad2.AlternativePasses[0], 1);

  FixPlan P = planFix(S, ptrs(V), targets({"gfx950"}), 8192, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.Choice.K, FixCandidate::Pad);
  EXPECT_EQ(P.Choice.PadElems, 2u);
  EXPECT_EQ(P.Outcomes[0].AltDegreeAfter, 1);
  // 64 rows * 2 * 2 B = 256 B.
  EXPECT_EQ(P.Description, "pad rows 64 -> 66 elements: 32-way -> 1-way on gfx950, +256 B LDS, "
                           "occupancy unchanged; under the disputed 64-bank reading: "
                           "32-way -> 1-way on gfx950");
}

// The same case on a model where the 64-bank reading is the default and the
// 32-bank one the disputed alternative: pads 1 and 2 now tie under the
// default (both 1-way), and the alternative breaks the tie: pad 2 (under 32
// banks pad 1 is 2-way) although pad 1 costs less LDS.
TEST(FixPlanner, DisputedReadingBreaksTies) {
  TargetModel T = *model().find("gfx950");
  T.Name = "gfx950-64";
  for (BankRule &R : T.Rules)
    if (R.Dir == Direction::Read && R.WidthBytes == 2) {
      ASSERT_EQ(R.Alternatives.size(), 1u);
      BankRule Primary = R;
      Primary.Alternatives.clear();
      BankRule Alt = R.Alternatives[0];
      Alt.Alternatives = {Primary};
      R = Alt;
    }
  SharedArray S = array("s", "__half", 2, {64, 64});
  std::vector<Access> V = {access(S, {tx(), 0}, 2, {64, 1, 1})};
  FixPlan P = planFix(S, ptrs(V), {&T}, 8192, Strategy::Pad, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.Choice.PadElems, 2u) << considered(P);
  EXPECT_NE(considered(P).find("pad +1: gfx950-64 1-way (2-way disputed)"), std::string::npos)
      << considered(P);
}

// Two reads of float s[32][32] by 32 lanes on sm_90 that want different
// pads. A = s[tx][0]: bank P tx: pad 0 32-way, pad 1 1-way, pad 2 2-way
// (tx and tx + 16). B = s[tx][tx >> 4]: bank P tx + (tx >> 4): pad 0 16-way
// (banks 0 and 1), pad 1 2-way (tx = 31: 33 * 31 + 1 = 1024 = 0 mod 32, as
// tx = 0), pad 2 1-way (evens for tx < 16, odds above). Unweighted, pads 1
// and 2 both cost 1 + 2 = 3 and the smaller wins; with B one loop deeper
// (weight 8), pad 1 costs 1 + 8 * 2 = 17 and pad 2 costs 2 + 8 * 1 = 10.
TEST(FixPlanner, LoopNestingWeighsTheAccesses) {
  SharedArray S = array("s", "float", 4, {32, 32});
  std::vector<Access> V = {access(S, {tx(), 0}, 4, {32, 1, 1}),
                           access(S, {tx(), tx() >> 4}, 4, {32, 1, 1})};
  FixPlan Flat = planFix(S, ptrs(V), targets({"sm_90"}), 4096, Strategy::Pad, model());
  ASSERT_TRUE(Flat.Found) << Flat.Refusal;
  EXPECT_EQ(Flat.Choice.PadElems, 1u) << considered(Flat);
  EXPECT_EQ(Flat.Outcomes[0].DegreeAfter, 2);

  V[1].LoopDepth = 1;
  FixPlan Deep = planFix(S, ptrs(V), targets({"sm_90"}), 4096, Strategy::Pad, model());
  ASSERT_TRUE(Deep.Found) << Deep.Refusal;
  EXPECT_EQ(Deep.Choice.PadElems, 2u) << considered(Deep);
  EXPECT_EQ(Deep.Outcomes[0].PassesBefore, 32 + 16);
  EXPECT_EQ(Deep.Outcomes[0].PassesAfter, 2 + 1);
}

// ---- A float4 GEMM tile -------------------------------------------------
// float4 B[32][8] (rows of 8 float4 = 128 B = one bank cycle), 256 threads
// (4 waves) on gfx942. Store B[t / 8][t % 8]: groups of 8 consecutive lanes
// write one row: 8 quads, 1-way. Load B[t & 31][t >> 5]: ds_read_b128 groups
// {0-3,20-23}, {4-7,16-19}, ... read rows r of one column c: quad
// (8 r + c) % 8 = c for all 8 lanes: 8-way (64 passes, ideal 8).
// Pad 1 float4: quad (9 r + c) % 8 = (r + c) % 8; each group's rows are
// distinct mod 8 ({0-3, 20-23} -> 0-3, 4-7): 1-way; the store too. +512 B.
// Swizzle c ^ (r & 7) (V = 1 float4 = 16 bytes): each group's rows have
// distinct r & 7: 1-way. r & 3 (mask 3) leaves 2-way, mask 15 does not fit
// rows of 8.
namespace {
SharedArray gemmTile() { return array("B", "float4", 16, {32, 8}); }
std::vector<Access> gemmAccesses(const SharedArray &B) {
  std::vector<Access> V;
  V.push_back(access(B, {tx() / 8, tx() % 8}, 16, {256, 1, 1}, AccessKind::Store));
  V.push_back(access(B, {tx() & 31, tx() >> 5}, 16, {256, 1, 1}));
  return V;
}
} // namespace

// 4 KiB of LDS: LDS allows 16 workgroups, 4.5 KiB 14; the 32 wave slots
// of a gfx942 CU hold 8 workgroups of 4 waves either way: occupancy is
// unchanged, and the pad ties with the swizzle: Auto pads.
TEST(FixPlanner, GemmTilePadsWhenLDSIsCheap) {
  SharedArray B = gemmTile();
  std::vector<Access> V = gemmAccesses(B);
  FixPlan P = planFix(B, ptrs(V), targets({"gfx942"}), 4096, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.Choice.K, FixCandidate::Pad);
  EXPECT_EQ(P.Choice.PadElems, 1u);
  EXPECT_EQ(P.LDSBytesAfter, 4096u + 512);
}

// The wave slots come from the TargetModel: a --bank-model target based on
// gfx942 inherits its 32 and pads as above; one that gives no wave-slot
// limit is bound by LDS alone (16 -> 14 workgroups): the pad is rejected
// and the swizzle chosen.
TEST(FixPlanner, WaveSlotsOfABankModelTarget) {
  BankModel M = BankModel::builtin();
  llvm::Error E = M.mergeJSON(R"({"targets": [
      {"name": "gfx942-copy", "base": "gfx942"},
      {"name": "gfx942-lds-only", "base": "gfx942", "max_waves_per_cu": 0}]})",
                              "model.json");
  ASSERT_FALSE(E) << llvm::toString(std::move(E));
  SharedArray B = gemmTile();
  std::vector<Access> V = gemmAccesses(B);
  FixPlan Copy = planFix(B, ptrs(V), {M.find("gfx942-copy")}, 4096, Strategy::Auto, M);
  ASSERT_TRUE(Copy.Found) << Copy.Refusal;
  EXPECT_EQ(Copy.Choice.K, FixCandidate::Pad) << considered(Copy);
  FixPlan LdsOnly = planFix(B, ptrs(V), {M.find("gfx942-lds-only")}, 4096, Strategy::Auto, M);
  ASSERT_TRUE(LdsOnly.Found) << LdsOnly.Refusal;
  EXPECT_EQ(LdsOnly.Choice.K, FixCandidate::Swizzle) << considered(LdsOnly);
  EXPECT_NE(considered(LdsOnly).find("lowers the workgroups per CU on gfx942-lds-only from 16 "
                                     "to 14"),
            std::string::npos)
      << considered(LdsOnly);
  // PlanOptions still overrides the model.
  PlanOptions Opts;
  Opts.MaxWavesPerCU["gfx942-lds-only"] = 32;
  FixPlan Given = planFix(B, ptrs(V), {M.find("gfx942-lds-only")}, 4096, Strategy::Auto, M, Opts);
  ASSERT_TRUE(Given.Found) << Given.Refusal;
  EXPECT_EQ(Given.Choice.K, FixCandidate::Pad) << considered(Given);
}

// The kernel already uses 32 KiB: 2 workgroups per CU on gfx942 (64 KiB,
// 512 B granule; the wave slots would allow 8). Any pad adds at least
// 32 * 16 = 512 B: 33280 B per block, 65536 / 33280 = 1 workgroup:
// rejected, and the swizzle is chosen.
TEST(FixPlanner, GemmTileSwizzlesWhenPaddingCostsOccupancy) {
  SharedArray B = gemmTile();
  std::vector<Access> V = gemmAccesses(B);
  FixPlan P = planFix(B, ptrs(V), targets({"gfx942"}), 32768, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.Choice.K, FixCandidate::Swizzle) << considered(P);
  EXPECT_EQ(P.Choice.Swz.Shift, 0u);
  EXPECT_EQ(P.Choice.Swz.Mask, 7u);
  EXPECT_EQ(P.Choice.Swz.VecElems, 1u);
  EXPECT_EQ(P.Outcomes[0].BlocksPerCUBefore, 2u);
  EXPECT_EQ(P.Outcomes[0].BlocksPerCUAfter, 2u);
  EXPECT_EQ(P.LDSBytesAfter, 32768u);
  EXPECT_EQ(P.Description, "XOR-swizzle columns in 16-byte units with bits 0-2 of the row: "
                           "8-way -> 1-way on gfx942, no extra LDS");
  EXPECT_NE(considered(P).find("pad +1: gfx942 1-way, +512 B; rejected: lowers "
                               "the workgroups per CU on gfx942 from 2 to 1"),
            std::string::npos)
      << considered(P);
  EXPECT_EQ(analyzeUnder(B, V[1], P.Choice, "gfx942").Degree, 1);
  EXPECT_EQ(analyzeUnder(B, V[0], P.Choice, "gfx942").Degree, 1);

  // At the capacity (64 KiB), padding would not fit at all.
  FixPlan Full = planFix(B, ptrs(V), targets({"gfx942"}), 65536, Strategy::Auto, model());
  ASSERT_TRUE(Full.Found) << Full.Refusal;
  EXPECT_EQ(Full.Choice.K, FixCandidate::Swizzle);
  EXPECT_NE(considered(Full).find("exceeds the LDS of a block on gfx942"), std::string::npos)
      << considered(Full);

  // Padding only: refused, saying why.
  FixPlan PadOnly = planFix(B, ptrs(V), targets({"gfx942"}), 32768, Strategy::Pad, model());
  EXPECT_FALSE(PadOnly.Found);
  EXPECT_EQ(PadOnly.Refusal, "padding rows by 1 element would remove conflicts but "
                             "lowers the workgroups per CU on gfx942 from 2 to 1");
}

// float As[32][16] read as float4: lane t reads As[t & 31][4 * (t >> 5)]
// (16 bytes). Rows are 16 floats = 4 quads: quad (4 r + c / 4) % 8, so
// each ds_read_b128 group {0-3, 20-23}... has 4 lanes per quad: 4-way. Pads
// must keep float4 alignment: multiples of 4 floats. Pad 4 (rows of 5
// quads): quad 5 r % 8 for r in {0-3, 20-23} = {0,5,2,7,4,1,6,3}: 1-way.
// The swizzles fit spans of 8 or 16 floats: c ^ ((r & 3) * 4) puts r = 0
// and r = 20 both on quad 0: not better than the pad.
TEST(FixPlanner, VectorReadsOfScalarsPadByWholeVectors) {
  SharedArray As = array("As", "float", 4, {32, 16});
  std::vector<Access> V = {access(As, {tx() & 31, (tx() >> 5) * 4}, 16, {64, 1, 1})};
  FixPlan P = planFix(As, ptrs(V), targets({"gfx942"}), 2048, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.Choice.K, FixCandidate::Pad);
  EXPECT_EQ(P.Choice.PadElems, 4u) << considered(P);
  EXPECT_EQ(P.Outcomes[0].DegreeBefore, 4);
  EXPECT_EQ(P.Outcomes[0].DegreeAfter, 1);
  EXPECT_EQ(considered(P).find("pad +1:"), std::string::npos) << considered(P);
  EXPECT_NE(considered(P).find("swizzle ((row >> 0) & 3) * 4"), std::string::npos) << considered(P);
}

// ---- Bijections ---------------------------------------------------------------
TEST(FixPlanner, BijectionByEnumeration) {
  SharedArray Tile = tile();
  std::string Why;
  EXPECT_TRUE(isBijection(Tile, FixCandidate::pad(1), 0, 0, &Why)) << Why;
  EXPECT_TRUE(isBijection(Tile, FixCandidate::pad(7), 0, 0, &Why)) << Why;
  EXPECT_TRUE(isBijection(Tile, FixCandidate::swizzle(0, 31, 1), 0, 0, &Why)) << Why;
  EXPECT_TRUE(isBijection(Tile, FixCandidate::swizzle(2, 7, 4), 0, 0, &Why)) << Why;

  // Mask 63 XORs columns of rows 32..63 with up to 63: out of rows of 32.
  // (On the 32-row tile, row & 63 never exceeds 31: that one is fine.)
  EXPECT_TRUE(isBijection(Tile, FixCandidate::swizzle(0, 63, 1), 0, 0, &Why)) << Why;
  SharedArray Tall = array("tall", "float", 4, {64, 32});
  EXPECT_FALSE(isBijection(Tall, FixCandidate::swizzle(0, 63, 1), 0, 0, &Why));
  EXPECT_NE(Why.find("outside"), std::string::npos) << Why;
  // float4 rows of 8: mask 15 does not fit.
  EXPECT_FALSE(isBijection(gemmTile(), FixCandidate::swizzle(0, 15, 1), 0, 0, &Why));
  // XOR by 3 permutes a row but tears groups of 3 elements apart.
  EXPECT_FALSE(isBijection(Tile, FixCandidate::swizzle(0, 1, 3), 0, 0, &Why));
  EXPECT_NE(Why.find("group of 3"), std::string::npos) << Why;

  // Rank 3: the row is the middle subscript.
  SharedArray Cube = array("c", "float", 4, {2, 8, 32});
  EXPECT_TRUE(isBijection(Cube, FixCandidate::pad(3), 0, 0, &Why)) << Why;
  EXPECT_TRUE(isBijection(Cube, FixCandidate::swizzle(0, 7, 4), 0, 0, &Why)) << Why;

  // Flat static (1000 = 31 full rows of 32 + a partial one), and dynamic.
  SharedArray Flat = array("f", "float", 4, {1000});
  EXPECT_TRUE(isBijection(Flat, FixCandidate::pad(1), 32, 0, &Why)) << Why;
  SharedArray Dyn = array("d", "float", 4, {0}, /*Dynamic=*/true);
  EXPECT_TRUE(isBijection(Dyn, FixCandidate::pad(1), 64, 16, &Why)) << Why;
  EXPECT_TRUE(isBijection(Dyn, FixCandidate::swizzle(1, 7, 2), 64, 16, &Why)) << Why;
  EXPECT_FALSE(isBijection(Dyn, FixCandidate::pad(1), 64, 0, &Why));
}

// ---- Refusals -----------------------------------------------------------------
TEST(FixPlanner, RefusesAnAccessThatDoesNotDecompose) {
  SharedArray Tile = tile();
  std::vector<Access> V = transposeAccesses(Tile);
  V[1].Subs = Subscripts();
  V[1].Subs.Why = "the index is not a sum of row and column terms";
  V[1].Loc = {"t.hip", 8, 20, 0};
  FixPlan P = planFix(Tile, ptrs(V), targets({"gfx942"}), 4096, Strategy::Auto, model());
  EXPECT_FALSE(P.Found);
  EXPECT_EQ(P.Refusal, "the index is not a sum of row and column terms (the load "
                       "at t.hip:8:20)");
  EXPECT_EQ(P.RefusalLoc.Line, 8u);
  EXPECT_EQ(P.RefusalLoc.Column, 20u);
}

// float s[32 * 32] filled linearly, s[tid] with 256 threads, and read as
// rows of 32: given as subscripts {0, tid}, the "column" reaches 255. Pad 1
// would move elements 32.. under that store: refuse. The same for
// tile[0][tid] on a 2-D tile, and for a float4 read at column 30 of rows of
// 32 floats (its elements 30..33 straddle two rows).
TEST(FixPlanner, RefusesSubscriptsThatAreNotElements) {
  SharedArray S = array("s", "float", 4, {1024});
  std::vector<Access> V;
  V.push_back(access(S, {0, tx()}, 4, {256, 1, 1}, AccessKind::Store, 32, 4));
  V.push_back(access(S, {tx() % 32, tx() / 32}, 4, {256, 1, 1}, AccessKind::Load, 32, 6));
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90"}), 4096, Strategy::Auto, model());
  EXPECT_FALSE(P.Found);
  // A 1-D array: said in terms of its index, not of [row][column].
  EXPECT_EQ(P.Refusal, "the index of the store at k.hip:4:5 does not stay in one group of 32 "
                       "elements of 's' (the part added to the multiple of 32 reaches 32 at "
                       "threadIdx (32, 0, 0), outside [0, 32)): a new stride would move what "
                       "it reads");
  EXPECT_EQ(P.RefusalLoc.Line, 4u);

  SharedArray Tile = tile();
  std::vector<Access> W = {access(Tile, {0, tx()}, 4, {256, 1, 1}),
                           access(Tile, {tx() % 32, 0}, 4, {256, 1, 1})};
  FixPlan Q = planFix(Tile, ptrs(W), targets({"sm_90"}), 4096, Strategy::Auto, model());
  EXPECT_FALSE(Q.Found);
  EXPECT_NE(Q.Refusal.find("column subscript"), std::string::npos) << Q.Refusal;

  std::vector<Access> Vec = {access(Tile, {tx(), 30}, 16, {32, 1, 1})};
  FixPlan R = planFix(Tile, ptrs(Vec), targets({"sm_90"}), 4096, Strategy::Auto, model());
  EXPECT_FALSE(R.Found);
  EXPECT_NE(R.Refusal.find("reaches 30..33"), std::string::npos) << R.Refusal;
}

TEST(FixPlanner, RefusesAnUnknownCost) {
  SharedArray S = array("s", "float", 4, {32, 32});
  std::vector<Access> V = {access(S, {tx() * sym("n"), 0}, 4, {32, 1, 1})};
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90"}), 4096, Strategy::Auto, model());
  EXPECT_FALSE(P.Found);
  EXPECT_EQ(P.Refusal.rfind("cost unknown: depends on 'n'", 0), 0u) << P.Refusal;
}

TEST(FixPlanner, NothingToFix) {
  SharedArray S = array("s", "float", 4, {32, 32});
  std::vector<Access> V = {access(S, {ty(), tx()}, 4, {32, 8, 1})};
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90", "gfx942"}), 4096, Strategy::Auto, model());
  EXPECT_FALSE(P.Found);
  EXPECT_EQ(P.Refusal, "no bank conflict to remove");
}

// siboehm's kernel 6 with an extra column: float Bs[BK * (BN + 5)], BK = 8,
// BN = 128, read Bs[dotIdx * 133 + threadCol * 8 + i] with threadCol =
// tid % 16 (256 threads) inside loops over dotIdx and i (0..7). Within a
// warp dotIdx is uniform: lanes t and t + 16 share a word, the 16 words
// 8 tc + i (+ 133 dotIdx) fall on 4 banks 4 times: 4-way on sm_90 and
// gfx942. A pad only moves the uniform row, and so does every row swizzle
// (each XORs every lane with the same bits): none helps. A column term
// does: c ^ ((c >> 5) & 3) XORs tc / 4 (bits 5-6 of the column) into i's
// low bits, so bank 8 (tc % 4) + (i ^ tc / 4) takes 16 values: 1-way. It
// changes the low 2 bits only, so it permutes each aligned group of 4
// columns: the first 132 of the 133, past every column reached (0..127).
TEST(FixPlanner, SiboehmExtraColumnNeedsAColumnTerm) {
  SharedArray Bs = array("Bs", "float", 4, {8 * 133});
  std::vector<Access> V = {access(Bs, {sym("dotIdx"), (tx() % 16) * 8 + sym("i")}, 4, {256, 1, 1},
                                  AccessKind::Load, 133)};
  V[0].Symbols["dotIdx"] = loop({0, 1, 2, 3, 4, 5, 6, 7});
  V[0].Symbols["i"] = loop({0, 1, 2, 3, 4, 5, 6, 7});
  V[0].LoopDepth = 2;
  AccessResult Before = analyzeUnder(Bs, V[0], FixCandidate::pad(0), "sm_90");
  EXPECT_EQ(Before.Degree, 4);
  FixPlan P = planFix(Bs, ptrs(V), targets({"sm_90", "gfx942"}), 8 * 133 * 4 + 8192, Strategy::Auto,
                      model());
  ASSERT_TRUE(P.Found) << P.Refusal << "\n" << considered(P);
  EXPECT_EQ(P.Choice.K, FixCandidate::Swizzle);
  EXPECT_EQ(P.Choice.Swz.Mask, 0u) << "no row term";
  EXPECT_EQ(P.Choice.Swz.VecElems, 1u);
  EXPECT_EQ(P.Choice.Swz.ColShifts, std::vector<unsigned>{5});
  EXPECT_EQ(P.Choice.Swz.ColMask, 3u);
  EXPECT_EQ(P.NewLayout.SwizzledColumns, 132u) << "the whole spans of 4 columns";
  EXPECT_EQ(P.Description, "XOR-swizzle columns in 4-byte units with bits 5-6 of the unit: 4-way "
                           "-> 1-way on sm_90 and gfx942, no extra LDS");
  EXPECT_EQ(analyzeUnder(Bs, V[0], P.Choice, "sm_90").Degree, 1);
  EXPECT_EQ(analyzeUnder(Bs, V[0], P.Choice, "gfx942").Degree, 1);
  EXPECT_TRUE(isBijection(Bs, P.Choice, 133, 8, nullptr, 132));
  // Padding alone still cannot.
  FixPlan Pad = planFix(Bs, ptrs(V), targets({"sm_90"}), 8192, Strategy::Pad, model());
  EXPECT_FALSE(Pad.Found);
  EXPECT_EQ(Pad.Refusal, "no padding removes the conflict: no pad of 'Bs' indexed as r * 133 + "
                         "c lowers the passes");
}

// A dynamic extern float s[] used as rows of 32 (the transpose words again).
// Unknown size: pad 1 per row, occupancy not checked. With the launch's
// 4096 B known: 32 rows, +128 B, and the launch must pass 4224 B.
TEST(FixPlanner, DynamicArray) {
  SharedArray S = array("s", "float", 4, {0}, /*Dynamic=*/true);
  std::vector<Access> V;
  V.push_back(access(S, {ty(), tx()}, 4, {32, 8, 1}, AccessKind::Store, 32));
  V.push_back(access(S, {tx(), ty()}, 4, {32, 8, 1}, AccessKind::Load, 32));
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90"}), 0, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.Choice.PadElems, 1u);
  EXPECT_FALSE(P.OccupancyChecked);
  EXPECT_EQ(P.Description, "pad rows 32 -> 33 floats: 32-way -> 1-way on sm_90, +1 float per row "
                           "of dynamic LDS (the launch must pass the larger size), occupancy not "
                           "checked");

  PlanOptions Opts;
  Opts.DynamicBytes = 4096;
  FixPlan Known = planFix(S, ptrs(V), targets({"sm_90"}), 0, Strategy::Auto, model(), Opts);
  ASSERT_TRUE(Known.Found) << Known.Refusal;
  EXPECT_TRUE(Known.OccupancyChecked);
  EXPECT_EQ(Known.ArrayBytesAfter, 4224u);
  EXPECT_EQ(Known.LDSBytesAfter, 4224u);
  EXPECT_EQ(Known.Description,
            "pad rows 32 -> 33 floats: 32-way -> 1-way on sm_90, +128 B LDS (the "
            "launch must pass 4224 B), occupancy unchanged");
}

// ---- Real code (issue 9) ------------------------------------------------------
// LeetCUDA row2col: float tile[64][16], block 16x16, sm_90 (32 banks). A warp
// is rows ly, ly + 1 of the block (lx = 0..15 each).
//   stores tile[4 ly + k][lx]: the two rows 64 words = 0 mod 32 apart: 2-way.
//   loads tile[4 lx + ly / 4][(ly % 4) * 4 + k]: lanes of one half go down
//   rows 4 apart (64 words): all on one bank, 16-way.
// A swizzle alone (c ^ ((r >> 2) & 15)) reaches 2-way loads; rows of 17 with
// it, 1-way loads but 2-way stores, which a second run then fixed with rows
// of 20 and one more term. One run now takes that layout (a pad with a
// general XOR, its greedy search started from the row swizzle): rows of 20
// put the store's two rows (80 words apart) on the two halves of the banks;
// a load half's rows 4 lx + q are 80 lx = 16 lx banks apart, lx bit 0 gives
// the half, and column bits 0, 1, 3 ^= lx bits 1, 2, 3 (row bits 3, 4, 5)
// spread the 8 lanes of each half over 8 columns; the warp's other half
// reads another column group (bit 2). Every access 1-way.
TEST(FixPlanner, PadAndSwizzleInOneRun) {
  SharedArray T = array("tile", "float", 4, {64, 16});
  std::vector<Access> V;
  for (int K = 0; K < 4; ++K) {
    V.push_back(access(T, {ty() * X(4) + X(K), tx()}, 4, {16, 16, 1}, AccessKind::Store, 0, 7 + K));
    V.push_back(access(T, {tx() * X(4) + ty() / X(4), (ty() % X(4)) * X(4) + X(K)}, 4, {16, 16, 1},
                       AccessKind::Load, 0, 12 + K));
  }
  FixPlan P = planFix(T, ptrs(V), targets({"sm_90"}), 4096, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal << "\n" << considered(P);
  EXPECT_EQ(P.Choice.K, FixCandidate::PadSwizzle) << considered(P);
  EXPECT_EQ(P.Choice.str(), "pad +4, swizzle linear * 1: row3->1 row4->2 row5->8");
  for (const Access &A : V)
    EXPECT_EQ(analyzeUnder(T, A, P.Choice, "sm_90").Degree, 1);
  EXPECT_EQ(P.NewLayout.NewDims, (std::vector<uint64_t>{64, 20}));
  EXPECT_EQ(P.Description,
            "pad rows 16 -> 20 floats and XOR-swizzle columns by bits (4-byte unit bits 0-1 ^= "
            "row bits 3-4, bit 3 ^= row bit 5): 16-way -> 1-way on sm_90, +1024 B LDS, occupancy "
            "unchanged");
  // Pad or swizzle alone: each is the best of its kind, and worse.
  FixPlan Swz = planFix(T, ptrs(V), targets({"sm_90"}), 4096, Strategy::Swizzle, model());
  ASSERT_TRUE(Swz.Found);
  EXPECT_GT(Swz.CostAfter, P.CostAfter);
  // Bijective, and both at once are only tried with Strategy::Auto.
  EXPECT_TRUE(isBijection(T, P.Choice, 0, 0, nullptr));
  EXPECT_EQ(Swz.Choice.K, FixCandidate::Swizzle);
}

// llm.c's reorder with an atomic through `shared + tx + ty * 32`: float
// shared[256], block 32x8. The atomic and shared[i] are written with rows of
// 32 ({ty, tx}), the 8-way store shared[tx * 8 + ty] with rows of 8 ({tx,
// ty}). With rows of 32 the store is the linear index 8 tx + ty, row tx / 4,
// column 8 (tx % 4) + ty; rows of 33: bank (tx / 4) * 33 + 8 (tx % 4) + ty =
// tx / 4 + 8 (tx % 4) + ty mod 32: 32 distinct for tx = 0..31: 1-way. The
// others ty * 33 + tx: one row per warp, 1-way. Pad 1 (8 rows * 4 B = 32 B).
TEST(FixPlanner, AccessesWrittenWithDifferentRowLengths) {
  SharedArray S = array("shared", "float", 4, {256});
  std::vector<Access> V;
  V.push_back(access(S, {ty(), tx()}, 4, {32, 8, 1}, AccessKind::Store, 32, 7));
  V.push_back(access(S, {ty(), tx()}, 4, {32, 8, 1}, AccessKind::Atomic, 32, 9));
  V.push_back(access(S, {tx(), ty()}, 4, {32, 8, 1}, AccessKind::Store, 8, 13));
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90"}), 1024, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal << "\n" << considered(P);
  EXPECT_EQ(P.Choice.K, FixCandidate::Pad);
  EXPECT_EQ(P.Choice.PadElems, 1u);
  EXPECT_EQ(P.NewLayout.RowLength, 32u);
  EXPECT_EQ(P.LDSBytesAfter, 1024u + 32);
  ASSERT_EQ(P.Outcomes.size(), 1u);
  EXPECT_EQ(P.Outcomes[0].DegreeBefore, 8);
  EXPECT_EQ(P.Outcomes[0].DegreeAfter, 1);
}

// LeetCUDA bcf: tile[16][65] (padded by hand), block 16x16. Loads
// tile[(ly % 4) * 4 + q][lx * 4 + ly / 4] are 4-way, the stores
// tile[ly][lx * 4 + q] 2-way. No XOR span divides 65, but every column
// reached is < 64: layouts of the first 64 columns are valid. The row
// swizzle c ^ ((r >> 2) & 1) alone makes the loads 2-way (the input's notes
// enumerate it); a column term in 8-byte units, c ^ (((c >> 5) & 1) * 2),
// alone makes loads 2-way and stores 1-way; both at once (bit 0 ^= row bit
// 2, bit 1 ^= column bit 5: the term changes no bit the other reads) make
// everything 1-way, in one run, so that a second --fix finds nothing.
TEST(FixPlanner, SwizzleOfAHandPaddedRow) {
  SharedArray T = array("tile", "float", 4, {16, 65});
  std::vector<Access> V;
  for (int Q = 0; Q < 4; ++Q) {
    V.push_back(access(T, {ty(), tx() * X(4) + X(Q)}, 4, {16, 16, 1}, AccessKind::Store, 0, 7 + Q));
    V.push_back(access(T, {(ty() % X(4)) * X(4) + X(Q), tx() * X(4) + ty() / X(4)}, 4, {16, 16, 1},
                       AccessKind::Load, 0, 12 + Q));
  }
  FixPlan P = planFix(T, ptrs(V), targets({"sm_90"}), 4160, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal << "\n" << considered(P);
  EXPECT_EQ(P.Choice.K, FixCandidate::Swizzle);
  EXPECT_EQ(P.Choice.Swz.Shift, 2u);
  EXPECT_EQ(P.Choice.Swz.Mask, 1u);
  EXPECT_EQ(P.Choice.Swz.VecElems, 1u);
  EXPECT_EQ(P.Choice.Swz.ColShifts, std::vector<unsigned>{4});
  EXPECT_EQ(P.Choice.Swz.ColMask, 1u);
  EXPECT_EQ(P.Choice.Swz.colUnit(), 2u);
  EXPECT_EQ(P.NewLayout.SwizzledColumns, 64u);
  EXPECT_EQ(P.Description, "XOR-swizzle columns in 4-byte units with bit 2 of the row, and in "
                           "8-byte units with bit 4 of the unit: 4-way -> 1-way on sm_90, no "
                           "extra LDS");
  for (const Access &A : V)
    EXPECT_EQ(analyzeUnder(T, A, P.Choice, "sm_90").Degree, 1) << A.Loc.Line;
  EXPECT_TRUE(isBijection(T, P.Choice, 0, 0, nullptr, 64));
  // Each term alone, as the first --fix used to write the row one.
  FixCandidate Row = FixCandidate::swizzle(2, 1, 1);
  SwizzleParams ColOnly;
  ColOnly.VecElems = 2;
  ColOnly.ColShifts = {4};
  ColOnly.ColMask = 1;
  FixCandidate Col = FixCandidate::swizzle(ColOnly);
  for (size_t I = 0; I < V.size(); ++I) {
    bool Load = I % 2;
    EXPECT_EQ(analyzeUnder(T, V[I], Row, "sm_90").Degree, 2) << I;
    EXPECT_EQ(analyzeUnder(T, V[I], Col, "sm_90").Degree, Load ? 2 : 1) << I;
  }
  EXPECT_TRUE(isBijection(T, Row, 0, 0, nullptr, 64));
  EXPECT_FALSE(isBijection(T, Row, 0, 0, nullptr)) << "column 64 ^ 1 = 65 is outside the row";
}

// A column reached past the last whole span keeps such swizzles out: the
// loads of SwizzleOfAHandPaddedRow one column further right reach column 64
// (lx = 15, ly / 4 = 3: 60 + 3 + 1), and no span of 2, 4, ... 64 covers it.
TEST(FixPlanner, PartialSpanNeedsEveryColumnInside) {
  SharedArray T = array("tile", "float", 4, {16, 65});
  std::vector<Access> V = {
      access(T, {(ty() % X(4)) * X(4), tx() * X(4) + ty() / X(4) + X(1)}, 4, {16, 16, 1})};
  FixPlan P = planFix(T, ptrs(V), targets({"sm_90"}), 4160, Strategy::Swizzle, model());
  EXPECT_FALSE(P.Found);
  EXPECT_EQ(P.Refusal, "no XOR swizzle fits rows of 65 floats: the row length must be "
                       "a multiple of the XOR span (2, 4, 8, ...), or every access stay "
                       "in the columns of the whole spans");
}

// isa's occupancy at a launch (issue 15): the compiler's `; Occupancy:`
// assumes 1024 threads; histogram_bytes launches 64 with 16 KiB of LDS.
TEST(LaunchOccupancy, LdsBoundsSmallWorkgroups) {
  BankModel Banks = BankModel::builtin();
  const TargetModel &Gfx942 = *Banks.find("gfx942");
  // 64 KiB per CU / 16 KiB = 4 workgroups of 1 wave over 4 SIMDs: 1 wave
  // per SIMD, where registers alone allow 7.
  auto O = planner::launchOccupancy(Gfx942, 16384, 64, 7);
  ASSERT_TRUE(O);
  EXPECT_EQ(O->Blocks, 4u);
  EXPECT_EQ(O->WavesPerBlock, 1u);
  EXPECT_EQ(O->WavesPerSIMD, 1u);
  EXPECT_EQ(O->Limit, "LDS");
  // 256 threads, 1 KiB: the wave slots (32 per CU / 4 waves = 8 workgroups)
  // bound it, 8 waves per SIMD, as the compiler says.
  O = planner::launchOccupancy(Gfx942, 1024, 256, 8);
  ASSERT_TRUE(O);
  EXPECT_EQ(O->Blocks, 8u);
  EXPECT_EQ(O->WavesPerSIMD, 8u);
  EXPECT_EQ(O->Limit, "wave slots");
  // Registers for 2 waves per SIMD, 256 threads, no LDS: 2 workgroups.
  O = planner::launchOccupancy(Gfx942, 0, 256, 2);
  ASSERT_TRUE(O);
  EXPECT_EQ(O->Blocks, 2u);
  EXPECT_EQ(O->WavesPerSIMD, 2u);
  EXPECT_EQ(O->Limit, "registers");
  // More LDS than a workgroup may have: none runs.
  O = planner::launchOccupancy(Gfx942, 65537, 64, 8);
  ASSERT_TRUE(O);
  EXPECT_EQ(O->Blocks, 0u);
  EXPECT_EQ(O->WavesPerSIMD, 0u);
  // No threads: nothing to say.
  EXPECT_FALSE(planner::launchOccupancy(Gfx942, 1024, 0, 8));
}
