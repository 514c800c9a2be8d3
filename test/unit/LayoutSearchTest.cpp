//===- LayoutSearchTest.cpp - XOR layouts per target, rankings, proofs ----===//
//
// Issue 13's cases on plain models: the GEMM B tile per target (a column
// term whose bit depends on the target's lane groups), the ranking that
// --fix-rank and bench --search read, and the one-line proof when every
// layout that helps one access hurts another. Units are 16-byte quads of
// floats; a row of 128 floats is 32 units (512 B). On 32 banks a unit u
// covers the banks of u % 8; on 64 banks those of u % 16.
//
//===----------------------------------------------------------------------===//

#include "PlannerFixtures.h"
#include "planner/Choice.h"
#include "planner/PlanText.h"

#include <gtest/gtest.h>

using namespace lds;
using namespace lds::test;

namespace {

// ---- examples/gemm_float4.hip's Bs ---------------------------------------
// float Bs[8][128], block 16x16 (tid = 16 ty + tx), in the k0 loop:
//   store float4 Bs[tid / 32][4 (tid % 32)]        (once per k0 step)
//   load  float4 Bs[k][8 tx], Bs[k][8 tx + 4]      (k = 0..7, each k0 step)
SharedArray gemmBs() { return array("Bs", "float", 4, {8, 128}); }

std::vector<Access> gemmBsAccesses(const SharedArray &Bs) {
  X Tid = ty() * X(16) + tx();
  std::vector<Access> V;
  V.push_back(access(Bs, {Tid / X(32), (Tid % X(32)) * X(4)}, 16, {16, 16, 1}, AccessKind::Store,
                     0, 37));
  V.back().LoopDepth = 1;
  V.push_back(access(Bs, {sym("k"), tx() * X(8)}, 16, {16, 16, 1}, AccessKind::Load, 0, 44));
  V.push_back(access(Bs, {sym("k"), tx() * X(8) + X(4)}, 16, {16, 16, 1}, AccessKind::Load, 0, 45));
  for (size_t I = 1; I < V.size(); ++I) {
    V[I].Symbols["k"] = loop({0, 1, 2, 3, 4, 5, 6, 7});
    V[I].LoopDepth = 2;
  }
  return V;
}

FixPlan planGemmBs(std::initializer_list<const char *> Targets, const PlanOptions &Opts = {}) {
  SharedArray Bs = gemmBs();
  std::vector<Access> V = gemmBsAccesses(Bs);
  // As's 2 KiB beside it, as in the example.
  return planFix(Bs, ptrs(V), targets(Targets), 6144, Strategy::Auto, model(), Opts);
}

} // namespace

// The loads: every lane reads row k; lanes of one tx read one address (a
// broadcast), so what matters is u = 2 tx (b0; b1 is u + 1 and goes the
// same way), even units 0..30.
//   sm_90 (8 lanes per pass) and gfx942 (b128 groups {0-3, 20-23}: tx 0-3
//   and 4-7) both see tx 0-7: u = 0..14, u % 8 = 0,2,4,6 twice: 2-way.
//   Bit 0 ^= bit 3 turns u = 8..14 into 9..15: all 8 distinct mod 8.
//   gfx950 (64 banks, groups {0-3, 12-15, 20-23, 24-27}: tx 0-3, 12-15,
//   4-7, 8-11) and gfx1250 (16 consecutive lanes: tx 0-15) both see tx 0-15:
//   u = 0..30, u % 16 twice each: 2-way. Bit 3 is no help there (8..14 and
//   24..30 both become 9..15 mod 16); bit 0 ^= bit 4 turns 16..30 odd: 1-way.
//   For all four, bit 0 ^= bit 3 ^ bit 4: tx 0-7 see bit 3 alone (bit 4 is
//   0), and tx 0-15 get 0..6, 9..15, 17..23, 24..30: distinct mod 16.
// The store's 32 lanes of a row write units 0..31 in order; each XOR
// permutes every aligned group of 8 (and 16) units, so it stays 1-way.
TEST(LayoutSearch, GemmBsColumnTermPerTarget) {
  struct Case {
    std::initializer_list<const char *> Targets;
    std::vector<unsigned> Shifts;
    const char *Description;
  };
  const Case Cases[] = {
      {{"sm_90"}, {3}, "XOR-swizzle columns in 16-byte units with bit 3 of the unit: 2-way -> "
                       "1-way on sm_90, no extra LDS"},
      {{"gfx942"}, {3}, "XOR-swizzle columns in 16-byte units with bit 3 of the unit: 2-way -> "
                        "1-way on gfx942, no extra LDS"},
      {{"gfx950"}, {4}, "XOR-swizzle columns in 16-byte units with bit 4 of the unit: 2-way -> "
                        "1-way on gfx950, no extra LDS"},
      {{"gfx1250"}, {4}, "XOR-swizzle columns in 16-byte units with bit 4 of the unit: 2-way -> "
                         "1-way on gfx1250, no extra LDS"},
      {{"sm_90", "gfx942", "gfx950", "gfx1250"},
       {3, 4},
       "XOR-swizzle columns in 16-byte units with bit 3 and bit 4 of the unit: 2-way -> 1-way on "
       "sm_90, gfx942, gfx950 and gfx1250, no extra LDS"},
  };
  for (const Case &C : Cases) {
    FixPlan P = planGemmBs(C.Targets);
    ASSERT_TRUE(P.Found) << P.Refusal;
    EXPECT_EQ(P.Choice.K, FixCandidate::Swizzle);
    EXPECT_EQ(P.Choice.Swz.Mask, 0u) << "no row term";
    EXPECT_EQ(P.Choice.Swz.VecElems, 4u) << "16-byte units: every float4 stays whole";
    EXPECT_EQ(P.Choice.Swz.ColShifts, C.Shifts);
    EXPECT_EQ(P.Description, C.Description);
    SharedArray Bs = gemmBs();
    std::vector<Access> V = gemmBsAccesses(Bs);
    for (const char *T : C.Targets)
      for (const Access &A : V)
        EXPECT_EQ(analyzeUnder(Bs, A, P.Choice, T).Degree, 1) << T << " line " << A.Loc.Line;
    EXPECT_TRUE(isBijection(Bs, P.Choice, 0, 8, nullptr, P.NewLayout.SwizzledColumns));
  }
}

