//===- IgnorePattern.h - .gitignore-style patterns of .lds-rewrite.yaml ---===//
#ifndef LDS_PIPELINE_IGNOREPATTERN_H
#define LDS_PIPELINE_IGNOREPATTERN_H

#include "llvm/ADT/StringRef.h"

namespace lds {

/// Whether a .gitignore-style pattern matches the relative path RelPath:
/// `*` and `?` stay within one path component, `**` crosses them, a
/// pattern without a slash matches a file or folder name at any depth, a
/// folder matched excludes what is under it.
bool ignorePatternMatches(llvm::StringRef Pattern, llvm::StringRef RelPath);

} // namespace lds

#endif
