//===- TransposeMatcher.h - Column reads of LDS a transpose load could do -===//
//
// lds-transpose-load's front end (TransposeLoad.h has the instructions,
// TransposeRead.h the proof): a `for` statement of a kernel
//     for (int j = 0; j < N; ++j)       // N 4 or 8
//       dst[j] = a[k0 + j][c];          // a: a 2-D __shared__ array of
//                                       // 1- or 2-byte elements
// with dst a local array or vector and k0, c free of j. It must run with
// EXEC all ones: inside no if, switch, ?:, while or do of the kernel,
// inside `for` loops only whose header reads no thread index or local
// variable, no return, goto, break or continue before it. A loop already
// in the #else branch of this check's rewrite is not matched again.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_TRANSPOSEMATCHER_H
#define LDS_MATCHERS_TRANSPOSEMATCHER_H

#include "analysis/AccessModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <string>
#include <vector>

namespace lds {

struct MatchedTranspose {
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Counter = nullptr, *Array = nullptr;
  const clang::Expr *Dest = nullptr;    ///< dst[j]
  const clang::Expr *RowBase = nullptr; ///< k0
  const clang::Expr *Column = nullptr;  ///< c
  const clang::Expr *Read = nullptr;    ///< a[k0 + j][c]
  unsigned Count = 0;                   ///< N
  unsigned ElementBytes = 0;
  uint64_t RowLength = 0;
  unsigned DeclaredAlign = 0; ///< of the array, bytes
  std::string ArrayName, KernelName;
  SourceLoc Loc; ///< of the loop
  SourceLoc ReadLoc; ///< of the read, as the model records its accesses
  /// Why EXEC might not be all ones at the loop; empty if it is.
  std::string Divergent;
  /// Per requested target that has a transpose load: the target, and ""
  /// when the proof holds there, else why not.
  std::vector<std::string> Targets, Refusals;
  /// The requested targets without one (they keep the loop).
  std::vector<std::string> Others;
  bool anyProven() const {
    for (const std::string &R : Refusals)
      if (R.empty())
        return true;
    return false;
  }
};

std::vector<MatchedTranspose> matchTransposeReads(clang::ASTContext &Ctx);

/// Runs the proof (proveColumnRead) of M on each of Targets against the
/// model's accesses, filling M.Targets, M.Refusals and M.Others.
void proveTransposeTargets(MatchedTranspose &M, const Model &Mod,
                           const std::vector<std::string> &Targets);

} // namespace lds

#endif
