//===- ExprNames.h - The variable an expression names ---------------------===//
//
// Two small questions the loop matchers ask of an expression: what it is
// without parentheses and implicit casts, and which variable it names when
// it is nothing but that name.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_EXPRNAMES_H
#define LDS_MATCHERS_EXPRNAMES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace lds {

inline const clang::Expr *strip(const clang::Expr *E) {
  return E ? E->IgnoreParenImpCasts() : nullptr;
}

/// The variable E names (`j`, `(j)`, `(int)j`), or null.
inline const clang::VarDecl *varOf(const clang::Expr *E) {
  const auto *D = llvm::dyn_cast_or_null<clang::DeclRefExpr>(strip(E));
  return D ? llvm::dyn_cast<clang::VarDecl>(D->getDecl()) : nullptr;
}

} // namespace lds

#endif
