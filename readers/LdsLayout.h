//===- LdsLayout.h - Where the AMDGPU back end placed each LDS variable ----===//
//
// The assembly does not name LDS variables: the back end's LDS lowering
// (amdgpu-lower-module-lds) packs a kernel's variables into one struct at a
// fixed address (`@llvm.amdgcn.kernel.K.lds`, `!absolute_symbol`; variables
// of non-kernel functions go to `@llvm.amdgcn.module.lds`), in an order of
// its own (not declaration order), and folds their offsets into the ds_*
// instructions. Clang prints the module before and after that pass with
// `-mllvm -print-before=amdgpu-lower-module-lds -mllvm
// -print-after=amdgpu-lower-module-lds`; this reader parses both dumps with
// LLVM's IR parser and pairs every use of a variable before the pass with
// the constant that replaced it after, whose offset (LLVM's DataLayout) plus
// the struct's absolute address is the variable's byte offset in the
// workgroup's LDS. No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_READERS_LDSLAYOUT_H
#define LDS_READERS_LDSLAYOUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lds {
namespace ldslayout {

struct Placement {
  uint64_t Offset = 0; ///< bytes from the workgroup's LDS base
  uint64_t Bytes = 0;  ///< the variable's allocation size
  std::string Struct;  ///< "llvm.amdgcn.kernel._Z3fooPf.lds"
};

struct Layout {
  /// Function symbol -> variable symbol -> where it is. A variable whose
  /// uses in one function disagree is left out (not known).
  std::map<std::string, std::map<std::string, Placement>> Functions;
  /// Functions whose instructions the two dumps do not pair one to one:
  /// their variables are not known.
  std::vector<std::string> Unpaired;
  /// The placement of Var as Kernel sees it: the kernel's own uses, else a
  /// use in any function through the module struct (at the same address
  /// in every kernel). nullopt when not known.
  std::optional<Placement> find(const std::string &Kernel, const std::string &Var) const;
};

/// The -mllvm arguments that make clang print the two dumps (on stderr).
std::vector<std::string> dumpArguments();

/// Reads the dumps out of the compiler's messages.
llvm::Expected<Layout> readDumps(llvm::StringRef CompilerOutput);

} // namespace ldslayout
} // namespace lds

#endif
