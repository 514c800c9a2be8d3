//===- HostErrors.cpp - Errors of host-only code do not stop the analysis -===//

#include "pipeline/HostErrors.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace lds {

HostErrorFilter &HostErrorFilter::install(CompilerInstance &CI) {
  DiagnosticsEngine &D = CI.getDiagnostics();
  std::unique_ptr<DiagnosticConsumer> Owned = D.takeClient();
  auto *F = new HostErrorFilter(D, D.getClient(), std::move(Owned));
  D.setClient(F, /*ShouldOwnClient=*/true);
  return *F;
}

HostErrorFilter::HostErrorFilter(DiagnosticsEngine &Diags, DiagnosticConsumer *Inner,
                                 std::unique_ptr<DiagnosticConsumer> OwnedInner)
    : Diags(Diags), Inner(Inner), OwnedInner(std::move(OwnedInner)) {}

/// Sema's own diagnostics; lexer and parser errors are never host-only.
static bool isSemaDiagnostic(unsigned ID) {
  return ID >= diag::DIAG_START_SEMA && ID < diag::DIAG_START_ANALYSIS;
}

static bool isHostOnly(const FunctionDecl *FD) {
  // Implicit attributes count: constexpr functions and unattributed lambdas
  // are __host__ __device__, and a kernel may call them.
  return !FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAGlobalAttr>();
}

std::optional<HostError> HostErrorFilter::asHostError(DiagnosticsEngine::Level Level,
                                                      const Diagnostic &Info) const {
  if (!TheSema || Level != DiagnosticsEngine::Error || !isSemaDiagnostic(Info.getID()) ||
      !Info.hasSourceManager() || Info.getLocation().isInvalid())
    return std::nullopt;
  // Sema's current context: the function whose body (or instantiation) is
  // being analysed, or a lambda, block or local class within one.
  const FunctionDecl *Outer = nullptr;
  for (const DeclContext *DC = TheSema->CurContext; DC && !DC->isFileContext();
       DC = DC->getParent())
    if (const auto *FD = dyn_cast<FunctionDecl>(DC)) {
      if (!isHostOnly(FD))
        return std::nullopt;
      Outer = FD;
    }
  if (!Outer)
    return std::nullopt;
  HostError E;
  const SourceManager &SM = Info.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Info.getLocation()));
  if (P.isValid()) {
    E.File = P.getFilename();
    E.Line = P.getLine();
    E.Column = P.getColumn();
  }
  llvm::SmallString<128> Message;
  Info.FormatDiagnostic(Message);
  E.Message = std::string(Message);
  llvm::raw_string_ostream OS(E.Function);
  Outer->getNameForDiagnostic(OS, TheSema->getASTContext().getPrintingPolicy(),
                              /*Qualified=*/true);
  return E;
}

void HostErrorFilter::HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  if (Settled) {
    DiagnosticConsumer::HandleDiagnostic(Level, Info); // counts it
    Inner->HandleDiagnostic(Level, Info);
    return;
  }
  Held.emplace_back(Level, Info);
  if (Level < DiagnosticsEngine::Error)
    return; // a note goes with the error before it
  if (std::optional<HostError> E = asHostError(Level, Info))
    Host.push_back(std::move(*E));
  else
    ++DeviceErrors;
}

void HostErrorFilter::replay() {
  Settled = true;
  std::vector<StoredDiagnostic> All;
  std::swap(All, Held);
  for (const StoredDiagnostic &D : All)
    Diags.Report(D);
}

bool HostErrorFilter::settle() {
  if (Settled)
    return DeviceErrors == 0;
  if (DeviceErrors) {
    replay();
    return false;
  }
  // Host-only errors (lds-rewrite names the first) go, with their notes;
  // with -w nothing else is held, but whatever is goes on.
  std::vector<StoredDiagnostic> Rest;
  bool InDroppedError = false;
  for (StoredDiagnostic &D : Held) {
    if (D.getLevel() != DiagnosticsEngine::Note)
      InDroppedError = D.getLevel() >= DiagnosticsEngine::Error;
    if (!InDroppedError)
      Rest.push_back(std::move(D));
  }
  Held = std::move(Rest);
  replay();
  return true;
}

void HostErrorFilter::BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) {
  Inner->BeginSourceFile(LO, PP);
}

void HostErrorFilter::EndSourceFile() {
  // A parse that never reached the end of the translation unit: everything
  // is printed, and the file fails.
  if (!Settled) {
    if (!Host.empty())
      DeviceErrors += Host.size();
    Host.clear();
    replay();
  }
  Inner->EndSourceFile();
}

void HostErrorFilter::finish() { Inner->finish(); }

bool sameHostErrors(const std::vector<HostError> &A, const std::vector<HostError> &B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (A[I].Function != B[I].Function || A[I].Message != B[I].Message)
      return false;
  return true;
}

} // namespace lds
