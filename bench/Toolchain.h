//===- Toolchain.h - The compilers a benchmark harness is built with ------===//
//
// Which nvcc, and which HIP compiler with which flags, this machine has for
// bench's harness: given (--nvcc, --hipcc), from the environment ($NVCC,
// $HIPCC), on PATH, in the usual install folders, or Debian's clang with its
// HIP packages, flagged the way the tool's own device parses are.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_BENCH_TOOLCHAIN_H
#define LDS_BENCH_TOOLCHAIN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace lds::bench {

/// Name on PATH, else in one of Extra; empty when neither has it.
std::string findTool(llvm::StringRef Name, llvm::ArrayRef<llvm::StringRef> Extra);

/// nvcc: Given (--nvcc), else $NVCC, PATH, /usr/local/cuda/bin; empty: none.
std::string findNvcc(const std::string &Given);

/// How this machine builds an AMD harness.
struct AmdToolchain {
  std::string Compiler; ///< empty: none (Why says why)
  std::string Kind;     ///< "hipcc", "amdclang++", "Debian clang"
  std::vector<std::string> Flags, LinkFlags;
  bool CompileOnly = false;
  std::string NoLinkWhy, Why;
};

/// hipcc or amdclang++ (Hipcc: --hipcc, else $HIPCC, PATH, /opt/rocm); else
/// clang++ beside ToolClang with Debian's HIP, its flags made by
/// deviceCommand (the same --rocm-path, compat prelude and wave size as the
/// tool's parses) for the targets Gfx.
AmdToolchain findAmdToolchain(const std::string &Hipcc, const std::vector<std::string> &Gfx,
                              const std::string &ToolClang, const std::string &FallbackIncludeDir);

} // namespace lds::bench

#endif
