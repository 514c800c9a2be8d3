//===- CommandArches.cpp - The offload arches of clang-tidy's compile command =//

#include "tidy/CommandArches.h"

#include "pipeline/DeviceCompileArgs.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <mutex>

using namespace llvm;
using clang::tooling::CompilationDatabase;

namespace lds {

std::vector<std::string> processArgv() {
  std::vector<std::string> Argv;
  auto Text = MemoryBuffer::getFileAsStream("/proc/self/cmdline");
  if (!Text)
    return Argv;
  SmallVector<StringRef, 32> Parts;
  (*Text)->getBuffer().split(Parts, '\0', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts)
    Argv.push_back(P.str());
  return Argv;
}

static std::vector<std::string> findCommandArches(const std::vector<std::string> &ToolArgv,
                                                  const std::string &MainFile) {
  std::string BuildPath;
  for (size_t I = 1; I < ToolArgv.size(); ++I) {
    StringRef A = ToolArgv[I];
    if (A == "--")
      return archesIn(std::vector<std::string>(ToolArgv.begin() + I + 1, ToolArgv.end()));
    if ((A == "-p" || A == "--p") && I + 1 < ToolArgv.size())
      BuildPath = ToolArgv[I + 1];
    else if (A.consume_front("-p=") || A.consume_front("--p="))
      BuildPath = A.str();
  }
  std::string Err;
  std::unique_ptr<CompilationDatabase> DB =
      BuildPath.empty() ? CompilationDatabase::autoDetectFromSource(MainFile, Err)
                        : CompilationDatabase::autoDetectFromDirectory(BuildPath, Err);
  if (!DB)
    return {};
  std::vector<clang::tooling::CompileCommand> Cmds = DB->getCompileCommands(MainFile);
  return Cmds.empty() ? std::vector<std::string>() : archesIn(Cmds.front().CommandLine);
}

// Every lds-* check asks for each translation unit: the database is read
// once per file, not once per check.
std::vector<std::string> commandArches(const std::vector<std::string> &ToolArgv,
                                       const std::string &MainFile) {
  static std::mutex Lock;
  static std::map<std::string, std::vector<std::string>> Known;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Known.find(MainFile);
  if (It == Known.end())
    It = Known.emplace(MainFile, findCommandArches(ToolArgv, MainFile)).first;
  return It->second;
}

} // namespace lds
