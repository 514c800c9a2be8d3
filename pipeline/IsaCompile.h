//===- IsaCompile.h - lds-rewrite isa: one file to AMD assembly -----------===//
//
// The device side of a file compiled as the check parses it (the same
// headers and arguments), but with -O3 -S -gline-tables-only instead of
// -fsyntax-only, once per target, and the assembly read (readers/AmdAsm.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_ISACOMPILE_H
#define LDS_PIPELINE_ISACOMPILE_H

#include "pipeline/IsaRequest.h"
#include "report/IsaResult.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace lds {

/// One file to compile and what came of it.
struct IsaInput {
  IsaVariant Out;    ///< its role, name as shown, and assembly by target
  std::string Input; ///< the file compiled
  std::vector<std::string> ExtraArgs;
  std::map<std::string, std::string> Errors; ///< by target: compiler output
  std::string TempDir;                       ///< removed once compiled (--compare-fix's copy)
};

/// "clang ARGS FILE" run in the current folder.
clang::tooling::CompileCommand isaCompileCommand(const std::string &File,
                                                 const std::vector<std::string> &Args);

/// Whether Args choose an optimisation level (else isa adds -O3).
bool hasOptLevel(const std::vector<std::string> &Args);

/// Compiles V for each of R.Targets into V.Out.Asm, or V.Errors.
void compileInput(IsaInput &V, const IsaRequest &R);

/// The text of the file at Path, or "" when it cannot be read (a compile
/// that wrote nothing).
std::string readFileOrEmpty(llvm::StringRef Path);

} // namespace lds

#endif
