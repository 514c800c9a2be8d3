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
#include <vector>

namespace lds {

/// The project folder of File, absolute, symbolic links resolved.
std::string projectRoot(llvm::StringRef File);

/// Where a report's relative URIs start (SARIF's %SRCROOT%): Override
/// (--project-root) when given, else the project of the first of Files,
/// else the project of Fallback (a file or folder). Never the working
/// directory for its own sake: the same files give the same URIs wherever
/// the tool runs from.
std::string reportRoot(const std::vector<std::string> &Files, llvm::StringRef Override,
                       llvm::StringRef Fallback);

/// The scope of a fix of File: Override when given (made absolute), else
/// projectRoot(File).
EditScope projectScope(llvm::StringRef File, llvm::StringRef Override = "");

} // namespace lds

#endif
