//===- ClangDatabase.h - A clang-ready copy of an nvcc compile database ----===//
//
// The clang-tidy plugin cannot change how clang-tidy parses: given CMake's
// CUDA database, clang-tidy runs nvcc's command line through clang's
// driver, which rejects -forward-unknown-to-host-compiler, -gencode, -Xptxas
// and the rest. `lds-rewrite --write-clang-database=DIR -p BUILD` writes
// DIR/compile_commands.json: every entry of BUILD's database, each nvcc
// command as lds-rewrite itself parses it (nvccToClang: the targets as
// --cuda-gpu-arch, nvcc's own options dropped) plus --cuda-device-only (the
// plugin analyses the device side); other commands as they are. Then
// `clang-tidy -p DIR -load liblds-tidy.so FILE`.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_CLANGDATABASE_H
#define LDS_PIPELINE_CLANGDATABASE_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <string>

namespace lds {

struct ClangDatabaseCopy {
  std::string Path; ///< DIR/compile_commands.json
  unsigned Entries = 0, Translated = 0;
};

/// Writes the copy (atomically: a temporary file renamed over the path).
/// Fails when DB has no entry, or when Dir is the folder DB was read from
/// (SourceDir), whose database it would replace.
llvm::Expected<ClangDatabaseCopy>
writeClangDatabase(const clang::tooling::CompilationDatabase &DB, llvm::StringRef SourceDir,
                   llvm::StringRef Dir);

} // namespace lds

#endif
