//===- BarrierMatchers.h - The barriers of a kernel, as AST matchers ------===//
//
// __syncthreads() and its reductions, cooperative groups' block sync, the
// bare AMDGPU s_barrier builtin, __syncwarp() and inline asm holding a
// barrier instruction, found with clang::ast_matchers in a kernel's body,
// each with the loops and branches of the kernel around it (barriers.md:
// a barrier in code that not every thread reaches, or in a loop, is what
// the rules for moving and removing barriers must look at).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_BARRIERMATCHERS_H
#define LDS_MATCHERS_BARRIERMATCHERS_H

#include "analysis/AccessModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <string>
#include <vector>

namespace lds {

/// One barrier: the plain fact, and the call (or asm statement) a fix edits.
struct MatchedBarrier {
  Barrier Plain;
  const clang::Stmt *Site = nullptr;
};

/// The barriers written in Kernel's body, in source order, their Kernel
/// set to KernelName. Calls into other functions are not followed.
std::vector<MatchedBarrier> matchBarriers(clang::ASTContext &Ctx,
                                          const clang::FunctionDecl *Kernel,
                                          const std::string &KernelName);

} // namespace lds

#endif
