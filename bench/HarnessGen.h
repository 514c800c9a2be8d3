//===- HarnessGen.h - The harness of `lds-rewrite bench` ------------------===//
//
// Writes, into one folder that holds everything it needs (so that it can be
// built and run on another machine with only nvcc, or only ROCm for AMD):
//   lds_bench_runtime.h  copied from include-fallback/hip-on-cuda/
//   hip-on-cuda/hip/...  the HIP-on-CUDA headers (NVIDIA: for .hip variants)
//   src/<variant>/FILE   a copy of each variant's source
//   variant_<i>.cu       includes its copy inside `namespace lds_bench_v<i>`
//                        (its `main` renamed by a macro), so that every
//                        variant's kernel links into one program, plus a
//                        launcher with the spec's arguments
//   harness.cu           the spec as tables; main() calls ldsb::run
//   build.sh             the nvcc (NVIDIA) or hipcc (AMD) command, for people
//                        (bench runs its compiler itself with argv lists)
//
//===----------------------------------------------------------------------===//
#ifndef LDS_BENCH_HARNESSGEN_H
#define LDS_BENCH_HARNESSGEN_H

#include "bench/BenchSpec.h"
#include "targets/Targets.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace lds {
namespace bench {

struct HarnessVariant {
  std::string Name;        ///< shown in the table
  std::string Source;      ///< absolute path of the file to include (a copy in the folder)
  std::string OriginalDir; ///< folder of the file it was copied from (quoted includes)
  std::string Kernel;      ///< with template arguments
  std::vector<std::string> Defines;
  std::string PredLd, PredSt; ///< the table's predicted passes
  std::string Details;        ///< per-access predictions, one line each
};

enum class Platform { Nvidia, Amd };

/// How to build the harness besides the spec.
struct HarnessOptions {
  Platform Plat = Platform::Nvidia;
  std::string PredTarget = defaultNVIDIATarget(); ///< the target of the pred columns
  /// AMD: flags the compiler bench runs needs before the sources (Debian's
  /// clang: --rocm-path, the compat prelude, the wave size, device libraries).
  std::vector<std::string> AmdFlags;
  /// AMD: link flags after the sources (Debian's clang: -lamdhip64).
  std::vector<std::string> AmdLinkFlags;
  /// AMD: compile each translation unit with -c and do not link (the device
  /// libraries for the target are missing); AmdNoLinkWhy says why.
  bool AmdCompileOnly = false;
  std::string AmdNoLinkWhy;
  /// AMD: the compiler bench runs, named in build.sh's comment.
  std::string AmdCompiler;
};

/// One compiler run (the arguments after the compiler's path).
struct BuildCommand {
  std::vector<std::string> Args;    ///< relative to the folder (build.sh)
  std::vector<std::string> ArgsAbs; ///< the same with absolute paths (bench runs these)
};

struct HarnessBuild {
  std::vector<BuildCommand> Commands; ///< in order
  bool Links = true;                  ///< false: the commands only compile (-c)
  std::string Binary;                 ///< absolute path of the program it makes
};

/// Writes the harness into Dir. RuntimeDir is include-fallback/hip-on-cuda
/// (lds_bench_runtime.h and hip/).
llvm::Expected<HarnessBuild> writeHarness(const BenchSpec &S,
                                          const std::vector<HarnessVariant> &Variants,
                                          const std::string &Dir, const std::string &RuntimeDir,
                                          const HarnessOptions &Opts = HarnessOptions());

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