// The ranking: for sm_90 the best is bit 0 ^= bit 3 (weighted passes: the
// store 4 passes x 8, two loads 4 passes x 64 each: 32 + 512 = 544); the
// layouts that add a row bit to it (row bit 0, 1, 2) cost the same, since
// every load reads one row and the store's rows are whole. Rank 1 takes the
// first of them; the ranking lists as many as the rank asks, and a rank
// past the last takes the last.
TEST(LayoutSearch, RanksTheLayoutsThatCanBeWritten) {
  FixPlan Best = planGemmBs({"sm_90"});
  ASSERT_TRUE(Best.Found);
  EXPECT_EQ(Best.Rank, 0u);
  EXPECT_EQ(Best.CostAfter, 544);
  ASSERT_EQ(Best.Ranked.size(), 1u) << "no more asked of the rewrite than rank 0";
  EXPECT_EQ(Best.Ranked[0].C.str(), Best.Choice.str());
  PlanOptions Opts;
  Opts.Rank = 1;
  FixPlan Second = planGemmBs({"sm_90"}, Opts);
  ASSERT_TRUE(Second.Found);
  EXPECT_EQ(Second.Rank, 1u);
  EXPECT_EQ(Second.CostAfter, 544);
  ASSERT_EQ(Second.Ranked.size(), 2u);
  EXPECT_EQ(Second.Ranked[0].C.str(), Best.Choice.str());
  EXPECT_EQ(Second.Choice.str(), Second.Ranked[1].C.str());
  EXPECT_EQ(Second.Choice.Swz.Mask, 1u) << "row bit 0";
  EXPECT_EQ(Second.Choice.Swz.ColShifts, std::vector<unsigned>{3});
  EXPECT_EQ(Second.Description,
            "XOR-swizzle columns in 16-byte units with bit 0 of the row and bit 3 of the unit: "
            "2-way -> 1-way on sm_90, no extra LDS; the layout ranked 1 (--fix-rank; the best, "
            "XOR-swizzle columns in 16-byte units with bit 3 of the unit, has weighted passes "
            "544, this one 544)");
  Opts.Rank = 1000;
  FixPlan Last = planGemmBs({"sm_90"}, Opts);
  ASSERT_TRUE(Last.Found);
  EXPECT_EQ(Last.Rank + 1, Last.Ranked.size());
  EXPECT_GT(Last.Ranked.size(), size_t(FixPlan::MaxRanked));
}

// The transpose tile (FixPlannerTest's TransposePadsTo33) on sm_90: pad 33
// is the best; pads 35, 37, ... are as good but only waste LDS, so the
// runner-up is the XOR layout with row bits 0-4, not a wider pad.
TEST(LayoutSearch, AWiderPadIsNoRunnerUp) {
  SharedArray Tile = array("tile", "float", 4, {32, 32});
  std::vector<Access> V;
  V.push_back(access(Tile, {ty() + sym("j"), tx()}, 4, {32, 8, 1}, AccessKind::Store, 0, 7));
  V.push_back(access(Tile, {tx(), ty() + sym("j")}, 4, {32, 8, 1}, AccessKind::Load, 0, 9));
  for (Access &A : V)
    A.Symbols["j"] = loop({0, 8, 16, 24});
  PlanOptions Opts;
  Opts.Rank = 3;
  FixPlan P = planFix(Tile, ptrs(V), targets({"sm_90"}), 4096, Strategy::Auto, model(), Opts);
  ASSERT_TRUE(P.Found);
  ASSERT_EQ(P.Ranked.size(), 4u);
  EXPECT_EQ(P.Ranked[0].C.str(), "pad +1");
  EXPECT_EQ(P.Ranked[1].C.K, FixCandidate::Swizzle);
  EXPECT_EQ(P.Ranked[1].C.Swz.Mask, 31u);
  for (const RankedCandidate &R : P.Ranked)
    EXPECT_TRUE(R.C.K != FixCandidate::Pad || R.C.PadElems == 1) << R.C.str();
}

