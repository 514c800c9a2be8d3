//===- LdsTidyModule.cpp - The clang-tidy module of liblds-tidy.so --------===//
//
//   clang-tidy-22 -load=liblds-tidy.so -checks='-*,lds-*' kernel.hip --
//       --offload-device-only --offload-arch=gfx942 ...
//
// The plugin links no clang-tidy library: ClangTidyCheck, the module
// registry and the options come from the clang-tidy executable that loads
// it, Clang and LLVM from the same shared libclang-cpp and libLLVM.
//
//===----------------------------------------------------------------------===//

#include "tidy/LdsBankConflictCheck.h"
#include "tidy/LdsExposedWriteLatencyCheck.h"
#include "tidy/LdsReductionTailCheck.h"
#include "tidy/LdsRedundantBarrierCheck.h"
#include "tidy/LdsTransposeLoadCheck.h"

#include "clang-tidy/ClangTidyModule.h"

namespace lds {
namespace {

class LdsTidyModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<LdsBankConflictCheck>("lds-bank-conflict");
    Factories.registerCheck<LdsExposedWriteLatencyCheck>("lds-exposed-write-latency");
    Factories.registerCheck<LdsReductionTailCheck>("lds-reduction-tail");
    Factories.registerCheck<LdsRedundantBarrierCheck>("lds-redundant-barrier");
    Factories.registerCheck<LdsTransposeLoadCheck>("lds-transpose-load");
  }
};

} // namespace
} // namespace lds

static clang::tidy::ClangTidyModuleRegistry::Add<lds::LdsTidyModule>
    X("lds-module", "LDS / shared-memory bank conflicts in HIP and CUDA kernels.");
