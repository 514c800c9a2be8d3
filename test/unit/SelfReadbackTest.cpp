//===- SelfReadbackTest.cpp - Barriers between a write and its own read ---===//
//
// checkReadbackBarrier / findReadbackBarriers on hand-made models: a kernel
// `s[f(t)] = ...; __syncthreads(); ... = s[g(t)];` as three statements, the
// barrier the middle one. Each test changes one thing and expects the
// exact verdict: proven (what was enumerated), the pair of threads, or
// what is not known.
//
//===----------------------------------------------------------------------===//

#include "analysis/SelfReadback.h"

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

ExprRef tid() { return LaneExpr::threadIdx(0); }
ExprRef c(int64_t V) { return LaneExpr::constant(V); }

/// float s[256], a block of 256 threads from a launch.
struct Kernel {
  Model M;
  Kernel() {
    SharedArray S;
    S.Id = "k/s";
    S.Name = "s";
    S.Kernel = "k";
    S.ElementBytes = 4;
    S.Dims = {256};
    S.Bytes = 1024;
    M.Arrays.push_back(S);
    for (unsigned Line : {10u, 11u, 12u}) {
      KernelStatement St;
      St.Kernel = "k";
      St.File = "k.hip";
      St.Begin = Line * 100;
      St.End = Line * 100 + 50;
      St.Line = St.EndLine = Line;
      M.Statements.push_back(St);
    }
    Barrier B;
    B.Kernel = "k";
    B.Loc = at(11);
    B.Removable = true;
    M.Barriers.push_back(B);
    M.Statements[1].Barrier = 0;
  }
  /// s[Index] at Line, a store or a load.
  void lds(unsigned Line, AccessKind K, ExprRef Index) {
    Access A;
    A.ArrayId = "k/s";
    A.Kernel = "k";
    A.Loc = at(Line);
    A.Kind = K;
    A.WidthBytes = 4;
    A.ElementBytes = 4;
    A.ByteOffset = LaneExpr::mul(Index, c(4));
    A.Block.Dims = {256, 1, 1};
    A.Block.Source = BlockSource::Launch;
    M.Accesses.push_back(A);
  }
  void global(unsigned Line, AccessKind K, const std::string &Ptr, ExprRef Index,
              bool Restrict = false) {
    GlobalAccess G;
    G.Kernel = "k";
    G.Loc = at(Line);
    G.Kind = K;
    G.Pointer = Ptr;
    G.Restrict = Restrict;
    G.ConstPointee = K == AccessKind::Load;
    G.Index = Index;
    G.ElementBytes = 4;
    M.Globals.push_back(G);
  }
  ReadbackCheck check() { return checkReadbackBarrier(M, 0, {64}); }
};

TEST(SelfReadback, OwnElementIsProven) {
  Kernel K;
  K.lds(10, AccessKind::Store, tid());
  K.lds(12, AccessKind::Load, tid());
  ReadbackCheck R = K.check();
  EXPECT_EQ(R.Result, ReadbackCheck::Proven);
  EXPECT_EQ(R.Detail, "256 threads");
  std::vector<ReadbackBarrier> Found = findReadbackBarriers(K.M, {64}, {}, {});
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].FirstLine, 10u);
  EXPECT_EQ(Found[0].LastLine, 12u);
}

TEST(SelfReadback, NeighbourIsThePair) {
  Kernel K;
  K.lds(10, AccessKind::Store, tid());
  K.lds(12, AccessKind::Load,
        LaneExpr::binary(BinaryOp::Rem, LaneExpr::add(tid(), c(1)), c(256), IntType::i32()));
  ReadbackCheck R = K.check();
  EXPECT_EQ(R.Result, ReadbackCheck::Conflict);
  EXPECT_EQ(R.Detail, "thread 0 writes s[0] at line 10, which thread 255 reads at line 12");
  EXPECT_TRUE(findReadbackBarriers(K.M, {64}, {}, {}).empty());
}

TEST(SelfReadback, TwoWritersOfOneElement) {
  Kernel K;
  K.lds(10, AccessKind::Store, LaneExpr::binary(BinaryOp::Shr, tid(), c(1), IntType::i32()));
  ReadbackCheck R = K.check();
  EXPECT_EQ(R.Result, ReadbackCheck::Conflict);
  EXPECT_EQ(R.Detail, "threads 0 and 1 both write s[0]");
}

TEST(SelfReadback, AnInactiveLaneDoesNotRead) {
  Kernel K;
  K.lds(10, AccessKind::Store, tid());
  K.lds(12, AccessKind::Load, c(0));
  // Only thread 0 reads s[0]: its own.
  K.M.Accesses.back().Predicate =
      LaneExpr::binary(BinaryOp::EQ, tid(), c(0), IntType::boolean());
  EXPECT_EQ(K.check().Result, ReadbackCheck::Proven);
}

