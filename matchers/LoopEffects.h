//===- LoopEffects.h - What a loop does besides arithmetic ----------------===//
//
// For moving loads across the barriers of a loop (barriers.md section 1):
// every statement of the loop that stores through a pointer, is atomic, a
// fence, volatile, inline asm, a call not known to be pure, a cross-lane
// operation, a barrier other than the ones the move is about (under a
// condition or not), or leaves the body early; and which local variables
// the loop assigns, where. Only what is written in the loop is looked at:
// a call is not followed, it is a hazard unless known to be pure.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_LOOPEFFECTS_H
#define LDS_MATCHERS_LOOPEFFECTS_H

#include "analysis/RefillLoop.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <set>
#include <vector>

namespace lds {

/// Where the loop assigns a local variable; FromBarrier when the value is a
/// barrier's result (__syncthreads_or/and/count).
struct Assignment {
  clang::SourceLocation Loc;
  bool FromBarrier = false;
};

struct LoopEffects {
  std::vector<Hazard> Hazards;
  std::vector<clang::SourceLocation> Sites; ///< of each hazard, for diagnostics
  /// The stored lvalue of each GlobalStore hazard, by hazard index (the
  /// race check evaluates its index).
  std::map<size_t, const clang::Expr *> StoreTargets;
  /// Locals (and parameters) the loop writes, every place, in the order
  /// scanned: condition, increment, body.
  std::map<const clang::VarDecl *, std::vector<Assignment>> Assigned;
};

/// Scans Loop (its condition, increment and body). Barriers in Allowed are
/// the ones the move crosses on purpose; any other barrier is a hazard.
LoopEffects scanLoopEffects(clang::ASTContext &Ctx, const clang::ForStmt *Loop,
                            const std::set<const clang::Stmt *> &Allowed);

/// The same for any statement (SelfReadback's opaque effects: a region
/// between barriers is a run of statements).
LoopEffects scanStatementEffects(clang::ASTContext &Ctx, const clang::Stmt *S,
                                 const std::set<const clang::Stmt *> &Allowed);

/// The barrier call a statement is (`__syncthreads();`, `int n =
/// __syncthreads_count(p);`, `block.sync();`), or null.
const clang::CallExpr *barrierCallOf(const clang::Stmt *S);

/// Whether a callee of this name is known to have no effect but its value
/// (math functions and intrinsics, vector constructors).
bool isPureCallee(llvm::StringRef Name);

/// The variable a store writes (the base of `p[i]`, `*p`, `s.x`), or null.
const clang::ValueDecl *storedBase(const clang::Expr *LHS);

} // namespace lds

#endif
