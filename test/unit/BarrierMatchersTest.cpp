//===- BarrierMatchersTest.cpp - Barriers of a parsed kernel in the model -===//
//
// A HIP kernel parsed for gfx942 without GPU headers (the few declarations
// it needs are in the source), then buildModel: every kind of barrier with
// its line, its loop depth and whether a branch guards it.
//
//===----------------------------------------------------------------------===//

#include "matchers/ModelBuilder.h"

#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace lds;

namespace {

const char *Kernel = R"(#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
__device__ void __syncthreads();
__device__ int __syncthreads_count(int);
namespace cooperative_groups {
struct thread_block { __device__ void sync() const; };
__device__ thread_block this_thread_block();
__device__ void sync(const thread_block &);
}
__device__ void helper() { __syncthreads(); }
__global__ void k(float *out, int n) {
  __shared__ float s[256];
  s[__builtin_amdgcn_workitem_id_x()] = out[0];
  __syncthreads();
  for (int i = 0; i < n; ++i) {
    if (i & 1)
      __syncthreads();
    __builtin_amdgcn_s_barrier();
  }
  cooperative_groups::this_thread_block().sync();
  cooperative_groups::sync(cooperative_groups::this_thread_block());
  asm volatile("s_barrier" ::: "memory");
  asm volatile("s_nop 0");
  int c = __syncthreads_count(n > 0);
  helper();
  out[c] = s[0];
}
)";

BuiltModel parse(std::unique_ptr<clang::ASTUnit> &AST) {
  AST = clang::tooling::buildASTFromCodeWithArgs(
      Kernel,
      {"-x", "hip", "--offload-device-only", "--offload-arch=gfx942", "-nogpuinc", "-nogpulib"},
      "k.hip");
  EXPECT_TRUE(AST);
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  return buildModel(AST->getASTContext(), ModelOptions());
}

TEST(BarrierMatchers, EveryKindWithItsPlace) {
  std::unique_ptr<clang::ASTUnit> AST;
  BuiltModel B = parse(AST);
  const std::vector<Barrier> &Bs = B.M.Barriers;
  // helper()'s barrier is in another function: not listed (the call is
  // what a move must treat as a barrier); the asm without one is not.
  ASSERT_EQ(Bs.size(), 7u);
  struct Want {
    unsigned Line;
    BarrierKind Kind;
    const char *Callee;
    unsigned LoopDepth;
    bool Conditional;
    unsigned AfterOnlyRegisters; ///< the line of the barrier before, or 0
    bool Removable;
  } Wants[] = {
      {15, BarrierKind::SyncThreads, "__syncthreads", 0, false, 0, true},
      // The branch's own statement, not one in braces.
      {18, BarrierKind::SyncThreads, "__syncthreads", 1, true, 0, false},
      // After an if that holds a barrier: not register code.
      {19, BarrierKind::BareBarrier, "__builtin_amdgcn_s_barrier", 1, false, 0, true},
      {21, BarrierKind::BlockSync, "sync", 0, false, 0, true},
      {22, BarrierKind::BlockSync, "sync", 0, false, 21, true},
      {23, BarrierKind::AsmBarrier, "asm", 0, false, 22, true},
      // An initializer, not a statement; the asm without a barrier is
      // neither register code nor a barrier.
      {25, BarrierKind::SyncThreadsReduce, "__syncthreads_count", 0, false, 0, false},
  };
  for (size_t I = 0; I < Bs.size(); ++I) {
    SCOPED_TRACE(I);
    EXPECT_EQ(Bs[I].Kernel, "k");
    EXPECT_EQ(Bs[I].Loc.Line, Wants[I].Line);
    EXPECT_EQ(Bs[I].Kind, Wants[I].Kind);
    EXPECT_EQ(Bs[I].Callee, Wants[I].Callee);
    EXPECT_EQ(Bs[I].LoopDepth, Wants[I].LoopDepth);
    EXPECT_EQ(Bs[I].Conditional, Wants[I].Conditional);
    EXPECT_EQ(Bs[I].AfterOnlyRegisters.Line, Wants[I].AfterOnlyRegisters);
    EXPECT_EQ(Bs[I].Removable, Wants[I].Removable);
  }
  EXPECT_STREQ(barrierKindName(Bs[2].Kind), "s_barrier");
  // The accesses are still there, beside the barriers.
  EXPECT_EQ(B.M.Accesses.size(), 2u);
  EXPECT_EQ(B.BarrierSites.size(), Bs.size());
}

} // namespace
