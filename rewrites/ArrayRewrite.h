//===- ArrayRewrite.h - Padding and swizzle as source replacements --------===//
//
// PaddingRewrite widens the rows of an array: the innermost extent of a
// multi-dimensional declaration (`tile[TILE][TILE + 1]`, indices unchanged),
// or, for a 1-D array indexed `r * W + c`, a padded stride declared next to
// the array and used in its size and in every access, so that W itself, which
// other code may use, is left alone. SwizzleRewrite XORs the column of every
// access with bits of its row. Both only edit text written in the files the
// edit's scope allows (SourceEdits.h) and refuse (RefusalError) anything they
// cannot prove safe.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_ARRAYREWRITE_H
#define LDS_REWRITES_ARRAYREWRITE_H

#include "planner/FixPlanner.h"
#include "rewrites/SourceEdits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace lds {

/// One array to rewrite: its declaration (any instantiation: they share
/// their text) and the lvalue of every access to it.
struct ArrayEdit {
  const clang::VarDecl *Decl = nullptr;
  std::vector<const clang::Expr *> Accesses;
  EditScope Scope; ///< the files its edits may land in
};

llvm::Expected<FileEdits> padRows(clang::ASTContext &Ctx, const ArrayEdit &Edit,
                                  const FixPlan &Plan);

llvm::Expected<FileEdits> swizzleColumns(clang::ASTContext &Ctx, const ArrayEdit &Edit,
                                         const FixPlan &Plan);

/// Both at once: the declaration widened, then every access swizzled.
llvm::Expected<FileEdits> padAndSwizzle(clang::ASTContext &Ctx, const ArrayEdit &Edit,
                                        const FixPlan &Plan);

/// The name of the padded stride a flat array's pad declares (`s_stride`,
/// or `s_stride2` when the files already use that).
std::string paddedStrideName(clang::ASTContext &Ctx, const clang::VarDecl *VD);

/// The plan as replacements: its kind's rewrite (FixKinds.h).
llvm::Expected<FileEdits> rewriteArray(clang::ASTContext &Ctx, const ArrayEdit &Edit,
                                       const FixPlan &Plan);

} // namespace lds

#endif