// Nothing works, and the refusal proves it. float s[2][32], 32 lanes:
//   load c = s[l >> 4][l & 15]: words 0..15 and 32..47, banks 0..15 twice:
//     2-way (lanes 0 and 16 on bank 0).
//   load d = s[l >> 4][(l & 15) + 16 (l >> 4)]: words 0..15 and 48..63:
//     banks 0..31: 1-way.
// To separate c's halves, row 1's columns 0..15 must move to banks 16..31,
// where d's row-1 half would need them to stay put (row 1's columns 16..31
// would land on banks 0..15, on top of d's row-0 half): every layout that
// takes c from 2 to 1 passes takes d from 1 to 2. Pad 16 (rows of 48: row 1
// starts on bank 16) is the only pad that does; XORing the column with 16
// in row 1 (bit 0 of the row into 64-byte units) the only XOR layout.
TEST(LayoutSearch, NothingWorksAndTheRefusalSaysWhy) {
  SharedArray S = array("s", "float", 4, {2, 32});
  X L = tx();
  std::vector<Access> V;
  V.push_back(access(S, {L >> X(4), L & X(15)}, 4, {32, 1, 1}, AccessKind::Load, 0, 7));
  V.push_back(access(S, {L >> X(4), (L & X(15)) + X(16) * (L >> X(4))}, 4, {32, 1, 1},
                     AccessKind::Load, 0, 8));
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90"}), 256, Strategy::Auto, model());
  ASSERT_FALSE(P.Found);
  EXPECT_EQ(P.Refusal,
            "padding is not possible: one pad lowers an access's passes and makes another's "
            "worse: rows 32 -> 48 floats, takes the load at k.hip:7:5 on sm_90 from 2 to 1 "
            "passes (before, lanes 0,16 hit bank 0 at 2 different words) but the load at "
            "k.hip:8:5 on sm_90 from 1 to 2 passes (now lanes 0,16 hit bank 0 at 2 different "
            "words): sm_90's weighted passes 3 -> 3; a swizzle is not possible: one XOR layout "
            "lowers an access's passes and "
            "makes another's worse: XOR-swizzle columns in 64-byte units with bit 0 of the row, "
            "takes the load at k.hip:7:5 on sm_90 from 2 to 1 passes (before, lanes 0,16 hit "
            "bank 0 at 2 different words) but the load at k.hip:8:5 on sm_90 from 1 to 2 passes "
            "(now lanes 0,16 hit bank 0 at 2 different words): sm_90's weighted passes 3 -> 3");
}

// A pad that one target alone forbids. double s[4][15], 32 threads: octet k
// = t >> 3 reads 8 doubles of row k from column (k + 6) & 7, so at double
// u = 15 k + ((k + 6) & 7) + (t & 7): k = 0..3 read 6..13, 22..29, 30..37,
// 46..53. A b64 load is served by half-warps over 32 banks (16 doubles) on
// sm_90, by the whole wave over 64 banks (32 doubles) on gfx1250. sm_90:
// both halves see one range twice mod 16 (6..13; 14,15,0..5): 2-way, 4
// passes. gfx1250: the four ranges are disjoint mod 32: 1-way. Pad 8 (rows
// of 23: 6..13, 30..37, 46..53, 70..77) separates each half mod 16, but 70
// = 6 mod 32 puts octet 3 on octet 0's banks on gfx1250; no other pad
// lowers sm_90's passes. Rows of 15 fit no XOR span. With sm_90 alone the
// pad is taken; with gfx1250 too, the refusal names gfx1250 as what forbids
// it. (With gfx950 as well, whose b64 loads also see 64 banks, no single
// target forbids it, and the clause is not added.)
TEST(LayoutSearch, TheRefusalNamesTheOnlyTargetThatForbids) {
  SharedArray S = array("s", "double", 8, {4, 15});
  X K = tx() >> X(3);
  std::vector<Access> V;
  V.push_back(access(S, {K, (tx() & X(7)) + ((K + X(6)) & X(7))}, 8, {32, 1, 1},
                     AccessKind::Load, 0, 9));
  FixPlan Alone = planFix(S, ptrs(V), targets({"sm_90"}), 256, Strategy::Auto, model());
  ASSERT_TRUE(Alone.Found) << Alone.Refusal;
  EXPECT_EQ(Alone.Description,
            "pad rows 15 -> 23 doubles: 2-way -> 1-way on sm_90, +256 B LDS, occupancy unchanged");
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90", "gfx1250"}), 256, Strategy::Auto, model());
  ASSERT_FALSE(P.Found);
  EXPECT_EQ(P.Refusal,
            "padding is not possible: one pad lowers an access's passes and makes them worse on "
            "another target: rows 15 -> 23 doubles, takes the load at k.hip:9:5 on sm_90 from 4 "
            "to 2 passes (before, lanes 0,8 hit bank 12 at 2 different words) but the load at "
            "k.hip:9:5 on gfx1250 from 1 to 2 passes (now lanes 0,24 hit bank 12 at 2 different "
            "words): gfx1250's weighted passes 1 -> 2; only gfx1250 forbids it (rows 15 -> 23 "
            "doubles lowers the passes elsewhere and makes nothing worse there); a swizzle is "
            "not possible: no XOR swizzle fits rows of 15 doubles: the row length must be a "
            "multiple of the XOR span (2, 4, 8, ...), or every access stay in the columns of the "
            "whole spans");
}

