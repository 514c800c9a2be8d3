//===- PrefetchRewrite.h - Register prefetch of a refill loop's global loads -===//
//
// lds-exposed-write-latency's fix (issue 11): the first iteration's global
// loads go into registers before the loop; each iteration stores the
// registers to LDS and then loads the next iteration's values into them,
// so the loads are in flight across the barriers and the compute. The next
// iteration's counters are clamped to this iteration's on the last one (no
// `if`: a branch splits the scheduling region and the loads stop
// overlapping), so no load reads past what the original read. The loads
// go right before the wait (BeforeWait) or right after it (AfterWait).
// Legality is not decided here (RefillLoop.h): this only writes the edit.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_PREFETCHREWRITE_H
#define LDS_REWRITES_PREFETCHREWRITE_H

#include "matchers/RefillLoopMatcher.h"
#include "rewrites/SourceEdits.h"

#include "clang/AST/ASTContext.h"
#include "llvm/Support/Error.h"

namespace lds {

/// The edits, or why they cannot be written (a macro, a type that cannot
/// be spelled, a file outside Scope). Placement must not be Auto.
llvm::Expected<FileEdits> prefetchRewrite(const MatchedRefillLoop &L, PrefetchPlacement Placement,
                                          clang::ASTContext &Ctx, const EditScope &Scope);

} // namespace lds

#endif
