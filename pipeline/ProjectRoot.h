//===- ProjectRoot.h - The project a file belongs to -----------------------===//
//
// A fix may edit the headers of the user's own project (a kernel declared in
// kernels/gemm.cuh and instantiated by main.cu), never one of a library
// installed elsewhere. The project is found as tools find their roots: the
// nearest folder above the file holding .lds-rewrite.yaml (the project's
// own settings), else the nearest holding .git (its work tree), else the
// file's own folder. --project-root names it instead.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_PROJECTROOT_H
#define LDS_PIPELINE_PROJECTROOT_H

#include "rewrites/SourceEdits.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace lds {

/// The project folder of File, absolute, symbolic links resolved.
std::string projectRoot(llvm::StringRef File);

/// The scope of a fix of File: Override when given (made absolute), else
/// projectRoot(File).
EditScope projectScope(llvm::StringRef File, llvm::StringRef Override = "");

} // namespace lds

#endif