// The same two shapes, but c is a load run 8 times (a loop of 8 around it,
// its counter k known) and d a store run once: before, 2 x 8 + 1 = 17
// weighted passes; pad 16 (rows of 48, +2 x 16 floats = 128 B) takes c to 1
// pass and d to 2: 1 x 8 + 2 = 10. The objective is the passes the kernel issues, so this trade is
// taken, and the description lists it access by access.
/// The trade's two accesses in a block of Threads x 1 x 1: c, a load of
/// s[t >> 4][t & 15] in a loop of 8 (its counter k known), and d, a store of
/// s[t >> 4][(t & 15) + 16 * (t >> 4)] run once.
static std::vector<Access> tradeAccesses(const SharedArray &S, unsigned Threads) {
  X L = tx();
  std::vector<Access> V;
  V.push_back(access(S, {L >> X(4), L & X(15)}, 4, {Threads, 1, 1}, AccessKind::Load, 0, 7));
  V.back().Symbols["k"] = loop({0, 1, 2, 3, 4, 5, 6, 7});
  V.back().LoopDepth = 1;
  V.push_back(access(S, {L >> X(4), (L & X(15)) + X(16) * (L >> X(4))}, 4, {Threads, 1, 1},
                     AccessKind::Store, 0, 8));
  return V;
}

TEST(LayoutSearch, ATradeThatIssuesFewerPassesIsTaken) {
  SharedArray S = array("s", "float", 4, {2, 32});
  std::vector<Access> V = tradeAccesses(S, 32);
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90"}), 256, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.CostBefore, 17);
  EXPECT_EQ(P.CostAfter, 10);
  // The worst access is 2-way before and after (c before, d after): the
  // trade says what changed.
  EXPECT_EQ(P.Description,
            "pad rows 32 -> 48 floats: 2-way unchanged on sm_90, +128 B LDS, occupancy "
            "unchanged; a trade on sm_90: the load at k.hip:7:5 2 -> 1 passes (runs 8x), the "
            "store at k.hip:8:5 1 -> 2 passes (runs 1x), weighted passes 17 -> 10");
}

// The same trade in a block of two waves whose store only the first wave
// executes (`if (t < 32)`): the store's passes weigh half, the wave share
// is named in the trade, and the costs are per block and wave.
TEST(LayoutSearch, AStoreOneWaveOfTwoRunsWeighsHalf) {
  SharedArray S = array("s", "float", 4, {4, 32});
  std::vector<Access> V = tradeAccesses(S, 64);
  V.back().Predicate = (tx() < X(32)).E;
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90"}), 256, Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.CostBefore, 16.5);
  EXPECT_EQ(P.CostAfter, 9);
  // Before: the load 2-way in each wave (rows r and r + 1 are 32 floats
  // apart), 8 x 2 = 16, the store 1 pass in half the waves, 0.5. After the
  // pad: 8 x 1 + 2 x 0.5 = 9.
  EXPECT_EQ(P.Description,
            "pad rows 32 -> 48 floats: 2-way unchanged on sm_90, +256 B LDS, occupancy "
            "unchanged; a trade on sm_90: the load at k.hip:7:5 2 -> 1 passes (runs 8x), the "
            "store at k.hip:8:5 1 -> 2 passes (runs 1x, in 1 of 2 waves), weighted passes "
            "16.5 -> 9");
}

