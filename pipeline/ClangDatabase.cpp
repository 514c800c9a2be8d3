//===- ClangDatabase.cpp - A clang-ready copy of an nvcc compile database --===//

#include "pipeline/ClangDatabase.h"

#include "pipeline/NvccCommand.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lds {

static std::string realFolder(StringRef Dir) {
  SmallString<256> Real;
  if (sys::fs::real_path(Dir, Real))
    return Dir.str();
  return std::string(Real);
}

Expected<ClangDatabaseCopy> writeClangDatabase(const clang::tooling::CompilationDatabase &DB,
                                               StringRef SourceDir, StringRef Dir) {
  auto Fail = [](const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); };
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return Fail("--write-clang-database=" + Dir + ": " + EC.message());
  if (realFolder(Dir) == realFolder(SourceDir))
    return Fail("--write-clang-database=" + Dir +
                " is the folder of the database it copies; name another one");
  ClangDatabaseCopy Out;
  json::Array Entries;
  for (clang::tooling::CompileCommand Cmd : DB.getAllCompileCommands()) {
    if (isNvccCommand(Cmd.CommandLine)) {
      Cmd.CommandLine = nvccToClang(Cmd.CommandLine);
      Cmd.CommandLine.insert(Cmd.CommandLine.begin() + 1, "--cuda-device-only");
      ++Out.Translated;
    }
    json::Array Args;
    for (const std::string &A : Cmd.CommandLine)
      Args.push_back(A);
    json::Object E{{"directory", Cmd.Directory}, {"file", Cmd.Filename},
                   {"arguments", std::move(Args)}};
    if (!Cmd.Output.empty())
      E["output"] = Cmd.Output;
    Entries.push_back(std::move(E));
    ++Out.Entries;
  }
  if (!Out.Entries)
    return Fail("the database has no entry to copy");
  SmallString<256> Path(Dir);
  sys::path::append(Path, "compile_commands.json");
  Out.Path = std::string(Path);
  if (Error E = writeToOutput(Path, [&](raw_ostream &OS) {
        OS << formatv("{0:2}", json::Value(std::move(Entries))) << "\n";
        return Error::success();
      }))
    return Fail("cannot write " + Path + ": " + toString(std::move(E)));
  return Out;
}

} // namespace lds
