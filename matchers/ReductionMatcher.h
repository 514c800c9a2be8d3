//===- ReductionMatcher.h - Tree reductions over LDS with a barrier per level -===//
//
// lds-reduction-tail's front end (ReductionTail.h has the rule): a `for`
// statement of a kernel's body, not inside another loop, of one of the two
// forms
//     for (T s = n / 2; s > 0; s >>= 1) {            // sequential addressing
//       if (tid < s) a[tid] += a[tid + s];
//       __syncthreads();
//     }
//     for (T s = 1; s < n; s *= 2) {                 // interleaved
//       if (tid % (2 * s) == 0) a[tid] += a[tid + s];
//       __syncthreads();
//     }
// with tid threadIdx.x (or a local that holds it and does not change), a a
// one-dimensional __shared__ array, and after the loop no read of a but
// a[0] (the shuffles leave the other partial sums unwritten).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_REDUCTIONMATCHER_H
#define LDS_MATCHERS_REDUCTIONMATCHER_H

#include "analysis/ReductionTail.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <vector>

namespace lds {

struct MatchedReduction {
  ReductionLoop Plain;
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Counter = nullptr, *Array = nullptr;
  const clang::Expr *Tid = nullptr; ///< the thread index as the guard spells it
  const clang::Stmt *Update = nullptr; ///< `a[tid] += a[tid + s]`
  const clang::Stmt *Barrier = nullptr;
  /// Why the loop, though it is a reduction, cannot be rewritten (the array
  /// is read after it, not only a[0]); empty if it can.
  std::string Unsupported;
};

std::vector<MatchedReduction> matchReductions(clang::ASTContext &Ctx);

/// Fills R.Plain.Blocks: the block shapes of the kernel instantiations whose
/// accesses (in M) lie in R's loop.
void readBlockShapes(const clang::SourceManager &SM, const Model &M, MatchedReduction &R);

} // namespace lds

#endif
