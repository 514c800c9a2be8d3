//===- SharedArrayInfo.h - Describe a __shared__ variable -----------------===//
#ifndef LDS_MATCHERS_SHAREDARRAYINFO_H
#define LDS_MATCHERS_SHAREDARRAYINFO_H

#include "analysis/AccessModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace lds {

/// File, line, column and offset of L's file location (the expansion site
/// for code written inside a macro).
SourceLoc toSourceLoc(clang::SourceLocation L, const clang::SourceManager &SM);

/// Rank, extents, element type and size of a __shared__ variable. Arrays of
/// any rank, of vector types and of structs, scalars, and extern []
/// (dynamic, Dims = {0}).
SharedArray describeSharedArray(const clang::VarDecl *VD, clang::ASTContext &Ctx,
                                const std::string &Kernel);

/// "kernel/name", the id design.md's JSON uses.
std::string arrayId(const std::string &Kernel, const clang::VarDecl *VD);

} // namespace lds

#endif