// Across targets the slowest one decides, each against its own ideal, and
// only then the sum: A issues fewer passes in all (10 + 36 = 46 against
// 15 + 32 = 47) but leaves its second target at 36 / 20 = 1.8 times its
// ideal, where B's worst is 32 / 20 = 1.6. A conflict-free C beats both.
TEST(LayoutSearch, TheSlowestTargetRanksBeforeTheSum) {
  auto Make = [](size_t Order, std::vector<double> Cost) {
    planner::Scored S;
    S.Order = Order;
    S.Improves = true;
    S.Eval.TargetCost = Cost;
    S.Eval.TargetIdeal = {10, 20};
    S.Eval.Cost = Cost[0] + Cost[1];
    for (size_t T = 0; T < 2; ++T) {
      planner::Cell C;
      C.Readings.push_back({Cost[T], S.Eval.TargetIdeal[T]});
      S.Eval.Cells.push_back({C});
    }
    return S;
  };
  std::vector<planner::Scored> All = {Make(0, {10, 36}), Make(1, {15, 32}), Make(2, {10, 20})};
  EXPECT_DOUBLE_EQ(planner::worstTargetFactor(All[0].Eval), 1.8);
  EXPECT_DOUBLE_EQ(planner::worstTargetFactor(All[1].Eval), 1.6);
  std::vector<const planner::Scored *> Ranked = planner::rankCandidates(All, Strategy::Auto);
  ASSERT_EQ(Ranked.size(), 3u);
  EXPECT_EQ(Ranked[0]->Order, 2u);
  EXPECT_EQ(Ranked[1]->Order, 1u);
  EXPECT_EQ(Ranked[2]->Order, 0u);
}

// ---- A general linear layout (issue 13, layout synthesis) -----------------
// float s[16][32], 64 threads t = tx:
//   store s[2 i + t / 32][t % 32]  (i = 0..7, a loop of 8)
//   load  s[r][t & 7], r = ((t >> 3) & 1) | ((t >> 4) & 1) << 2 | (t >> 5) << 3
// The load's 32 lanes of a group (sm_90, and gfx942's and gfx950's b32
// groups of 32) read rows {0, 1, 4, 5} (+ 8 in the second wave half), each
// at columns 0..7: on 32 banks, 4-way (a row is 32 floats, 0 mod 32 banks).
// gfx1250 (64 banks, one group of 32): row 1 starts at bank 32, so only rows
// 0 and 4 (and 1 and 5) collide: 2-way.
// To be 1-way on 32 banks the four rows need four distinct values of column
// bits 3-4, so row bits 0 and 2 must each flip one of them, and row bit 1
// nothing (it is the same for every lane of a group only by accident of
// this load; a layout may use it, but it must not spoil bits 0 and 2).
// No structured layout does that: a row term reads consecutive row bits
// ((row >> S) & M) into consecutive column bits, and covering row bits 0
// and 2 takes M = 7 into column bits 3-5 (a span of 64 floats, more than
// the row) or into bits 2-4 (row 1 then lands on columns 4..11, on top of
// row 0); column terms read bits of the unit that no lane sets; pads give
// rows {0, P, 4P, 5P} mod 32, never four whole blocks of 8 banks. The
// general layout `column bit 3 ^= row bit 0, bit 4 ^= row bit 2` gives rows
// 0, 1, 4, 5 the banks 0-7, 8-15, 16-23, 24-31; the store's groups write
// one row each (two on gfx950's disputed 64-lane reading, 32 banks apart),
// which any XOR of the row permutes.
namespace {

SharedArray generalTile() { return array("s", "float", 4, {16, 32}); }

std::vector<Access> generalTileAccesses(const SharedArray &S) {
  X T = tx();
  std::vector<Access> V;
  V.push_back(access(S, {sym("i") * X(2) + T / X(32), T % X(32)}, 4, {64, 1, 1},
                     AccessKind::Store, 0, 7));
  V.back().Symbols["i"] = loop({0, 1, 2, 3, 4, 5, 6, 7});
  V.back().LoopDepth = 1;
  // The bits are disjoint: ^ is the source's |.
  X Row = ((T >> X(3)) & X(1)) ^ (((T >> X(4)) & X(1)) << X(2)) ^ ((T >> X(5)) << X(3));
  V.push_back(access(S, {Row, T & X(7)}, 4, {64, 1, 1}, AccessKind::Load, 0, 9));
  return V;
}

} // namespace

