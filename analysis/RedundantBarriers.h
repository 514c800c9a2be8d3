//===- RedundantBarriers.h - Barriers that order nothing ------------------===//
//
// The rule of the lds-redundant-barrier check (barriers.md, "Rules for
// deleting a barrier"): a barrier is redundant when no pair of accesses by
// different threads spans it that another barrier does not order already.
// Proven here for back-to-back barriers: the barrier just before it in the
// same braces, with only register code between (Barrier::AfterOnlyRegisters),
// is a block barrier with fences (__syncthreads and its reductions,
// cooperative groups' block sync), so it already orders every pair this one
// does. And for a barrier between a thread's write and its own read
// (SelfReadback.h), by enumerating every thread. Only a plain __syncthreads() or block sync is removed: a reduction's
// result may be used, and a bare s_barrier or asm barrier orders no memory
// in the first place.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_REDUNDANTBARRIERS_H
#define LDS_ANALYSIS_REDUNDANTBARRIERS_H

#include "analysis/AccessModel.h"

#include <vector>

namespace lds {

struct RedundantBarrier {
  enum Reason {
    BackToBack,   ///< only register code since a barrier that stays
    SelfReadback, ///< every thread reads back only what it wrote (SelfReadback.h)
  } Why = BackToBack;
  size_t Barrier = 0;     ///< into Model::Barriers (its first instantiation)
  SourceLoc Kept;         ///< BackToBack: the barrier that orders what it ordered, itself kept
  size_t KeptBarrier = 0; ///< Kept, into Model::Barriers (same instantiation)
  /// SelfReadback: what was enumerated, and the lines between the barriers
  /// that stay.
  std::string Proof;
  unsigned FirstLine = 0, LastLine = 0;
};

/// Every barrier of M that is redundant in every kernel instantiation it is
/// written in, in source order: back-to-back ones, each with the barrier
/// that stays in its place (for a run of them, the first); then, when
/// WaveSizes (the requested targets') are given, the self-readback ones,
/// proven with the back-to-back ones gone.
std::vector<RedundantBarrier> findRedundantBarriers(const Model &M,
                                                    const std::vector<unsigned> &WaveSizes = {});

/// A kernel whose block is one wave on every requested target: its barriers
/// order nothing the lanes of that wave do not see in order already. The
/// fix is __launch_bounds__(threads), not a deletion (barriers.md: LLVM then
/// drops s_barrier and keeps the fences, which a deleted __syncthreads()
/// would lose too). Only for a block shape that is certain: given (--block,
/// the project's config), or the launches of a kernel no other translation
/// unit can launch; a __launch_bounds__ already there needs nothing.
struct SingleWaveKernel {
  size_t FirstBarrier = 0; ///< into Model::Barriers
  unsigned Barriers = 0;   ///< written in the kernel
  BlockShape Block;
};

std::vector<SingleWaveKernel> findSingleWaveKernels(const Model &M, unsigned NarrowestWave);

/// Which barrier of which kernel Barriers[I] is, whatever its line:
/// "barrier|k|2" for the third barrier of k (SARIF fingerprints, and how a
/// fix names the finding it fixes).
std::string barrierIdentity(const Model &M, size_t I);

} // namespace lds

#endif
