//===- KernelStatements.h - A kernel's body as statements between barriers ===//
//
// The statements written directly in a kernel's braces, as the plain model
// holds them (KernelStatement): which are block barriers, and what in each
// the race check of a barrier removal cannot see through (a call it does
// not follow, an atomic, a fence, asm, volatile, a memory access the walker
// did not evaluate). SelfReadback.h places the model's accesses in them.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_KERNELSTATEMENTS_H
#define LDS_MATCHERS_KERNELSTATEMENTS_H

#include "analysis/AccessModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <map>
#include <set>
#include <vector>

namespace lds {

/// Kernel's statements. BarrierSites maps each barrier call of the kernel
/// to its index in Model::Barriers; Evaluated holds the file offsets of
/// every access the walker recorded (LDS and other memory).
std::vector<KernelStatement>
scanKernelStatements(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                     const std::string &KernelName,
                     const std::map<const clang::Stmt *, size_t> &BarrierSites,
                     const std::set<unsigned> &Evaluated);

} // namespace lds

#endif
