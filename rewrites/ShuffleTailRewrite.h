//===- ShuffleTailRewrite.h - A reduction's in-wave levels as shuffles ----===//
//
// lds-reduction-tail's fix (ReductionTail.h): the loop is replaced by a
// block that keeps the levels whose stride reaches across waves (with their
// barriers) and does the others with __shfl_down (HIP) /
// __shfl_down_sync (CUDA) on a register, in the same pairs and order, then
// writes the wave's result where the loop left it and keeps one barrier.
// The wave size is read at run time (warpSize). Legality is decided before
// (tailRefusal); this writes the edit.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_SHUFFLETAILREWRITE_H
#define LDS_REWRITES_SHUFFLETAILREWRITE_H

#include "matchers/ReductionMatcher.h"
#include "rewrites/SourceEdits.h"

#include "llvm/Support/Error.h"

namespace lds {

llvm::Expected<FileEdits> shuffleTailRewrite(const MatchedReduction &R, clang::ASTContext &Ctx,
                                             const EditScope &Scope);

} // namespace lds

#endif
