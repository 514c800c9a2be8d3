//===- WrittenVariables.h - Which variables a body writes -----------------===//
//
// The matchers that reason about a value "as declared" (a reduction's
// index, a race check's locals, a barrier removal's pointers) must know
// that nothing changes it later: every assignment, ++/-- and address taken
// in a body, found once here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_WRITTENVARIABLES_H
#define LDS_MATCHERS_WRITTENVARIABLES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <set>

namespace lds {

/// Every variable (or parameter) S assigns (=, +=, ...), increments,
/// decrements or takes the address of: after that, its declaration does not
/// say its value.
std::set<const clang::ValueDecl *> writtenVariables(const clang::Stmt *S);

} // namespace lds

#endif
