//===- BarrierRemoval.h - Delete a barrier statement ----------------------===//
//
// The fix of lds-redundant-barrier: the barrier's statement goes, with its
// line when nothing else is written on it, so that the file reads as if it
// had never been there. A statement spelled by a macro, or in a file the
// fix may not edit (SourceEdits.h), is refused.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_BARRIERREMOVAL_H
#define LDS_REWRITES_BARRIERREMOVAL_H

#include "rewrites/SourceEdits.h"

#include "clang/AST/Stmt.h"

namespace lds {

/// The edit that deletes Site (a call statement: `__syncthreads();`).
llvm::Expected<clang::tooling::Replacement>
barrierRemoval(const clang::Stmt *Site, clang::ASTContext &Ctx, const EditScope &Scope);

} // namespace lds

#endif
