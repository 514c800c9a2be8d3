//===- Recompile.cpp - Compile a file's device side, read its LDS size ----===//

#include "pipeline/Recompile.h"

#include "readers/AmdAsm.h"
#include "readers/Cubin.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

namespace lds {

using llvm::StringRef;

namespace {

/// The sm_XX the command compiles for, "" for an AMD one.
std::string nvidiaArch(const std::vector<std::string> &Args) {
  for (const std::string &A : Args)
    for (StringRef Flag : {"--cuda-gpu-arch=", "--offload-arch="})
      if (StringRef V = A; V.consume_front(Flag) && V.starts_with("sm_"))
        return V.str();
  return "";
}

/// The static SASS instructions of each entry in the cubin at Cubin (the
/// reader's count, without ptxas's padding), as AMD's are counted in the
/// assembly; nothing if the cubin cannot be read.
void readCubinInstructions(StringRef Cubin, CompileResult &R) {
  auto Buf = llvm::MemoryBuffer::getFile(Cubin);
  if (!Buf)
    return;
  auto File = cubin::read((*Buf)->getMemBufferRef());
  if (!File) {
    R.Log += "lds-rewrite: " + llvm::toString(File.takeError()) + "\n";
    return;
  }
  for (const cubin::Kernel &K : File->Kernels)
    if (K.Entry)
      R.Instructions[K.Symbol] = K.Instructions;
}

/// Registers per thread of each entry of the PTX at Ptx, as ptxas -v says
/// ("Compiling entry function 'SYM'" ... "Used N registers"), and the
/// instructions of the cubin ptxas writes; nothing when no ptxas is found
/// (on PATH, or CUDA's /usr/local/cuda/bin).
void readPtxas(StringRef Ptx, const std::string &Arch, CompileResult &R) {
  auto Ptxas = llvm::sys::findProgramByName("ptxas");
  if (!Ptxas)
    Ptxas = llvm::sys::findProgramByName("ptxas", {"/usr/local/cuda/bin"});
  if (!Ptxas)
    return;
  llvm::SmallString<128> Out, Cubin;
  llvm::sys::fs::createTemporaryFile("lds-rewrite-ptxas", "log", Out);
  llvm::sys::fs::createTemporaryFile("lds-rewrite-ptxas", "cubin", Cubin);
  std::string ArchFlag = "-arch=" + Arch;
  std::vector<StringRef> Argv = {*Ptxas, ArchFlag, "-v", Ptx, "-o", Cubin};
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out), StringRef(Out)};
  int RC = llvm::sys::ExecuteAndWait(*Ptxas, Argv, std::nullopt, Redirects, 120);
  if (auto Buf = llvm::MemoryBuffer::getFile(Out); Buf && RC == 0) {
    llvm::SmallVector<StringRef, 32> Lines;
    (*Buf)->getBuffer().split(Lines, '\n');
    std::string Entry;
    for (StringRef L : Lines) {
      if (size_t At = L.find("Compiling entry function '"); At != StringRef::npos) {
        Entry = L.drop_front(At + 26).take_until([](char C) { return C == '\''; }).str();
        continue;
      }
      if (size_t At = L.find("Used "); At != StringRef::npos && !Entry.empty()) {
        unsigned N = 0;
        if (!L.drop_front(At + 5).consumeInteger(10, N))
          R.Registers[Entry] = N;
      }
    }
    readCubinInstructions(Cubin, R);
  }
  llvm::sys::fs::remove(Out);
  llvm::sys::fs::remove(Cubin);
}

} // namespace

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
  if (std::string Arch = nvidiaArch(Args); R.Ok && !Arch.empty())
    readPtxas(Asm, Arch, R);
  llvm::sys::fs::remove(Asm);
  llvm::sys::fs::remove(Log);
  return R;
}

namespace {

/// The largest value of a per-kernel map, and the sum of them (0 if empty).
template <typename T> T largest(const std::map<std::string, T> &PerKernel) {
  T M = 0;
  for (const auto &[K, V] : PerKernel)
    M = std::max(M, V);
  return M;
}

unsigned sum(const std::map<std::string, unsigned> &PerKernel) {
  unsigned N = 0;
  for (const auto &[K, V] : PerKernel)
    N += V;
  return N;
}

} // namespace

unsigned long long maxLDS(const CompileResult &R) { return largest(R.LDSBytes); }
unsigned maxVGPRs(const CompileResult &R) { return largest(R.VGPRs); }
unsigned maxRegisters(const CompileResult &R) { return largest(R.Registers); }
unsigned totalInstructions(const CompileResult &R) { return sum(R.Instructions); }
unsigned totalCalls(const CompileResult &R) { return sum(R.Calls); }

std::optional<unsigned> registerWaves(const CompileResult &R, const std::string &Kernel,
                                      const TargetModel *T) {
  if (auto It = R.RegisterOccupancy.find(Kernel); It != R.RegisterOccupancy.end())
    return It->second;
  if (!T)
    return std::nullopt;
  unsigned W = 0;
  if (auto V = R.VGPRs.find(Kernel); V != R.VGPRs.end()) {
    auto A = R.AGPRs.find(Kernel);
    W = T->wavesForRegisters(V->second, A == R.AGPRs.end() ? 0 : A->second);
  } else if (auto N = R.Registers.find(Kernel); N != R.Registers.end()) {
    W = T->wavesForRegisters(N->second, 0); // NVIDIA: warps per SM
  }
  return W ? std::optional<unsigned>(W) : std::nullopt;
}

std::string kernelRegisters(const CompileResult &R, const std::string &Kernel) {
  auto V = R.VGPRs.find(Kernel), A = R.AGPRs.find(Kernel);
  std::string S = std::to_string(V == R.VGPRs.end() ? 0 : V->second);
  if (A != R.AGPRs.end() && A->second)
    S += " + " + std::to_string(A->second) + " AGPRs";
  return S;
}

CountedBuilds countedBuilds(const CompileResult &New,
                            llvm::function_ref<CompileResult()> BuildOld,
                            llvm::function_ref<CompileResult(bool Fixed)> Rebuild) {
  CountedBuilds C;
  if (!totalCalls(New)) {
    C.Old = BuildOld();
    C.OldFails = !C.Old.Ok;
    if (C.Old.Ok && !totalCalls(C.Old)) {
      C.Ok = true;
      C.New = New;
      return C;
    }
    if (C.OldFails)
      return C;
  }
  C.Old = Rebuild(false);
  C.New = Rebuild(true);
  C.OldFails = !C.Old.Ok;
  C.Note = ", counted with lds-rewrite's headers: the system's leave calls into device "
           "libraries that are not linked";
  C.Ok = C.Old.Ok && C.New.Ok && !totalCalls(C.Old) && !totalCalls(C.New);
  if (!C.Ok)
    C.Why = "the kernels call functions that are not linked, with the system's headers and "
            "with lds-rewrite's";
  return C;
}

} // namespace lds