TEST(SelfReadback, AFreeSymbolSaysWhatToAssume) {
  Kernel K;
  K.lds(10, AccessKind::Store, tid());
  K.lds(12, AccessKind::Load,
        LaneExpr::binary(BinaryOp::Rem, tid(), LaneExpr::symbol("n"), IntType::i32()));
  K.M.Accesses.back().Symbols["n"] = SymbolInfo();
  ReadbackCheck R = K.check();
  EXPECT_EQ(R.Result, ReadbackCheck::Unknown);
  EXPECT_EQ(R.Detail, "it depends on 'n' (line 12); pass --assume n=VALUE");
  // Every value of a loop counter is enumerated, every iteration against
  // every other: s[(t + k) % 256] written for k = 0..2 by thread 0 (k = 0)
  // and thread 255 (k = 1) is s[0] both times.
  SymbolInfo Counter;
  Counter.Dom = SymbolInfo::Values;
  Counter.Vals = {0, 1, 2};
  Counter.IsLoopCounter = true;
  K.M.Accesses[0].ByteOffset = LaneExpr::mul(
      LaneExpr::binary(BinaryOp::Rem, LaneExpr::add(tid(), LaneExpr::symbol("k")), c(256),
                       IntType::i32()),
      c(4));
  K.M.Accesses[0].Symbols["k"] = Counter;
  K.M.Accesses[1].ByteOffset = K.M.Accesses[0].ByteOffset;
  K.M.Accesses[1].Symbols = K.M.Accesses[0].Symbols;
  R = K.check();
  EXPECT_EQ(R.Result, ReadbackCheck::Conflict);
  EXPECT_EQ(R.Detail, "threads 0 and 255 both write s[0]");
  // One iteration only: every thread reads back its own.
  K.M.Accesses[0].Symbols["k"].Vals = {2};
  K.M.Accesses[1].Symbols["k"].Vals = {2};
  EXPECT_EQ(K.check().Result, ReadbackCheck::Proven);
}

TEST(SelfReadback, GlobalMemoryCountsToo) {
  Kernel K;
  K.lds(10, AccessKind::Store, tid());
  K.lds(12, AccessKind::Load, tid());
  K.global(10, AccessKind::Load, "data", tid());
  K.global(12, AccessKind::Store, "data",
           LaneExpr::binary(BinaryOp::Rem, LaneExpr::add(tid(), c(1)), c(256), IntType::i32()));
  K.M.Globals[0].ConstPointee = false;
  ReadbackCheck R = K.check();
  EXPECT_EQ(R.Result, ReadbackCheck::Conflict);
  EXPECT_EQ(R.Detail, "thread 255 writes data[0] at line 12, which thread 0 reads at line 10");
}

TEST(SelfReadback, PointersThatMayAliasAreNoProof) {
  Kernel K;
  K.lds(10, AccessKind::Store, tid());
  K.lds(12, AccessKind::Load, tid());
  K.global(10, AccessKind::Load, "in", tid());
  K.global(12, AccessKind::Store, "out", tid());
  ReadbackCheck R = K.check();
  EXPECT_EQ(R.Result, ReadbackCheck::Unknown);
  EXPECT_EQ(R.Detail, "'out' (stored at line 12) and 'in' (load at line 10) may point to the same "
                      "memory: neither is __restrict__");
  K.M.Globals[0].Restrict = true;
  EXPECT_EQ(K.check().Result, ReadbackCheck::Proven);
}

TEST(SelfReadback, TheSameBlockOffsetCancels) {
  Kernel K;
  ExprRef Block = LaneExpr::mul(LaneExpr::symbol("blockIdx.x"), c(256));
  K.global(12, AccessKind::Store, "out", LaneExpr::add(Block, tid()));
  K.M.Globals[0].Symbols["blockIdx.x"] = SymbolInfo();
  K.lds(10, AccessKind::Store, tid());
  EXPECT_EQ(K.check().Result, ReadbackCheck::Proven);
  // Another access with another block offset: not enumerated.
  K.global(12, AccessKind::Load, "out", LaneExpr::add(LaneExpr::symbol("blockIdx.x"), tid()));
  K.M.Globals[1].ConstPointee = false;
  ReadbackCheck R = K.check();
  EXPECT_EQ(R.Result, ReadbackCheck::Unknown);
  EXPECT_EQ(R.Detail, "the indexes of 'out' at line 12 depend on blockIdx in a way the check does "
                      "not enumerate");
}

TEST(SelfReadback, OpaqueCodeAndUnknownShapes) {
  Kernel K;
  K.lds(10, AccessKind::Store, tid());
  K.lds(12, AccessKind::Load, tid());
  K.M.Statements[2].Opaque.push_back("the call to 'f' at line 12 (calls are not followed)");
  EXPECT_EQ(K.check().Detail, "the call to 'f' at line 12 (calls are not followed)");
  K.M.Statements[2].Opaque.clear();
  for (Access &A : K.M.Accesses)
    A.Block.Source = BlockSource::Default;
  EXPECT_EQ(K.check().Detail, "the block shape is not known; pass --block");
  K.M.Barriers[0].Conditional = true;
  EXPECT_EQ(K.check().Detail, "it is under a condition");
}

} // namespace
