//===- AtomicWrite.h - Replace a file's contents all at once --------------===//
#ifndef LDS_PIPELINE_ATOMICWRITE_H
#define LDS_PIPELINE_ATOMICWRITE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>

namespace lds {

/// Writes Content to a temporary file beside Path (same permissions), then
/// renames it over Path: a reader sees the old file or the new one, never
/// half of either. A symbolic link is followed (the file it names gets the
/// new contents, the link stays); a file without write permission is
/// refused. On any error Path is untouched.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content);

/// The same for several files (a fix that edits a header too), all or
/// none: every file is checked and its new contents written beside it
/// first, and only when all are ready are they renamed over. An error
/// before the renames leaves every file untouched.
llvm::Error writeFilesAtomically(llvm::ArrayRef<std::pair<std::string, std::string>> Files);

} // namespace lds

#endif
