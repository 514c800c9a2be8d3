//===- IsaCompile.cpp - lds-rewrite isa: one file to AMD assembly ---------===//

#include "pipeline/IsaCompile.h"

#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/IsaSass.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <optional>

using namespace llvm;

namespace lds {

std::string readFileOrEmpty(StringRef Path) {
  if (auto Buf = MemoryBuffer::getFile(Path))
    return (*Buf)->getBuffer().str();
  return std::string();
}

namespace {

/// The device compile of V for T as a command line (clang first).
std::vector<std::string> asmCommand(const IsaInput &V, const std::string &T, const IsaRequest &O,
                                    StringRef AsmPath) {
  std::vector<std::string> Args = O.CompilerArgs;
  Args.insert(Args.end(), V.ExtraArgs.begin(), V.ExtraArgs.end());
  clang::tooling::CompileCommand Cmd = isaCompileCommand(V.Input, Args);
  DeviceParse Parse = deviceCommand(Cmd, SourceLanguage::HIP, {T}, O.Config);
  std::vector<std::string> Out;
  for (const std::string &A : Parse.CommandLine) {
    if (A == "-fsyntax-only") {
      if (!hasOptLevel(O.CompilerArgs))
        Out.push_back("-O3");
      for (const char *X : {"-S", "-gline-tables-only", "-o"})
        Out.push_back(X);
      Out.push_back(AsmPath.str());
      continue;
    }
    Out.push_back(A);
  }
  return Out;
}

} // namespace

clang::tooling::CompileCommand isaCompileCommand(const std::string &File,
                                                 const std::vector<std::string> &Args) {
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  clang::tooling::CompileCommand Cmd;
  Cmd.Directory = std::string(Cwd);
  Cmd.Filename = File;
  Cmd.CommandLine.push_back("clang");
  Cmd.CommandLine.insert(Cmd.CommandLine.end(), Args.begin(), Args.end());
  Cmd.CommandLine.push_back(File);
  return Cmd;
}

bool hasOptLevel(const std::vector<std::string> &Args) {
  for (const std::string &A : Args)
    if (StringRef(A).starts_with("-O"))
      return true;
  return false;
}

void compileInput(IsaInput &V, const IsaRequest &O) {
  for (const std::string &T : O.Targets) {
    if (!isAMDTarget(T)) {
      compileSass(V, O, T); // nvcc's cubin (IsaSass.h)
      continue;
    }
    SmallString<128> Asm, Log;
    if (!O.AsmDir.empty()) {
      sys::fs::create_directories(O.AsmDir);
      Asm = O.AsmDir;
      std::string Stem = sys::path::stem(V.Input).str();
      sys::path::append(Asm,
                        Stem + (V.Out.Role == "original" ? "" : "." + V.Out.Role) + "." + T + ".s");
    } else {
      sys::fs::createTemporaryFile("lds-rewrite-isa", "s", Asm);
    }
    sys::fs::createTemporaryFile("lds-rewrite-isa", "log", Log);
    std::vector<std::string> Args = asmCommand(V, T, O, Asm);
    std::vector<StringRef> Argv(Args.begin(), Args.end());
    std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Log), StringRef(Log)};
    std::string Err;
    int RC = sys::ExecuteAndWait(Args[0], Argv, std::nullopt, Redirects,
                                 /*SecondsToWait=*/600, 0, &Err);
    if (RC == 0) {
      V.Out.Asm[T] = amdasm::parse(readFileOrEmpty(Asm));
    } else {
      std::string Msg = readFileOrEmpty(Log) + Err;
      V.Errors[T] = Msg.empty() ? "the compiler failed" : Msg;
    }
    if (O.AsmDir.empty())
      sys::fs::remove(Asm);
    sys::fs::remove(Log);
  }
}

} // namespace lds