TEST(LayoutSearch, OnlyAGeneralMatrixIsConflictFree) {
  SharedArray S = generalTile();
  std::vector<Access> V = generalTileAccesses(S);
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90", "gfx942", "gfx950", "gfx1250"}), 2048,
                      Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.Choice.K, FixCandidate::Swizzle);
  ASSERT_TRUE(P.Choice.Swz.isLinear()) << P.Choice.str();
  EXPECT_TRUE(P.Choice.Swz.validLinear());
  EXPECT_EQ(P.LDSBytesAfter, P.LDSBytesBefore);
  // Passes summed over the two accesses, per target, before -> after:
  //   sm_90:   store 1 + load 4 = 5 -> 1 + 1
  //   gfx942:  store 2 + load 8 = 10 -> 2 + 2 (two groups of 32 per wave)
  //   gfx950:  as gfx942 (32-bank default reading)
  //   gfx1250: store 1 + load 2 = 3 -> 1 + 1
  const std::vector<std::pair<double, double>> Passes = {{5, 2}, {10, 4}, {10, 4}, {3, 2}};
  ASSERT_EQ(P.Outcomes.size(), Passes.size());
  for (size_t T = 0; T < Passes.size(); ++T) {
    EXPECT_EQ(P.Outcomes[T].PassesBefore, Passes[T].first) << P.Outcomes[T].Target;
    EXPECT_EQ(P.Outcomes[T].PassesAfter, Passes[T].second) << P.Outcomes[T].Target;
    EXPECT_EQ(P.Outcomes[T].DegreeAfter, 1) << P.Outcomes[T].Target;
  }
  // Weighted: the store runs 8 times. sm_90 8 + 4, gfx942 16 + 8, gfx950
  // 16 + 8, gfx1250 8 + 2 before; 8 + 1, 16 + 2, 16 + 2, 8 + 1 after.
  EXPECT_EQ(P.CostBefore, 12 + 24 + 24 + 10);
  EXPECT_EQ(P.CostAfter, 9 + 18 + 18 + 9);
  for (const char *T : {"sm_90", "gfx942", "gfx950", "gfx1250"})
    for (const Access &A : V)
      EXPECT_EQ(analyzeUnder(S, A, P.Choice, T).Degree, 1) << T << " line " << A.Loc.Line;
  std::string Why;
  EXPECT_TRUE(isBijection(S, P.Choice, 0, 16, &Why, P.NewLayout.SwizzledColumns)) << Why;
  EXPECT_EQ(P.Description.substr(0, P.Description.find(':')),
            "XOR-swizzle columns by bits (4-byte unit bit 3 ^= row bit 0 ^ bit 3, bit 4 ^= row "
            "bit 2)");
  // gfx950's disputed reading (64 banks, one group of 64 lanes) sees rows
  // 0, 1, 4, 5, 8, 9, 12, 13 at once; row bit 3 into column bit 3 puts
  // them on banks 0, 40, 16, 56, 8, 32, 24, 48 (+ 0..7): 1-way there too,
  // so no pad with a swizzle is needed or tried.
  EXPECT_EQ(P.Outcomes[2].AltDegreeAfter, 1);

  // Without the general search's layouts (Strategy::Pad, and the structured
  // swizzles, which the planner scores first): none is 1-way on sm_90.
  for (const std::string &L : P.Considered) {
    if (L.rfind("swizzle ((row", 0) == 0 || L.rfind("pad +", 0) == 0)
      if (L.find(", swizzle") == std::string::npos) // a pad with a swizzle costs LDS
      EXPECT_EQ(L.find("sm_90 1-way,"), std::string::npos) << L;
  }
}

// The general layout's text: the rule in bits and its source expression.
TEST(LayoutSearch, GeneralLayoutText) {
  SwizzleParams P;
  P.VecElems = 4;
  P.Terms = {{SwizzleParams::XorTerm::Row, 0, 1},
             {SwizzleParams::XorTerm::Row, 1, 2},
             {SwizzleParams::XorTerm::Row, 2, 4},
             {SwizzleParams::XorTerm::Row, 3, 5},
             {SwizzleParams::XorTerm::Unit, 5, 2}};
  EXPECT_TRUE(P.validLinear());
  EXPECT_EQ(P.rowPeriod(), 16u);
  EXPECT_EQ(P.spanUnits(), 64u);
  EXPECT_EQ(planner::linearRuleText(P, 4),
            "16-byte unit bits 0-2 ^= row bits 0-2, bits 0 and 2 ^= row bit 3, bit 1 ^= unit "
            "bit 5");
  // The structured forms keep their own text.
  SwizzleParams Row;
  Row.Shift = 0;
  Row.Mask = 7;
  Row.VecElems = 4;
  EXPECT_FALSE(Row.isLinear());
  EXPECT_EQ(Row.rowPeriod(), 8u);
  EXPECT_EQ(planner::swizzleDescription(Row, 4),
            "XOR-swizzle columns in 16-byte units with bits 0-2 of the row");
}

// PlanOptions::Ties: the runners-up the model cannot tell from the choice
// (general_xor.hip on gfx942: isa_tie_break.test compiles them), each a
// whole plan of the same kind, LDS and passes, none of them the choice.
TEST(LayoutSearch, TiesAreRunnersUpOfEqualCost) {
  SharedArray S = generalTile();
  std::vector<Access> V = generalTileAccesses(S);
  PlanOptions Opts;
  Opts.Ties = 2;
  FixPlan P = planFix(S, ptrs(V), targets({"gfx942"}), 2048, Strategy::Auto, model(), Opts);
  ASSERT_TRUE(P.Found) << P.Refusal;
  ASSERT_EQ(P.Ties.size(), 2u);
  for (const FixPlan &T : P.Ties) {
    EXPECT_TRUE(T.Found);
    EXPECT_TRUE(T.Ties.empty());
    EXPECT_EQ(T.Choice.K, P.Choice.K);
    EXPECT_NE(T.Choice.str(), P.Choice.str());
    EXPECT_EQ(T.CostAfter, P.CostAfter); // store 2 x 8 + load 2: 18
    EXPECT_EQ(T.AltCostAfter, P.AltCostAfter);
    EXPECT_EQ(T.LDSBytesAfter, P.LDSBytesAfter);
    EXPECT_EQ(T.Outcomes[0].PassesAfter, 4);
    std::string Why;
    EXPECT_TRUE(isBijection(S, T.Choice, 0, 16, &Why, T.NewLayout.SwizzledColumns)) << Why;
  }
  EXPECT_EQ(P.CostAfter, 18);
  // Without Ties, none is described.
  EXPECT_TRUE(planFix(S, ptrs(V), targets({"gfx942"}), 2048, Strategy::Auto, model()).Ties.empty());
}

