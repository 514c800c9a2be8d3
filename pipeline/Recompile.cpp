//===- Recompile.cpp - Compile a file's device side, read its LDS size ----===//

#include "pipeline/Recompile.h"

#include "readers/AmdAsm.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

namespace lds {

using llvm::StringRef;

CompileResult compileDeviceSide(const std::vector<std::string> &ParseCommand,
                                const std::string &OriginalFile, const std::string &Input,
                                const std::vector<std::string> &ExtraArgs) {
  CompileResult R;
  llvm::SmallString<128> Asm, Log;
  llvm::sys::fs::createTemporaryFile("lds-rewrite", "s", Asm);
  llvm::sys::fs::createTemporaryFile("lds-rewrite", "log", Log);
  std::vector<std::string> Args;
  bool Replaced = false;
  for (size_t I = 0; I < ParseCommand.size(); ++I) {
    const std::string &A = ParseCommand[I];
    if (A == "-fsyntax-only") {
      for (const char *X : {"-O3", "-S", "-o"})
        Args.push_back(X);
      Args.push_back(std::string(Asm));
      continue;
    }
    if (I + 1 == ParseCommand.size() && A == OriginalFile) {
      Args.push_back(Input);
      Replaced = true;
      continue;
    }
    Args.push_back(A);
  }
  if (!Replaced)
    Args.push_back(Input);
  Args.insert(Args.begin() + 1, ExtraArgs.begin(), ExtraArgs.end());
  // A launcher (ccache, a cache of the test suite) runs the compiler: the
  // command, split at spaces, goes in front, as CMake's launchers do.
  if (const char *Launcher = std::getenv("LDS_REWRITE_COMPILER_LAUNCHER")) {
    llvm::SmallVector<StringRef, 4> Words;
    StringRef(Launcher).split(Words, ' ', -1, /*KeepEmpty=*/false);
    if (!Words.empty()) {
      std::vector<std::string> Front(Words.begin(), Words.end());
      if (auto Path = llvm::sys::findProgramByName(Front[0]))
        Front[0] = *Path;
      Args.insert(Args.begin(), Front.begin(), Front.end());
    }
  }
  std::vector<StringRef> Argv(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Log), StringRef(Log)};
  std::string Err;
  int RC = llvm::sys::ExecuteAndWait(Args[0], Argv, std::nullopt, Redirects,
                                     /*SecondsToWait=*/600, 0, &Err);
  if (auto Buf = llvm::MemoryBuffer::getFile(Log))
    R.Log = (*Buf)->getBuffer().str();
  if (!Err.empty())
    R.Log += Err;
  R.Ok = RC == 0;
  // isa's reader, so that both report the same LDS size for a kernel.
  if (R.Ok)
    if (auto Buf = llvm::MemoryBuffer::getFile(Asm)) {
      amdasm::AsmFile File = amdasm::parse((*Buf)->getBuffer());
      for (const amdasm::Function *K : File.kernels()) {
        if (K->LDSBytes)
          R.LDSBytes[K->Symbol] = *K->LDSBytes;
        if (K->VGPRs)
          R.VGPRs[K->Symbol] = *K->VGPRs;
        if (K->AGPRs)
          R.AGPRs[K->Symbol] = *K->AGPRs;
        if (K->Occupancy)
          R.Occupancy[K->Symbol] = *K->Occupancy;
        if (K->RegisterOccupancy)
          R.RegisterOccupancy[K->Symbol] = *K->RegisterOccupancy;
        R.Calls[K->Symbol] = K->Calls;
        R.Instructions[K->Symbol] = K->Instructions;
      }
    }
  llvm::sys::fs::remove(Asm);
  llvm::sys::fs::remove(Log);
  return R;
}

unsigned long long maxLDS(const CompileResult &R) {
  unsigned long long M = 0;
  for (const auto &[K, V] : R.LDSBytes)
    M = std::max(M, V);
  return M;
}

unsigned maxVGPRs(const CompileResult &R) {
  unsigned M = 0;
  for (const auto &[K, V] : R.VGPRs)
    M = std::max(M, V);
  return M;
}

unsigned totalInstructions(const CompileResult &R) {
  unsigned N = 0;
  for (const auto &[K, V] : R.Instructions)
    N += V;
  return N;
}

unsigned totalCalls(const CompileResult &R) {
  unsigned N = 0;
  for (const auto &[K, V] : R.Calls)
    N += V;
  return N;
}

std::optional<unsigned> registerWaves(const CompileResult &R, const std::string &Kernel,
                                      const TargetModel *T) {
  if (auto It = R.RegisterOccupancy.find(Kernel); It != R.RegisterOccupancy.end())
    return It->second;
  auto V = R.VGPRs.find(Kernel);
  if (!T || V == R.VGPRs.end())
    return std::nullopt;
  auto A = R.AGPRs.find(Kernel);
  if (unsigned W = T->wavesForRegisters(V->second, A == R.AGPRs.end() ? 0 : A->second))
    return W;
  return std::nullopt;
}

std::string kernelRegisters(const CompileResult &R, const std::string &Kernel) {
  auto V = R.VGPRs.find(Kernel), A = R.AGPRs.find(Kernel);
  std::string S = std::to_string(V == R.VGPRs.end() ? 0 : V->second);
  if (A != R.AGPRs.end() && A->second)
    S += " + " + std::to_string(A->second) + " AGPRs";
  return S;
}

CountedBuilds countedBuilds(const CompileResult &Old, const CompileResult &New,
                            llvm::function_ref<CompileResult(bool Fixed)> Rebuild) {
  CountedBuilds C;
  if (!totalCalls(Old) && !totalCalls(New)) {
    C.Ok = true;
    C.Old = Old;
    C.New = New;
    return C;
  }
  C.Old = Rebuild(false);
  C.New = Rebuild(true);
  C.Note = ", counted with lds-rewrite's headers: the system's leave calls into device "
           "libraries that are not linked";
  C.Ok = C.Old.Ok && C.New.Ok && !totalCalls(C.Old) && !totalCalls(C.New);
  if (!C.Ok)
    C.Why = "the kernels call functions that are not linked, with the system's headers and "
            "with lds-rewrite's";
  return C;
}

} // namespace lds
