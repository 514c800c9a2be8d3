//===- HostErrors.h - Errors of host-only code do not stop the analysis ---===//
//
// nvcc accepts host code that clang rejects (`::max(float, float)` and
// `isfinite(float)` in host functions: CUDA's headers give them to host code,
// clang's are device-only). The device-side parse still sees every kernel
// whole, so such a file is analysed: HostErrorFilter holds the parse's
// diagnostics back until the translation unit is parsed and sorts each error
// by the code it is in. When every error lies in host-only code, they are
// dropped (lds-rewrite warns once, naming the first) and the parse counts as
// a success; otherwise they are all printed, in order, as clang would have,
// and the file fails as before.
//
// Host-only: a Sema error (not a syntax error, whose recovery can swallow
// the code after it) issued while the body of a function is being analysed,
// where that function and every function enclosing it is neither __device__
// nor __global__ nor __host__ __device__ (explicitly or implicitly, as
// constexpr functions and unattributed lambdas are). A host template
// instantiated from host code counts as host. Everything else (namespace
// scope, class scope, device functions, fatal errors) is a device error.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_HOSTERRORS_H
#define LDS_PIPELINE_HOSTERRORS_H

#include "matchers/AnalyzedFile.h"

#include "clang/Basic/Diagnostic.h"

#include <memory>
#include <vector>

namespace clang {
class CompilerInstance;
class Sema;
} // namespace clang

namespace lds {

class HostErrorFilter : public clang::DiagnosticConsumer {
public:
  /// Puts a filter between CI's diagnostics engine and its consumer; the
  /// engine owns it from then on.
  static HostErrorFilter &install(clang::CompilerInstance &CI);

  /// The Sema whose current context classifies errors; null when none.
  void setSema(clang::Sema *S) { TheSema = S; }

  /// Once the translation unit is parsed: true when no error or only
  /// host-only ones occurred (hostErrors() lists them; they are not
  /// printed, nor counted, so the parse succeeds). Otherwise every held
  /// diagnostic goes to the consumer, counted, and the parse fails.
  bool settle();
  const std::vector<HostError> &hostErrors() const { return Host; }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;
  void BeginSourceFile(const clang::LangOptions &LO, const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void finish() override;

private:
  HostErrorFilter(clang::DiagnosticsEngine &Diags, clang::DiagnosticConsumer *Inner,
                  std::unique_ptr<clang::DiagnosticConsumer> OwnedInner);
  /// The host-only function the current diagnostic lies in, if any.
  std::optional<HostError> asHostError(clang::DiagnosticsEngine::Level Level,
                                       const clang::Diagnostic &Info) const;
  void replay();

  clang::DiagnosticsEngine &Diags;
  clang::DiagnosticConsumer *Inner;
  std::unique_ptr<clang::DiagnosticConsumer> OwnedInner;
  clang::Sema *TheSema = nullptr;
  std::vector<clang::StoredDiagnostic> Held;
  std::vector<HostError> Host;
  unsigned DeviceErrors = 0;
  bool Settled = false;
};

/// The same host errors (function and message, in order): the re-parse of
/// a fix must find exactly the original's. Locations may move with the edits.
bool sameHostErrors(const std::vector<HostError> &A, const std::vector<HostError> &B);

} // namespace lds

#endif