// ---- A pad with a general layout (issue 13 (c)) ---------------------------
// float s[128][16] (rows of 64 B, half a bank cycle on 32 banks), 512
// threads t:
//   store float4 s[16 (t >> 6) + t % 16][4 ((t >> 4) & 3)]
//   load  float  s[r][t & 3], r = t bit 2 -> row bit 2, bit 3 -> 4, bit 4 -> 6,
//                             bit 5 -> 3 (a gather, as general_xor's)
// The load's 32 lanes of a warp read 4 columns of the rows {0, 4, 16, 20,
// 64, 68, 80, 84} (+ 8 in odd warps): all multiples of 4, so all on banks
// 0..15: 8-way on 32 banks, and 8-way on gfx1250's 64 (16 r = 0 mod 64).
// Why nothing simpler works (a float4 access: pads of 4, 8, 12, 16, XOR
// units of 16 B, the 4 units of a row):
//  - no XOR layout alone: it permutes the units inside a row, so the warp's
//    32 words stay on banks 0..15: at least 2-way;
//  - no pad alone: rows 0, 16, 64 and 80 start on one bank for every pad
//    (16 (16 + P) = 0 mod 32 when 4 divides P);
//  - no pad with a structured swizzle: those four rows must then take four
//    distinct units, so row bits 4 and 6 must flip independent unit bits,
//    and a row term reads consecutive row bits (at most two: 4 units);
//  - a pad of 4 (or 12) puts row bit 2 on bank 16, and `unit bit 0 ^= row
//    bit 6, bit 1 ^= row bit 4` gives the four rows the four units: 1-way.
// The store: 8 consecutive rows of one unit per group of 8 lanes, on
// 16-row strides before (4-way), on 20-float strides after: banks 20 r mod
// 32 are 8 distinct multiples of 4, and 16 rows tile gfx1250's 64 banks.
// The pad costs no workgroup: 512 threads are 4 blocks of wave slots.
namespace {

SharedArray padGeneralTile() { return array("s", "float", 4, {128, 16}); }

std::vector<Access> padGeneralAccesses(const SharedArray &S) {
  X T = tx();
  std::vector<Access> V;
  V.push_back(access(S, {(T >> X(6)) * X(16) + T % X(16), ((T >> X(4)) & X(3)) * X(4)}, 16,
                     {512, 1, 1}, AccessKind::Store, 0, 9));
  // The bits are disjoint: ^ is the source's |.
  X Row = (T & X(4)) ^ ((T & X(8)) << X(1)) ^ ((T & X(16)) << X(2)) ^ ((T & X(32)) >> X(2));
  V.push_back(access(S, {Row, T & X(3)}, 4, {512, 1, 1}, AccessKind::Load, 0, 11));
  return V;
}

} // namespace

