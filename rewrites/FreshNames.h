//===- FreshNames.h - Names a rewrite may declare in a kernel -------------===//
//
// A variable a rewrite adds (a prefetch register, a clamped counter, a
// shuffle's partial sum) must shadow nothing the kernel declares or refers
// to: FreshNames knows every such name and hands out "base", else "base2",
// "base3", ...
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_FRESHNAMES_H
#define LDS_REWRITES_FRESHNAMES_H

#include "clang/AST/Decl.h"

#include <set>
#include <string>

namespace lds {

class FreshNames {
public:
  explicit FreshNames(const clang::FunctionDecl *Kernel);
  /// A name no declaration or reference of the kernel has, nor any name
  /// handed out before; taken from now on.
  std::string take(const std::string &Base);

private:
  std::set<std::string> Taken;
};

} // namespace lds

#endif
