//===- KernelMatchers.h - What the front end looks for, as AST matchers ---===//
//
// clang::ast_matchers find the places the model is built from: kernels
// (every template instantiation separately) and kernel launches. The walker
// (KernelWalker) then evaluates what they found; the matchers decide only
// where to look.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_KERNELMATCHERS_H
#define LDS_MATCHERS_KERNELMATCHERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <vector>

namespace lds {

/// Every __global__ function with a body outside system headers, each
/// instantiation of a kernel template on its own, in the order of the AST.
std::vector<const clang::FunctionDecl *> matchKernels(clang::ASTContext &Ctx);

/// The kernels as written, each once: a template's pattern for all of its
/// instantiations (what a source rewrite edits), with a body.
std::vector<const clang::FunctionDecl *> writtenKernels(clang::ASTContext &Ctx);

/// Every kernel launch (`k<<<grid, block, bytes>>>(...)`), in templates'
/// instantiations too, in the order of the AST.
std::vector<const clang::CUDAKernelCallExpr *> matchLaunches(clang::ASTContext &Ctx);

} // namespace lds

#endif
