//===- HarnessGen.h - The CUDA harness of `lds-rewrite bench` -------------===//
//
// Writes, into one folder that holds everything it needs (so that it can be
// built and run on another machine with only nvcc):
//   lds_bench_runtime.h  copied from include-fallback/hip-on-cuda/
//   hip-on-cuda/hip/...  the HIP-on-CUDA headers (for .hip variants)
//   src/<variant>/FILE   a copy of each variant's source
//   variant_<i>.cu       includes its copy inside `namespace lds_bench_v<i>`
//                        (its `main` renamed by a macro), so that every
//                        variant's kernel links into one program, plus a
//                        launcher with the spec's arguments
//   harness.cu           the spec as tables; main() calls ldsb::run
//   build.sh             the nvcc command, for people (bench runs nvcc itself
//                        with an argv list)
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TOOL_HARNESSGEN_H
#define LDS_TOOL_HARNESSGEN_H

#include "BenchSpec.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace lds {
namespace bench {

struct HarnessVariant {
  std::string Name;   ///< shown in the table
  std::string Source; ///< absolute path of the file to include (a copy in the folder)
  std::string OriginalDir; ///< folder of the file it was copied from (quoted includes)
  std::string Kernel; ///< with template arguments
  std::vector<std::string> Defines;
  std::string PredLd, PredSt; ///< the table's predicted passes
  std::string Details;        ///< per-access predictions, one line each
};

struct HarnessBuild {
  std::vector<std::string> NvccArgs;    ///< after the nvcc path; run in the folder
  std::vector<std::string> NvccArgsAbs; ///< the same with absolute paths
  std::string Binary;                ///< absolute path of the program it makes
};

/// Writes the harness into Dir. RuntimeDir is include-fallback/hip-on-cuda
/// (lds_bench_runtime.h and hip/).
llvm::Expected<HarnessBuild> writeHarness(const BenchSpec &S,
                                          const std::vector<HarnessVariant> &Variants,
                                          const std::string &Dir,
                                          const std::string &RuntimeDir);

/// The `#include <...>` lines of a source outside any #if, which the
/// variant's translation unit includes before opening its namespace.
std::vector<std::string> hoistableIncludes(llvm::StringRef Text);

/// P relative to Base (both absolute), for portable build commands.
std::string relativePath(llvm::StringRef P, llvm::StringRef Base);

/// A C string literal with the text of S.
std::string cStringLiteral(llvm::StringRef S);

} // namespace bench
} // namespace lds

#endif
