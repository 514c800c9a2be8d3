//===- RegisterCode.h - Statements that touch no memory -------------------===//
//
// Whether a statement runs in registers only: no access to LDS, global or
// private memory, no call, no asm, no volatile, no control flow. Code like
// that between two barriers lets the second go (barriers.md, "Back-to-back
// barriers"): every pair of accesses it orders, the first already orders.
// The test is conservative: what it does not know is memory.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_REGISTERCODE_H
#define LDS_MATCHERS_REGISTERCODE_H

#include "clang/AST/Stmt.h"

namespace lds {

/// True if S is register code: declarations of local scalars, arithmetic
/// and assignments on local scalars, constants and the thread and block
/// coordinates (threadIdx.x, ...), nested in braces at most.
bool isRegisterCode(const clang::Stmt *S);

} // namespace lds

#endif
