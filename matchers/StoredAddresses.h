//===- StoredAddresses.h - __shared__ addresses kept where the walk loses them //
#ifndef LDS_MATCHERS_STOREDADDRESSES_H
#define LDS_MATCHERS_STOREDADDRESSES_H

#include "clang/AST/ASTContext.h"

#include <vector>

namespace lds {

/// A __shared__ array's address put into a struct or object (an initializer
/// list, a constructor argument, a member assignment): what the kernel then
/// does through that object is not followed by the walk (Composable
/// Kernel's tile windows over p_shared), so the array's analysis is partial.
struct StoredAddress {
  const clang::VarDecl *Array = nullptr;
  const clang::Expr *Where = nullptr; ///< the initializer or assignment
};

/// The stored addresses in kernel K's body.
std::vector<StoredAddress> findStoredAddresses(clang::ASTContext &Ctx, const clang::FunctionDecl *K);

} // namespace lds

#endif