TEST(LayoutSearch, OnlyAPadWithAGeneralLayoutIsConflictFree) {
  SharedArray S = padGeneralTile();
  std::vector<Access> V = padGeneralAccesses(S);
  FixPlan P = planFix(S, ptrs(V), targets({"sm_90", "gfx942", "gfx950", "gfx1250"}), 8192,
                      Strategy::Auto, model());
  ASSERT_TRUE(P.Found) << P.Refusal;
  EXPECT_EQ(P.Choice.K, FixCandidate::PadSwizzle);
  EXPECT_EQ(P.Choice.str(), "pad +4, swizzle linear * 4: row4->2 row6->1");
  EXPECT_EQ(P.Description,
            "pad rows 16 -> 20 floats and XOR-swizzle columns by bits (16-byte unit bit 0 ^= "
            "row bit 6, bit 1 ^= row bit 4): 8-way -> 1-way on sm_90, gfx942, gfx950 and "
            "gfx1250, +2048 B LDS, occupancy unchanged; under the disputed 64-bank reading: "
            "16-way -> 1-way on gfx950");
  // Passes per wave, store + load, before -> after:
  //   sm_90:   4 groups x 4 + 8 = 24 -> 4 + 1
  //   gfx942:  8 groups x 4 + 2 groups x 8 = 48 -> 8 + 2; gfx950 the same
  //   gfx1250: 2 groups of 16 x 4 + 8 = 16 -> 2 + 1
  const std::vector<std::pair<double, double>> Passes = {{24, 5}, {48, 10}, {48, 10}, {16, 3}};
  ASSERT_EQ(P.Outcomes.size(), Passes.size());
  for (size_t T = 0; T < Passes.size(); ++T) {
    EXPECT_EQ(P.Outcomes[T].PassesBefore, Passes[T].first) << P.Outcomes[T].Target;
    EXPECT_EQ(P.Outcomes[T].PassesAfter, Passes[T].second) << P.Outcomes[T].Target;
    EXPECT_EQ(P.Outcomes[T].DegreeAfter, 1) << P.Outcomes[T].Target;
    EXPECT_EQ(P.Outcomes[T].AltDegreeAfter, 1) << P.Outcomes[T].Target;
  }
  EXPECT_EQ(P.CostBefore, 24 + 48 + 48 + 16);
  EXPECT_EQ(P.CostAfter, 5 + 10 + 10 + 3);
  EXPECT_EQ(P.LDSBytesAfter, P.LDSBytesBefore + 128 * 4 * 4);
  for (const char *T : {"sm_90", "gfx942", "gfx950", "gfx1250"})
    for (const Access &A : V)
      EXPECT_EQ(analyzeUnder(S, A, P.Choice, T).Degree, 1) << T << " line " << A.Loc.Line;
  std::string Why;
  EXPECT_TRUE(isBijection(S, P.Choice, 0, 128, &Why, P.NewLayout.SwizzledColumns)) << Why;

  // The planner scored the pads, the swizzles and the pads with structured
  // swizzles, and searched the general layouts alone: none of them 1-way on
  // sm_90. Then the general layouts under pad 4, the smallest of the pads
  // searched, which yields conflict-free ones: the search stops there.
  size_t Others = 0, PadGeneral = 0;
  std::vector<std::string> Searches;
  for (const std::string &L : P.Considered) {
    if (L.rfind("general XOR layouts", 0) == 0)
      Searches.push_back(L.substr(0, L.find(':')));
    else if (L.rfind("pad +4, swizzle linear", 0) == 0)
      ++PadGeneral;
    else if (L.rfind("pad +", 0) == 0 || L.rfind("swizzle ", 0) == 0) {
      ++Others;
      EXPECT_EQ(L.find("sm_90 1-way,"), std::string::npos) << L;
    }
  }
  EXPECT_EQ(Searches, (std::vector<std::string>{"general XOR layouts",
                                                "general XOR layouts with pad +4"}));
  EXPECT_EQ(PadGeneral, 8u) << "the best eight estimates, costed exactly";
  // 4 pads, 28 swizzles (row and column terms), 8 general layouts, 96 pads
  // with a structured swizzle.
  EXPECT_EQ(Others, 4u + 28u + 8u + 96u) << considered(P);
}

// The load's degree on sm_90 under every pad tried (0: none) and every
// linear map of the row bits a warp's lanes differ in (2, 4 and 6) to the
// two unit bits: 1-way exactly when the pad is 4 or 12 and bits 4 and 6
// flip independent unit bits. (A row bit every lane of the warp shares
// XORs every lane's unit alike and changes no degree.) The best without a
// pad is 2-way, and the best pad alone 4-way.
TEST(LayoutSearch, APadAndTwoIndependentRowBitsAreNeeded) {
  SharedArray S = padGeneralTile();
  const Access Load = padGeneralAccesses(S)[1];
  double BestXorAlone = 64, BestPadAlone = 64;
  for (unsigned Pad : {0u, 4u, 8u, 12u, 16u})
    for (unsigned Map = 0; Map < 64; ++Map) {
      SwizzleParams Z;
      Z.VecElems = 4;
      const unsigned Bits[] = {2, 4, 6};
      for (unsigned I = 0; I < 3; ++I)
        if (unsigned Vec = Map >> (2 * I) & 3)
          Z.Terms.push_back({SwizzleParams::XorTerm::Row, Bits[I], Vec});
      FixCandidate C = !Z.isLinear() ? FixCandidate::pad(Pad)
                       : Pad         ? FixCandidate::padSwizzle(Pad, Z)
                                     : FixCandidate::swizzle(Z);
      const double Degree = analyzeUnder(S, Load, C, "sm_90").Degree;
      const unsigned V4 = Map >> 2 & 3, V6 = Map >> 4 & 3;
      const bool Independent = V4 && V6 && V4 != V6;
      EXPECT_EQ(Degree == 1, (Pad == 4 || Pad == 12) && Independent) << C.str();
      if (!Pad)
        BestXorAlone = std::min(BestXorAlone, Degree);
      if (!Map && Pad)
        BestPadAlone = std::min(BestPadAlone, Degree);
    }
  EXPECT_EQ(BestXorAlone, 2);
  EXPECT_EQ(BestPadAlone, 4);
}
