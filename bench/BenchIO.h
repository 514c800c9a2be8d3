//===- BenchIO.h - Files and programs of a bench run ----------------------===//
//
// The harness folder keeps every log; compilers and the harness are run
// with argv lists, never through a shell.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_BENCH_BENCHIO_H
#define LDS_BENCH_BENCHIO_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace lds::bench {

/// Path's text; empty when it cannot be read.
std::string readText(llvm::StringRef Path);

/// Writes Text to Path; a log that cannot be written is no reason to stop.
void writeText(llvm::StringRef Path, llvm::StringRef Text);

/// Runs Program with Args (argv list), stdout and stderr into Log (stderr
/// into ErrLog when given). Returns its exit status; ErrMsg gets why it
/// could not be run.
int runLogged(llvm::StringRef Program, llvm::ArrayRef<std::string> Args, llvm::StringRef Log,
              std::string *ErrMsg = nullptr, llvm::StringRef ErrLog = "");

/// N with every character outside [A-Za-z0-9._-] made '_'; "variant" when
/// empty.
std::string safeName(llvm::StringRef N);

} // namespace lds::bench

#endif
